import { ApiError, createPasswordlessFlow, SCREEN } from '@latchkey/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { APP_ID } from '../../test/fakeClient.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import SmsLoginMethod from './Button.tsx';

function setup(defaultCountry?: string, sendSmsCode = vi.fn(async () => {})) {
  const config = resolveConfig(
    APP_ID,
    { loginMethods: ['sms'], ...(defaultCountry ? { intl: { defaultCountry } } : {}) },
    { name: 'Acme' },
  );
  const passwordless = createPasswordlessFlow({
    sendEmailCode: vi.fn(async () => {}),
    loginWithEmailCode: vi.fn(),
    sendSmsCode,
    loginWithSmsCode: vi.fn(),
  });
  const rendered = renderScreen(<SmsLoginMethod />, {
    config,
    messages: config.messages,
    passwordless,
  });
  const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
  const input = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
  const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
  return { ...rendered, country, input, submit, sendSmsCode, passwordless };
}

const type = (input: HTMLInputElement, value: string) =>
  act(() => fireEvent.change(input, { target: { value } }));

describe('SmsLoginMethod', () => {
  it("defaults to US with 'Country name (+code)' options and a US placeholder", () => {
    const { country, input } = setup();
    expect(country.value).toBe('US');
    const options = [...country.options].map((o) => o.textContent);
    expect(options).toContain('United States (+1)');
    expect(options).toContain('United Kingdom (+44)');
    expect(options).toContain('Japan (+81)');
    expect(options.length).toBeGreaterThan(200);
    expect(input.placeholder).toBe('(201) 555-0123');
    expect(screen.getByText('US +1')).toBeTruthy();
  });

  it('starts at config.intl.defaultCountry with that country’s placeholder', () => {
    const { country, input } = setup('GB');
    expect(country.value).toBe('GB');
    expect(input.placeholder).toBe('07400 123456');
  });

  it('keeps Submit disabled while the number is invalid for the country', () => {
    const { input, submit } = setup();
    expect(submit.disabled).toBe(true);
    type(input, '415 555');
    expect(submit.disabled).toBe(true);
    type(input, '(415) 555-2671');
    expect(submit.disabled).toBe(false);
    type(input, '+44 7400 123456');
    expect(submit.disabled).toBe(true);
  });

  it('formats the number as it is typed (AsYouType) and keeps the caret after the digit', () => {
    const { input, submit } = setup();
    input.focus();
    const press = (key: string) => {
      const at = input.selectionStart ?? input.value.length;
      const value = input.value.slice(0, at) + key + input.value.slice(at);
      act(() => {
        input.setSelectionRange(at, at);
        fireEvent.change(input, { target: { value, selectionStart: at + 1 } });
      });
    };
    for (const key of '415555267') press(key);
    expect(input.value).toBe('(415) 555-267');
    expect(submit.disabled).toBe(true);
    press('1');
    expect(input.value).toBe('(415) 555-2671');
    expect(submit.disabled).toBe(false);
    expect(input.selectionStart).toBe(14);
  });

  it('changing the country clears the input and re-validates', () => {
    const { country, input, submit } = setup();
    type(input, '4155552671');
    expect(submit.disabled).toBe(false);
    act(() => fireEvent.change(country, { target: { value: 'GB' } }));
    expect(input.value).toBe('');
    expect(submit.disabled).toBe(true);
    expect(input.placeholder).toBe('07400 123456');
    type(input, '07400 123456');
    expect(submit.disabled).toBe(false);
  });

  it('sends the qualified number over SMS and opens the code screen', async () => {
    const { input, submit, sendSmsCode, value, passwordless } = setup();
    type(input, '(415) 555-2671');
    act(() => fireEvent.click(submit));
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_PASSWORDLESS_CODE, {
        displayDestination: '+1 415 555 2671',
      }),
    );
    expect(sendSmsCode).toHaveBeenCalledWith({ phoneNumber: '+1 4155552671' });
    expect(passwordless.getState()).toMatchObject({ channel: 'sms', step: 'awaiting-code' });
  });

  it('a region the provider refuses goes to the error screen, back to LANDING', async () => {
    const refused = new ApiError({
      code: 'not_supported',
      status: 400,
      message: 'SMS authentication from this region is not available',
    });
    const { input, submit, value } = setup(
      'CN',
      vi.fn(async () => Promise.reject(refused)),
    );
    type(input, '138 0013 8000');
    expect(submit.disabled).toBe(false);
    act(() => fireEvent.click(submit));
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(SCREEN.ERROR_SCREEN, {
        error: refused,
        returnTo: SCREEN.LANDING,
      }),
    );
    expect(value.fail).toHaveBeenCalledWith(expect.objectContaining({ code: 'not_supported' }));
  });
});
