// @vitest-environment happy-dom
import { FRAME_EVENTS } from '@latchkey/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustodyError, InvalidRecoveryPasswordError } from '../custody/errors.ts';
import { openDeviceShareStore } from './device-store.ts';
import { startPasswordPage } from './password-page.ts';
import { mountPasswordView, PASSWORD_TEXTS } from './password-view.ts';
import { API_URL, APP_ID, memoryStorage, token } from './test/fakes.ts';
import { byTestId, flush, pageState, submitForm, typeInto } from './test/page-dom.ts';

const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');
const ADDRESS = '0x1111111111111111111111111111111111111111';
const SECRET = 'Sunshine-77!';

const $ = byTestId;
const type = typeInto;
const submit = submitForm;

function page(handlers: Record<string, ReturnType<typeof vi.fn>>, download = vi.fn()) {
  const store = openDeviceShareStore(APP_ID, () => memoryStorage());
  const handle = startPasswordPage(
    document,
    window,
    { appId: APP_ID, apiUrl: API_URL, store },
    { handlers, download, appName: 'My App', theme: { colorScheme: 'dark' } },
  );
  return { handle, download };
}

const state = pageState;

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});

describe('password page: create, set, change (issue 24 item 4)', () => {
  it('walks the four steps and creates the wallet only on a trusted submit; the answer has no password', async () => {
    const create = vi.fn(async () => ({ address: ADDRESS, deviceStorage: 'local' }));
    const { handle, download } = page({ [FRAME_EVENTS.walletCreate]: create });
    const answer = Promise.resolve(handle({ accessToken: T, action: 'create' }, ORIGIN));
    await flush();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(state()).toBe('creating');
    expect($('password-continue')!.hasAttribute('disabled')).toBe(true);
    type('password-input', 'abc');
    expect($('password-input-message')!.textContent).toBe('Password must be at least 6 characters');
    type('password-input', 'abc def');
    expect($('password-input-message')!.textContent).toBe('Invalid characters used (   )');
    type('password-input', SECRET);
    expect($('password-input-message')!.textContent).toBe('');
    expect($('password-strength')!.textContent).toMatch(/^Strength: (Weak|Medium|Strong)$/);
    submit(false);
    expect(state()).toBe('saving');
    expect($('password-saved')!.textContent).toBe(SECRET);
    $('password-download')!.click();
    expect(download).toHaveBeenCalledWith('my-app-latchkey-wallet-recovery.txt', SECRET);
    submit(false);
    expect(state()).toBe('confirming');
    type('password-confirm', 'Sunshine-78!');
    expect($('password-confirm-message')!.textContent).toBe('Passwords do not match');
    expect($('password-continue')!.hasAttribute('disabled')).toBe(true);
    type('password-confirm', SECRET);
    submit(false);
    expect(state()).toBe('finalizing');
    expect(document.body.textContent).toContain(PASSWORD_TEXTS.acknowledgement);
    expect($('password-submit')!.hasAttribute('disabled')).toBe(true);
    const box = $<HTMLInputElement>('password-ack')!;
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    // A script's submit (not trusted) does nothing.
    submit(false);
    await flush();
    expect(create).not.toHaveBeenCalled();
    expect(state()).toBe('finalizing');
    submit(true);
    await expect(answer).resolves.toEqual({
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    });
    expect(create).toHaveBeenCalledWith(
      { accessToken: T, recoveryMethod: 'user-passcode', password: SECRET },
      ORIGIN,
    );
    expect(state()).toBe('done');
    expect(JSON.stringify(await answer)).not.toContain(SECRET);
    // The page forgets the password once done.
    expect(document.body.innerHTML).not.toContain(SECRET);
    // One request per page.
    await expect(
      Promise.resolve(handle({ accessToken: T, action: 'create' }, ORIGIN)),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
  });

  it('Back reverses; a new password clears the confirmation', async () => {
    const { handle } = page({});
    void handle({ accessToken: T, action: 'set', address: ADDRESS }, ORIGIN);
    await flush();
    type('password-input', SECRET);
    submit(false);
    submit(false);
    type('password-confirm', SECRET);
    $('password-back')!.click();
    expect(state()).toBe('saving');
    $('password-back')!.click();
    expect(state()).toBe('creating');
    expect($('password-back')!.hidden).toBe(true);
    type('password-input', 'Other-pass1');
    submit(false);
    submit(false);
    expect(state()).toBe('confirming');
    expect($<HTMLInputElement>('password-confirm')!.value).toBe('');
  });

  it('set and change reshare with user-passcode; a failure ends the request with the error', async () => {
    for (const action of ['set', 'change'] as const) {
      const setRecovery = vi.fn(async () => ({
        address: ADDRESS,
        recoveryMethod: 'user-passcode',
      }));
      const { handle } = page({ [FRAME_EVENTS.walletSetRecovery]: setRecovery });
      const answer = Promise.resolve(handle({ accessToken: T, action, address: ADDRESS }, ORIGIN));
      await flush();
      type('password-input', SECRET);
      submit(false);
      submit(false);
      type('password-confirm', SECRET);
      submit(false);
      const box = $<HTMLInputElement>('password-ack')!;
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      submit(true);
      await expect(answer).resolves.toEqual({ address: ADDRESS, recoveryMethod: 'user-passcode' });
      expect(setRecovery).toHaveBeenCalledWith(
        { accessToken: T, address: ADDRESS, recoveryMethod: 'user-passcode', password: SECRET },
        ORIGIN,
      );
      document.body.replaceChildren();
    }
    const failing = vi.fn(async () => {
      throw new CustodyError('session_not_bound', 'unbound');
    });
    const { handle } = page({ [FRAME_EVENTS.walletSetRecovery]: failing });
    const answer = Promise.resolve(
      handle({ accessToken: T, action: 'change', address: ADDRESS }, ORIGIN),
    );
    await flush();
    type('password-input', SECRET);
    submit(false);
    submit(false);
    type('password-confirm', SECRET);
    submit(false);
    const box = $<HTMLInputElement>('password-ack')!;
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    submit(true);
    await expect(answer).rejects.toMatchObject({ type: 'session_not_bound' });
    expect(state()).toBe('failed');
    expect($('password-failure')!.textContent).toBe(PASSWORD_TEXTS.failed);
  });

  it('refuses a request that carries a password, or a bad action or address', async () => {
    const { handle } = page({});
    await expect(
      Promise.resolve(handle({ accessToken: T, action: 'create', password: 'x' }, ORIGIN)),
    ).rejects.toMatchObject({ type: 'user_gesture_required' });
    await expect(
      Promise.resolve(handle({ accessToken: T, action: 'steal' }, ORIGIN)),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
    await expect(
      Promise.resolve(handle({ accessToken: T, action: 'recover' }, ORIGIN)),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
    expect(state()).toBe('waiting');
  });
});

describe('password page: recover', () => {
  it('retries after a wrong password, recovers on a trusted submit, ignores synthetic ones', async () => {
    const recover = vi
      .fn()
      .mockRejectedValueOnce(new InvalidRecoveryPasswordError())
      .mockResolvedValueOnce({ address: ADDRESS, deviceStorage: 'local' });
    const { handle } = page({ [FRAME_EVENTS.walletRecover]: recover });
    const answer = Promise.resolve(
      handle({ accessToken: T, action: 'recover', address: ADDRESS }, ORIGIN),
    );
    await flush();
    expect(state()).toBe('recovering');
    expect($('password-submit')!.textContent).toBe('Recover wallet');
    type('password-input', 'wrong-1');
    submit(false);
    await flush();
    expect(recover).not.toHaveBeenCalled();
    submit(true);
    await flush();
    expect(state()).toBe('invalid');
    expect($('password-input-message')!.textContent).toBe(
      'Invalid recovery password, please try again.',
    );
    expect($<HTMLInputElement>('password-input')!.value).toBe('');
    type('password-input', SECRET);
    expect($('password-input-message')!.textContent).toBe('');
    submit(true);
    await expect(answer).resolves.toEqual({
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    });
    expect(recover).toHaveBeenLastCalledWith(
      { accessToken: T, address: ADDRESS, password: SECRET },
      ORIGIN,
    );
    expect(state()).toBe('done');
  });

  it('shows the attempts-exceeded state with the retry time and ends the request', async () => {
    const error = Object.assign(
      new CustodyError('recovery_attempts_exceeded', 'Too many attempts'),
      { retryAt: Date.UTC(2030, 0, 1, 14, 5) },
    );
    const recover = vi.fn().mockRejectedValue(error);
    const { handle } = page({ [FRAME_EVENTS.walletRecover]: recover });
    const answer = Promise.resolve(
      handle({ accessToken: T, action: 'recover', address: ADDRESS }, ORIGIN),
    );
    await flush();
    type('password-input', SECRET);
    submit(true);
    await expect(answer).rejects.toBe(error);
    expect(state()).toBe('locked');
    const text = $('password-failure')!.textContent!;
    expect(text).toContain(PASSWORD_TEXTS.attemptsExceeded);
    expect(text).toContain(
      new Date(Date.UTC(2030, 0, 1, 14, 5)).toLocaleTimeString(undefined, {
        hour: '2-digit',
        minute: '2-digit',
      }),
    );
    // The notice replaces the inputs: nothing left to try.
    expect($('password-submit')).toBeNull();
    expect($('password-input')).toBeNull();
  });

  it('speaks the locale of its URL (issue 14 item 12): rules, strength and retry time in ja', async () => {
    window.history.replaceState(null, '', '/?locale=ja');
    const at = Date.UTC(2030, 0, 1, 14, 5);
    const error = Object.assign(new CustodyError('recovery_attempts_exceeded', 'Too many'), {
      retryAt: at,
    });
    const { handle } = page({ [FRAME_EVENTS.walletRecover]: vi.fn().mockRejectedValue(error) });
    const answer = Promise.resolve(
      handle({ accessToken: T, action: 'recover', address: ADDRESS }, ORIGIN),
    );
    await flush();
    expect(document.documentElement.lang).toBe('ja');
    expect($('password-submit')!.textContent).toBe('ウォレットを復元');
    type('password-input', SECRET);
    submit(true);
    await expect(answer).rejects.toBe(error);
    const time = new Intl.DateTimeFormat('ja', { hour: '2-digit', minute: '2-digit' }).format(at);
    expect($('password-failure')!.textContent).toBe(
      `パスワードの試行回数が多すぎます。 ${time} 以降にもう一度お試しください。`,
    );
  });
});

describe('password page: create in de (issue 14 item 12)', () => {
  it('shows the rules, strength, steps and mismatch in German', async () => {
    window.history.replaceState(null, '', '/?locale=de-AT');
    const { handle } = page({ [FRAME_EVENTS.walletCreate]: vi.fn() });
    void handle({ accessToken: T, action: 'create' }, ORIGIN);
    await flush();
    type('password-input', 'abc');
    expect($('password-input-message')!.textContent).toBe(
      'Das Passwort muss mindestens 6 Zeichen lang sein',
    );
    type('password-input', 'abc ?def');
    expect($('password-input-message')!.textContent).toBe('Ungültige Zeichen verwendet (   ? )');
    type('password-input', SECRET);
    expect($('password-strength')!.textContent).toMatch(/^Stärke: (Schwach|Mittel|Stark)$/);
    expect(document.querySelector('.lk-pwf__step')!.textContent).toBe('1 / 4');
    submit(false);
    submit(false);
    type('password-confirm', `${SECRET}x`);
    expect($('password-confirm-message')!.textContent).toBe('Die Passwörter stimmen nicht überein');
  });
});

describe('password page: its view is what the parent sizes the frame to (issue 14)', () => {
  it('serves through a view mounted beforehand, whose root is the one page content', async () => {
    const view = mountPasswordView(document, { theme: { colorScheme: 'light' } });
    const store = openDeviceShareStore(APP_ID, () => memoryStorage());
    const handle = startPasswordPage(
      document,
      window,
      { appId: APP_ID, apiUrl: API_URL, store },
      { view, handlers: {} },
    );
    // Nothing drawn before the request (the page reports no height while it is empty).
    expect(view.root).toBe(document.querySelector('main.lk-pwf'));
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(view.root.children).toHaveLength(1); // the visually hidden h1 only
    void handle({ accessToken: T, action: 'recover', address: ADDRESS }, ORIGIN);
    await flush();
    expect(view.state()).toBe('recovering');
    expect(view.root.contains($('password-input'))).toBe(true);
  });
});
