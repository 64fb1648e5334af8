import { LatchkeyError } from '@latchkey/core';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { createFakeCaptcha } from '../../test/fakeCaptcha.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import ErrorScreen from './ErrorScreen.tsx';

describe('ERROR_SCREEN', () => {
  it('shows title, detail and a CTA that returns to the remembered screen', () => {
    const { container, value } = renderScreen(<ErrorScreen />, {
      screen: 'ERROR_SCREEN',
      params: {
        error: new LatchkeyError('Linked', { code: 'linked_to_another_user' }),
        returnTo: 'AWAITING_PASSWORDLESS_CODE',
      },
    });
    expect(container.querySelector('.lk-header__title')?.textContent).toBe('Authentication failed');
    expect(container.querySelector('.lk-header__message')?.textContent).toBe(
      'This account has already been linked to another user.',
    );
    fireEvent.click(container.querySelector('button')!);
    expect(value.navigate).toHaveBeenCalledWith('AWAITING_PASSWORDLESS_CODE');
  });

  it('renders a CTA with an href (allowlist link) as a link', () => {
    const config = resolveConfig('latchkeytest0000000000000', undefined, {
      name: 'Acme',
      allowlist_config: {
        error_title: 'Invite only',
        error_detail: 'Ask for an invite.',
        cta_text: 'Join the waitlist',
        cta_link: 'https://acme.test/waitlist',
      },
    });
    const { container } = renderScreen(<ErrorScreen />, {
      config,
      messages: config.messages,
      params: { error: new LatchkeyError('No', { code: 'allowlist_rejected' }) },
    });
    expect(container.querySelector('.lk-header__title')?.textContent).toBe('Invite only');
    const link = container.querySelector('a.lk-button')!;
    expect(link.textContent).toBe('Join the waitlist');
    expect(link.getAttribute('href')).toBe('https://acme.test/waitlist');
  });

  const texts = (container: HTMLElement) => ({
    title: container.querySelector('.lk-header__title')?.textContent,
    detail: container.querySelector('.lk-header__message')?.textContent,
    cta: container.querySelector('.lk-button')?.textContent,
  });

  it("ALLOWLIST_REJECTION_SCREEN defaults; 'Try another account' goes back to LANDING", () => {
    const { container, value } = renderScreen(<ErrorScreen />, {
      screen: 'ALLOWLIST_REJECTION_SCREEN',
      params: {
        error: new LatchkeyError('No', { code: 'allowlist_rejected' }),
        returnTo: 'LANDING',
      },
    });
    expect(texts(container)).toEqual({
      title: "You don't have access to this app",
      detail: 'Have you been invited?',
      cta: 'Try another account',
    });
    expect(container.querySelector('a')).toBeNull();
    fireEvent.click(container.querySelector('button')!);
    expect(value.navigate).toHaveBeenCalledWith('LANDING');
  });

  it('USER_LIMIT_REACHED_SCREEN and ACCOUNT_NOT_FOUND_SCREEN texts (spec section 8)', () => {
    const limit = renderScreen(<ErrorScreen />, {
      screen: 'USER_LIMIT_REACHED_SCREEN',
      params: { error: new LatchkeyError('Full', { code: 'max_accounts_reached' }) },
    });
    expect(texts(limit.container).title).toBe('Unable to sign in');
    expect(texts(limit.container).detail).toBe(
      'This application has reached its user limit and cannot sign in new users.',
    );
    limit.unmount();
    const missing = renderScreen(<ErrorScreen />, {
      screen: 'ACCOUNT_NOT_FOUND_SCREEN',
      params: { error: new LatchkeyError('Missing', { code: 'user_does_not_exist' }) },
    });
    expect(texts(missing.container).title).toBe('Account not found');
    expect(texts(missing.container).detail).toBe(
      'Please try logging in again or go to Acme to create an account.',
    );
  });

  it("invalid_captcha: 'Please try again.' and the button resets the captcha", () => {
    const fake = createFakeCaptcha();
    fake.pass('used');
    const { container, value } = renderScreen(<ErrorScreen />, {
      captcha: fake.captcha,
      params: { error: new LatchkeyError('Bad', { code: 'invalid_captcha' }), returnTo: 'LANDING' },
    });
    expect(texts(container).detail).toBe('Please try again.');
    fireEvent.click(container.querySelector('button')!);
    expect(fake.captcha.reset).toHaveBeenCalledTimes(1);
    expect(value.navigate).toHaveBeenCalledWith('LANDING');
  });

  it('other errors do not touch the captcha', () => {
    const fake = createFakeCaptcha();
    const { container } = renderScreen(<ErrorScreen />, {
      captcha: fake.captcha,
      params: { error: new LatchkeyError('Linked', { code: 'linked_to_another_user' }) },
    });
    fireEvent.click(container.querySelector('button')!);
    expect(fake.captcha.reset).not.toHaveBeenCalled();
  });
});
