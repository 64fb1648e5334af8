import { type AuthenticateResult, LatchkeyError, type User } from '@latchkey/core';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import type { ModalContextValue } from '../../../../Modal/ModalContext.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { GATE_REJECTIONS, renderWithClient } from '../../../../test/renderWithClient.tsx';
import { farcasterMessages as t } from '../../messages.ts';
import { farcasterConnectCss } from './FarcasterConnect.css.ts';
import FarcasterConnect, { COPIED_MS } from './FarcasterConnect.tsx';

/** `qrcode` as it is, its `toDataURL` recorded (the options the screen draws with). */
const qrcode = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('qrcode', async (importOriginal) => {
  const actual = await importOriginal<typeof import('qrcode')>();
  const toDataURL = (...args: unknown[]) => {
    qrcode.calls.push(args);
    return (actual.toDataURL as (...a: unknown[]) => Promise<string>)(...args);
  };
  return { ...actual, default: { ...actual, toDataURL }, toDataURL };
});

const URI = 'https://farcaster.xyz/~/siwf?channelToken=b7f0c6a2-0000-4000-8000-000000000001';

/** A connection the test drives: `sign()` (the app signed), then `settle`. */
function fakeConnection<R = AuthenticateResult>(connectUri = URI) {
  let sign!: () => void;
  let resolve!: (value: R) => void;
  let reject!: (error: unknown) => void;
  const signed = new Promise<void>((r) => (sign = r));
  const result = new Promise<R>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  result.catch(() => {});
  const cancel = vi.fn(() => reject(new LatchkeyError('canceled', { code: 'exited_auth_flow' })));
  const connection = {
    connectUri,
    channelToken: 'c',
    expiresAt: new Date(0),
    signed,
    result,
    cancel,
  };
  return { connection, sign, resolve, reject, cancel };
}

/** What `render` needs of a fake: the connection its client's start resolves with. */
type Fake = { connection: object };

/** Renders the screen on a fake client whose login opens `connections` in turn. */
function render(
  params: ScreenParams,
  connections: Fake[],
  extra: object = {},
  modal: Partial<ModalContextValue> = {},
) {
  const queue = [...connections];
  const startFarcasterLogin = vi.fn(async () => queue.shift()!.connection);
  const startFarcasterLink = vi.fn(async () => queue.shift()!.connection);
  const rendered = renderWithClient(
    FarcasterConnect,
    { startFarcasterLogin, startFarcasterLink, ...extra },
    { screen: 'AWAITING_FARCASTER_CONNECTION', params, ...modal },
  );
  return { ...rendered, startFarcasterLogin, startFarcasterLink };
}

const stepOf = (container: HTMLElement) =>
  container.querySelector('[data-farcaster-step]')?.getAttribute('data-farcaster-step');

afterEach(() => {
  vi.useRealTimers();
});

