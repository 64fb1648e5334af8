import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogin } from '../hooks/useLogin.ts';
import { TEST_USER } from '../test/fakeClient.ts';
import { dialog, waitForScreen } from '../test/modal.ts';
import { openModal } from '../test/openModal.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const TERMS = {
  require_users_accept_terms: true,
  terms_and_conditions_url: 'https://acme.test/terms',
  privacy_policy_url: 'https://acme.test/privacy',
};

function Listener(props: Parameters<typeof useLogin>[0]) {
  useLogin(props);
  return null;
}

/** Opens the modal on an app that requires terms, logs in with a code, waits for consent. */
async function toConsent(appConfig: Record<string, unknown> = TERMS) {
  const onComplete = vi.fn();
  const onError = vi.fn();
  const opened = await openModal({
    client: { appConfig },
    children: <Listener onComplete={onComplete} onError={onError} />,
  });
  const client = opened.client as typeof opened.client & Record<string, unknown>;
  // Like core's: the session's user becomes the accepted one.
  client.acceptTerms = vi.fn(async () => {
    const user = { ...TEST_USER, hasAcceptedTerms: true };
    opened.setState({ status: 'authenticated', user });
    return user;
  });
  fireEvent.change(opened.email, { target: { value: 'alice@example.com' } });
  fireEvent.submit(opened.email.form!);
  const code = await waitForScreen('AWAITING_PASSWORDLESS_CODE');
  const first = code.el.querySelector<HTMLInputElement>('input[aria-label="Digit 1"]')!;
  fireEvent.paste(first, { clipboardData: { getData: () => '123456' } });
  // 900 ms after the code (spec section 9), plus the screen's lazy chunk on a cold start.
  await waitFor(
    () =>
      expect(
        dialog()?.querySelector('.lk-screen[data-screen="AFFIRMATIVE_CONSENT_SCREEN"] .lk-consent'),
      ).toBeTruthy(),
    { timeout: 5000 },
  );
  const found = await waitForScreen('AFFIRMATIVE_CONSENT_SCREEN');
  return { ...opened, ...found, client, onComplete, onError };
}

describe('terms consent after login (spec sections 2 and 4)', () => {
  it('routes a login to AFFIRMATIVE_CONSENT_SCREEN with the texts and links, and no footer sentence', async () => {
    const { el, q, client } = await toConsent();
    expect(el.querySelector('.lk-header__title')?.textContent).toBe('One last step');
    expect(el.textContent).toContain('By signing up, you agree to our terms and privacy policy.');
    const terms = q.getByRole('link', { name: 'View Terms' });
    const privacy = q.getByRole('link', { name: 'View Privacy Policy' });
    expect(terms.getAttribute('href')).toBe('https://acme.test/terms');
    expect(privacy.getAttribute('href')).toBe('https://acme.test/privacy');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
    expect(el.textContent).not.toContain('By logging in I agree');
    expect(client.logout).not.toHaveBeenCalled();
  });

  it("'Accept' calls acceptTerms, then completes the login", async () => {
    const { q, client, onComplete, onError } = await toConsent();
    fireEvent.click(q.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(client.acceptTerms).toHaveBeenCalledTimes(1);
    expect(onComplete.mock.calls[0]![0].user.hasAcceptedTerms).toBe(true);
    expect(onError).not.toHaveBeenCalled();
    expect(client.logout).not.toHaveBeenCalled();
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it("'No thanks' logs out, closes and reports terms_declined (once)", async () => {
    const { q, client, onComplete, onError } = await toConsent();
    fireEvent.click(q.getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0].code).toBe('terms_declined');
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(client.acceptTerms).not.toHaveBeenCalled();
    expect(onComplete).not.toHaveBeenCalled();
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('closing the modal on the consent screen declines: logout and terms_declined', async () => {
    const { el, client, onError, onComplete } = await toConsent();
    fireEvent.keyDown(el, { key: 'Escape' });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0].code).toBe('terms_declined');
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('no consent screen when the app does not require terms: the footer sentence shows', async () => {
    const onComplete = vi.fn();
    const opened = await openModal({ children: <Listener onComplete={onComplete} /> });
    expect(opened.el.textContent).toContain('By logging in I agree');
    fireEvent.change(opened.email, { target: { value: 'alice@example.com' } });
    fireEvent.submit(opened.email.form!);
    const code = await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    const first = code.el.querySelector<HTMLInputElement>('input[aria-label="Digit 1"]')!;
    fireEvent.paste(first, { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(
      dialog()?.querySelector('[data-screen="AFFIRMATIVE_CONSENT_SCREEN"]') ?? null,
    ).toBeNull();
  });
});
