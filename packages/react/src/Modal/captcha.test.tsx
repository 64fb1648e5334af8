import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeCaptcha } from '../test/fakeCaptcha.ts';
import { waitForScreen } from '../test/modal.ts';
import { openModal } from '../test/openModal.ts';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeCaptcha> }));
const created = vi.hoisted(() => [] as unknown[]);
vi.mock('@latchkey/core/captcha', () => ({
  createCaptcha: (parameters: unknown) => {
    created.push(parameters);
    return fake.current!.captcha;
  },
}));

afterEach(() => {
  created.length = 0;
});

const CAPTCHA_APP = { captcha_enabled: true, captcha_site_key: 't:site-key' };

describe('the modal captcha (spec sections 2 and 4)', () => {
  it('one captcha per open modal, mounted in the hidden host; Landing starts a run', async () => {
    fake.current = createFakeCaptcha();
    const { el } = await openModal({ client: { appConfig: CAPTCHA_APP } });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ enabled: true, siteKey: 't:site-key' });
    await waitFor(() => expect(fake.current!.captcha.mount).toHaveBeenCalledTimes(1));
    const host = vi.mocked(fake.current.captcha.mount).mock.calls[0]![0];
    expect(host).toBe(el.querySelector('.lk-captcha-host'));
    expect(host?.hidden).toBe(true);
    await waitFor(() => expect(fake.current!.captcha.execute).toHaveBeenCalled());
  });

  it('an email submit with a token ready sends it with the code request at once', async () => {
    fake.current = createFakeCaptcha();
    const { email, client } = await openModal({ client: { appConfig: CAPTCHA_APP } });
    await waitFor(() => expect(fake.current!.captcha.execute).toHaveBeenCalled());
    fake.current.pass('tok-ready');
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(email.form!);
    await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    expect(client.sendEmailCode).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'alice@example.com', captchaToken: 'tok-ready' }),
    );
  });

  it('without a token the submit waits on CAPTCHA_SCREEN, then sends with the token', async () => {
    fake.current = createFakeCaptcha();
    const { email, client } = await openModal({ client: { appConfig: CAPTCHA_APP } });
    await waitFor(() => expect(fake.current!.captcha.execute).toHaveBeenCalled());
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(email.form!);
    await waitForScreen('CAPTCHA_SCREEN');
    expect(client.sendEmailCode).not.toHaveBeenCalled();
    fake.current.pass('tok-late');
    await waitFor(() => expect(client.sendEmailCode).toHaveBeenCalled(), { timeout: 3000 });
    expect(client.sendEmailCode).toHaveBeenCalledWith(
      expect.objectContaining({ captchaToken: 'tok-late' }),
    );
    await waitForScreen('AWAITING_PASSWORDLESS_CODE');
  });

  it('no captcha for apps without one: the code is sent without a token', async () => {
    fake.current = createFakeCaptcha();
    const { email, client } = await openModal();
    fireEvent.change(email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(email.form!);
    await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    expect(created).toHaveLength(0);
    expect(client.sendEmailCode).toHaveBeenCalledWith({ email: 'alice@example.com' });
  });

  it('OAuth with a ready token starts in the click itself, with the token', async () => {
    fake.current = createFakeCaptcha();
    const view = await openModal({ client: { appConfig: { ...CAPTCHA_APP, google_oauth: true } } });
    const client = view.client as typeof view.client & Record<string, unknown>;
    const initOAuth = vi.fn(() => new Promise<null>(() => {}));
    client.initOAuth = initOAuth;
    await waitFor(() => expect(fake.current!.captcha.execute).toHaveBeenCalled());
    fake.current.pass('tok-oauth');
    await waitFor(() => expect(view.el.querySelector('[data-method="google"]')).toBeTruthy());
    fireEvent.click(view.el.querySelector('[data-method="google"]')!);
    // Synchronously, inside the click (a popup must open in the user's gesture).
    expect(initOAuth).toHaveBeenCalledWith('google', { captchaToken: 'tok-oauth' });
    await waitForScreen('AWAITING_OAUTH_SCREEN');
  });

  it("OAuth without a token: CAPTCHA_SCREEN, then 'Continue' starts it in that click", async () => {
    fake.current = createFakeCaptcha();
    const view = await openModal({ client: { appConfig: { ...CAPTCHA_APP, google_oauth: true } } });
    const client = view.client as typeof view.client & Record<string, unknown>;
    const initOAuth = vi.fn(() => new Promise<null>(() => {}));
    client.initOAuth = initOAuth;
    await waitFor(() => expect(view.el.querySelector('[data-method="google"]')).toBeTruthy());
    fireEvent.click(view.el.querySelector('[data-method="google"]')!);
    const captchaScreen = await waitForScreen('CAPTCHA_SCREEN');
    expect(initOAuth).not.toHaveBeenCalled();
    fake.current.pass('tok-later');
    const button = await captchaScreen.q.findByRole(
      'button',
      { name: 'Continue' },
      { timeout: 3000 },
    );
    expect(initOAuth).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(initOAuth).toHaveBeenCalledWith('google', { captchaToken: 'tok-later' });
    await waitForScreen('AWAITING_OAUTH_SCREEN');
  });
});