describe('AWAITING_FARCASTER_CONNECTION (issue 16)', () => {
  it('opens a channel with the captcha token, then shows its QR code, Copy link and Open Farcaster', async () => {
    const fake = fakeConnection();
    const { container, startFarcasterLogin } = render({ captchaToken: 'cap' }, [fake]);
    expect(stepOf(container)).toBe('opening');
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    expect(startFarcasterLogin).toHaveBeenCalledTimes(1);
    expect(startFarcasterLogin).toHaveBeenCalledWith({ captchaToken: 'cap' });
    expect(screen.getByText(t.farcasterTitle)).toBeTruthy();
    expect(screen.getByText("Scan with your phone's camera to continue.")).toBeTruthy();
    const qr = screen.getByTestId('farcaster-qr');
    expect(qr.getAttribute('data-connect-uri')).toBe(URI);
    const img = await waitFor(() => screen.getByAltText(t.farcasterQrAlt) as HTMLImageElement);
    expect(img.src).toMatch(/^data:image\/png;base64,/);
    expect(img.width).toBe(160);
    // Spec section 9: high error correction; drawn at twice 160 px, always dark on white.
    expect(qrcode.calls.at(-1)).toEqual([
      URI,
      expect.objectContaining({
        errorCorrectionLevel: 'H',
        width: 320,
        color: { dark: '#000000', light: '#ffffff' },
      }),
    ]);
    // The Farcaster mark over the code: 15 % of its width (24 px of 160).
    const logo = qr.querySelector<HTMLElement>('.lk-farcaster__logo')!;
    expect(logo.style.width).toBe('24px');
    expect(logo.querySelector('[data-brand="farcaster"]')).toBeTruthy();
    const open = screen.getByTestId('farcaster-open');
    expect(open.getAttribute('href')).toBe(URI);
    expect(open.textContent).toBe('Open Farcaster');
    // Above the code, and shown below the modal's 440 px breakpoint only (the stylesheet).
    expect(open.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(open.classList.contains('lk-farcaster__open')).toBe(true);
    expect(farcasterConnectCss).toMatch(/\.lk-farcaster__open \{ display: none !important; \}/);
    expect(farcasterConnectCss).toMatch(
      /@media \(max-width: 439\.98px\) \{\s*\.lk-farcaster__open \{ display: inline-flex !important; \}/,
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it("says 'verifying' once the app has signed, then connected, and finishLogin 1.4 s later", async () => {
    const fake = fakeConnection();
    const { container, value } = render({}, [fake]);
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    await act(async () => fake.sign());
    expect(stepOf(container)).toBe('verifying');
    expect(screen.getByText(t.farcasterVerifyingTitle)).toBeTruthy();
    const login: AuthenticateResult = { user: TEST_USER, isNewUser: true };
    await act(async () => fake.resolve(login));
    expect(stepOf(container)).toBe('connected');
    expect(value.finishLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(value.finishLogin).toHaveBeenCalledWith(login), { timeout: 3000 });
    expect(fake.cancel).not.toHaveBeenCalled();
  });

  it("a timeout says 'Authentication failed' / 'The request timed out. Try again.', and Try again opens a new channel", async () => {
    const first = fakeConnection();
    const second = fakeConnection(`${URI}-2`);
    // The retry goes through the captcha gate, which hands over a fresh token.
    const withCaptcha = vi.fn((run: (token?: string) => void) => run('cap-2'));
    const { container, value, startFarcasterLogin } = render(
      { captchaToken: 'cap' },
      [first, second],
      {},
      { withCaptcha },
    );
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    first.reject(
      new LatchkeyError('The request timed out. Try again.', { code: 'farcaster_timeout' }),
    );
    await waitFor(() => expect(stepOf(container)).toBe('failed'));
    expect(screen.getByText('Authentication failed')).toBeTruthy();
    expect(screen.getByText('The request timed out. Try again.')).toBeTruthy();
    expect(value.fail).toHaveBeenCalledTimes(1);
    expect(value.fail).toHaveBeenCalledWith(expect.objectContaining({ code: 'farcaster_timeout' }));
    expect(withCaptcha).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: t.farcasterRetry }));
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    expect(startFarcasterLogin).toHaveBeenCalledTimes(2);
    expect(startFarcasterLogin).toHaveBeenLastCalledWith({ captchaToken: 'cap-2' });
    expect(screen.getByTestId('farcaster-qr').getAttribute('data-connect-uri')).toBe(`${URI}-2`);
    await waitFor(() => expect(first.cancel).toHaveBeenCalled()); // the old one: nothing left to poll
    expect(second.cancel).not.toHaveBeenCalled();
  });

  it('a channel that cannot open fails with the spec text (no retry when it cannot help)', async () => {
    const error = new LatchkeyError('linked', { code: 'linked_to_another_user' });
    const startFarcasterLogin = vi.fn(() => Promise.reject(error));
    const { container } = render({}, [], { startFarcasterLogin });
    await waitFor(() => expect(stepOf(container)).toBe('failed'));
    expect(screen.getByText('This account has already been linked to another user.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.farcasterRetry })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try another method' })).toBeTruthy();
  });

  it.each([
    ['invalid_credentials', t.farcasterInvalidCredentials, true],
    ['cannot_link_more_of_type', t.farcasterCannotLinkMore, false],
    ['too_many_requests', t.farcasterTooManyRequests, false],
    ['unknown_error', t.farcasterSomethingWentWrong, true],
  ])('%s after signing says %s', async (code, text, retry) => {
    const fake = fakeConnection();
    const { container } = render({}, [fake]);
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    fake.sign();
    fake.reject(new LatchkeyError('refused', { code: code as 'invalid_credentials' }));
    await waitFor(() => expect(stepOf(container)).toBe('failed'));
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.farcasterRetry }) !== null).toBe(retry);
  });

  it.each(GATE_REJECTIONS)('%s goes to %s', async (code, target) => {
    const fake = fakeConnection();
    const { value } = render({}, [fake]);
    await waitFor(() => expect(screen.getByTestId('farcaster-qr')).toBeTruthy());
    const error = new LatchkeyError('refused', { code });
    fake.sign();
    fake.reject(error);
    await waitFor(() =>
      expect(value.navigate).toHaveBeenCalledWith(target, { error, returnTo: 'LANDING' }),
    );
  });

  it('leaving the screen (or closing the modal) cancels the polling', async () => {
    const fake = fakeConnection();
    const { unmount } = render({}, [fake]);
    await waitFor(() => expect(screen.getByTestId('farcaster-qr')).toBeTruthy());
    unmount();
    await waitFor(() => expect(fake.cancel).toHaveBeenCalledTimes(1));
  });

  it('cancels a channel that opens after the screen is gone', async () => {
    const fake = fakeConnection();
    let open!: () => void;
    const startFarcasterLogin = vi.fn(
      () => new Promise<typeof fake.connection>((r) => (open = () => r(fake.connection))),
    );
    const { unmount } = render({}, [], { startFarcasterLogin });
    unmount();
    await new Promise((r) => setTimeout(r, 10)); // the screen is gone for good
    open();
    await waitFor(() => expect(fake.cancel).toHaveBeenCalledTimes(1));
  });

  it("StrictMode's second effect run keeps the one channel (its captcha token is single use)", async () => {
    const fake = fakeConnection();
    const startFarcasterLogin = vi.fn(async () => fake.connection);
    // Strict Mode at the root (as the demo has it): React runs the effects twice.
    configure({ reactStrictMode: true });
    const { container } = (() => {
      try {
        return renderWithClient(
          FarcasterConnect,
          { startFarcasterLogin },
          { screen: 'AWAITING_FARCASTER_CONNECTION', params: { captchaToken: 'cap' } },
        );
      } finally {
        configure({ reactStrictMode: false });
      }
    })();
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    await new Promise((r) => setTimeout(r, 20));
    expect(startFarcasterLogin).toHaveBeenCalledTimes(1);
    expect(fake.cancel).not.toHaveBeenCalled();
  });

  it('link mode opens the channel with startFarcasterLink and ends with completeLink', async () => {
    const fake = fakeConnection<User>();
    const { container, value, startFarcasterLink, startFarcasterLogin } = render(
      { mode: 'link', method: 'Farcaster' },
      [fake],
    );
    await waitFor(() => expect(stepOf(container)).toBe('waiting'));
    expect(startFarcasterLink).toHaveBeenCalledTimes(1);
    expect(startFarcasterLogin).not.toHaveBeenCalled();
    const user: User = { ...TEST_USER, linkedAccounts: [] };
    fake.sign();
    fake.resolve(user);
    await waitFor(() => expect(value.completeLink).toHaveBeenCalledWith(user), { timeout: 3000 });
    expect(value.finishLogin).not.toHaveBeenCalled();
  });

  it("Copy link copies the URI and says 'Copied' for 1.5 s", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fake = fakeConnection();
    render({}, [fake]);
    const button = await waitFor(() => screen.getByRole('button', { name: 'Copy link' }));
    vi.useFakeTimers();
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith(URI);
    expect(button.textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(button.textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('Copy link');
    expect(COPIED_MS).toBe(1500);
  });
});
