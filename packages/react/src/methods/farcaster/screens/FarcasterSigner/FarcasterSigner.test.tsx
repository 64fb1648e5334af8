import {
  type FarcasterSignerState,
  LatchkeyError,
  SUCCESS_CLOSE_MS,
  WalletError,
} from '@latchkey/core';
import { act, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModalContextValue } from '../../../../Modal/ModalContext.ts';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { renderWithClient } from '../../../../test/renderWithClient.tsx';
import { farcasterMessages as t } from '../../messages.ts';
import FarcasterSigner from './FarcasterSigner.tsx';

const KEY = `0x${'ab'.repeat(32)}` as const;
const URL_1 = 'https://farcaster.xyz/~/connect?token=0x01';
const URL_2 = 'https://farcaster.xyz/~/connect?token=0x02';

const pending = (approvalUrl = URL_1): FarcasterSignerState => ({
  publicKey: KEY,
  status: 'pending_approval',
  approvalUrl,
});
const approved: FarcasterSignerState = { publicKey: KEY, status: 'approved', approvalUrl: null };

/** A watch the test settles. */
function fakeWatch() {
  let resolve!: (state: FarcasterSignerState) => void;
  let reject!: (error: unknown) => void;
  const result = new Promise<FarcasterSignerState>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  result.catch(() => {});
  const cancel = vi.fn(() => reject(new LatchkeyError('canceled', { code: 'exited_link_flow' })));
  return { watch: { result, cancel }, resolve, reject, cancel };
}

/** Lets the screen's promises and timers run for `ms` of fake time. */
const wait = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Renders the screen on a fake client whose `initFarcasterSigner` answers `inits` in turn and
 * whose `watchFarcasterSigner` hands out `watches` in turn, opened as `prompt` opens it (a
 * request the screen settles).
 */
function render(
  inits: (FarcasterSignerState | Error)[],
  watches: ReturnType<typeof fakeWatch>[] = [],
  modal: Partial<ModalContextValue> = {},
) {
  const initQueue = [...inits];
  const watchQueue = [...watches];
  const initFarcasterSigner = vi.fn(async () => {
    const next = initQueue.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  const watchFarcasterSigner = vi.fn(() => watchQueue.shift()!.watch);
  const request = { kind: 'method' as const, resolve: vi.fn(), reject: vi.fn() };
  let onCancel: (() => unknown) | null = null;
  const rendered = renderWithClient(
    FarcasterSigner,
    { initFarcasterSigner, watchFarcasterSigner },
    {
      screen: 'AWAITING_FARCASTER_SIGNER',
      params: { wallet: request } as ScreenParams,
      setCancelHandler: (handler) => {
        onCancel = handler;
      },
      ...modal,
    },
  );
  /** What the modal does on its close button: the screen's cancel handler. */
  const close = () => act(() => void onCancel?.());
  return { ...rendered, initFarcasterSigner, watchFarcasterSigner, request, close };
}

const stepOf = (container: HTMLElement) =>
  container
    .querySelector('[data-farcaster-signer-step]')
    ?.getAttribute('data-farcaster-signer-step');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AWAITING_FARCASTER_SIGNER (issue 16)', () => {
  it('asks for the signer, then shows the QR code of its approval link and Open Farcaster, and watches it', async () => {
    const w = fakeWatch();
    const { container, initFarcasterSigner, watchFarcasterSigner } = render([pending()], [w]);
    expect(stepOf(container)).toBe('opening');
    expect(screen.getByText(t.farcasterSignerOpeningTitle)).toBeTruthy();
    await wait();
    expect(stepOf(container)).toBe('waiting');
    expect(initFarcasterSigner).toHaveBeenCalledTimes(1);
    expect(watchFarcasterSigner).toHaveBeenCalledWith(KEY);
    expect(screen.getByText('Add a Farcaster signer')).toBeTruthy();
    expect(screen.getByText(t.farcasterSignerDetail)).toBeTruthy();
    const qr = screen.getByTestId('farcaster-signer-qr');
    expect(qr.getAttribute('data-approval-url')).toBe(URL_1);
    expect(qr.classList.contains('lk-farcaster__qr')).toBe(true);
    const open = screen.getByTestId('farcaster-signer-open');
    expect(open.getAttribute('href')).toBe(URL_1);
    expect(open.textContent).toBe('Open Farcaster');
    // Shown below the modal's 440 px breakpoint only (the login screen's stylesheet).
    expect(open.classList.contains('lk-farcaster__open')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(t.farcasterSignerWaiting);
    expect(w.cancel).not.toHaveBeenCalled();
  });

  it("once approved says 'Signer approved', resolves the request and closes 1.4 s later", async () => {
    const w = fakeWatch();
    const { container, request, value } = render([pending()], [w]);
    await wait();
    w.resolve(approved);
    await wait();
    expect(stepOf(container)).toBe('approved');
    expect(screen.getByText('Signer approved')).toBeTruthy();
    expect(request.resolve).toHaveBeenCalledWith(approved);
    expect(request.reject).not.toHaveBeenCalled();
    expect(SUCCESS_CLOSE_MS).toBe(1400);
    await wait(SUCCESS_CLOSE_MS - 1);
    expect(value.requestClose).not.toHaveBeenCalled();
    await wait(1);
    expect(value.requestClose).toHaveBeenCalledTimes(1);
  });

  it('a signer already approved succeeds at once (no watch) and closes 1.4 s later', async () => {
    const { container, request, value, watchFarcasterSigner } = render([approved]);
    await wait();
    expect(stepOf(container)).toBe('approved');
    expect(request.resolve).toHaveBeenCalledWith(approved);
    expect(watchFarcasterSigner).not.toHaveBeenCalled();
    await wait(SUCCESS_CLOSE_MS);
    expect(value.requestClose).toHaveBeenCalledTimes(1);
  });

  it("a revoked signer says 'Request rejected', and Try again asks again with a new QR code", async () => {
    const first = fakeWatch();
    const second = fakeWatch();
    const { container, initFarcasterSigner, request } = render(
      [pending(), pending(URL_2)],
      [first, second],
    );
    await wait();
    first.reject(
      new LatchkeyError('The request was rejected. Please try again.', {
        code: 'farcaster_signer_rejected',
      }),
    );
    await wait();
    expect(stepOf(container)).toBe('failed');
    const failed = container.querySelector('[data-farcaster-signer-step="failed"]')!;
    expect(failed.getAttribute('data-error-code')).toBe('farcaster_signer_rejected');
    expect(screen.getByText('Request rejected')).toBeTruthy();
    expect(screen.getByText('The request was rejected. Please try again.')).toBeTruthy();
    expect(request.reject).not.toHaveBeenCalled(); // the user may try again
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(stepOf(container)).toBe('opening');
    await wait();
    expect(stepOf(container)).toBe('waiting');
    expect(initFarcasterSigner).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('farcaster-signer-qr').getAttribute('data-approval-url')).toBe(URL_2);
    second.resolve(approved);
    await wait();
    expect(request.resolve).toHaveBeenCalledWith(approved);
  });

  it('init answering a revoked signer says Request rejected too', async () => {
    const { container } = render([{ ...approved, status: 'revoked' }]);
    await wait();
    expect(stepOf(container)).toBe('failed');
    expect(screen.getByText('Request rejected')).toBeTruthy();
  });

  it.each([
    [
      'the 300 s timeout',
      new LatchkeyError('The request timed out. Try again.', { code: 'farcaster_signer_timeout' }),
      'farcaster_signer_timeout',
      'The request timed out. Try again.',
    ],
    [
      "the frame's refusal",
      new WalletError('Log in with or link a Farcaster account first', {
        type: 'invalid_request_arguments',
      }),
      'invalid_request_arguments',
      'Log in with or link a Farcaster account first',
    ],
    [
      'a wallet missing on this device',
      new WalletError('Wallet not found on this device', { type: 'wallet_not_on_device' }),
      'wallet_not_on_device',
      'Wallet not found on this device',
    ],
  ])("%s says 'Connect failed' with its text, and Try again", async (_, error, code, text) => {
    const w = fakeWatch();
    const { container } = render([pending(), pending()], [w, fakeWatch()]);
    await wait();
    w.reject(error);
    await wait();
    expect(stepOf(container)).toBe('failed');
    expect(
      container.querySelector('[data-farcaster-signer-step]')!.getAttribute('data-error-code'),
    ).toBe(code);
    expect(screen.getByText('Connect failed')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await wait();
    expect(stepOf(container)).toBe('waiting');
  });

  it('a failing init says Connect failed with its message (logged out, no wallet)', async () => {
    const { container } = render([
      new WalletError('User has no embedded wallet', { code: 'no_embedded_wallet' }),
    ]);
    await wait();
    expect(stepOf(container)).toBe('failed');
    expect(
      container.querySelector('[data-farcaster-signer-step]')!.getAttribute('data-error-code'),
    ).toBe('no_embedded_wallet');
    expect(screen.getByText('Connect failed')).toBeTruthy();
    expect(screen.getByText('User has no embedded wallet')).toBeTruthy();
  });

  it('leaving the screen cancels the watch', async () => {
    const w = fakeWatch();
    const { unmount } = render([pending()], [w]);
    await wait();
    unmount();
    await wait(1);
    expect(w.cancel).toHaveBeenCalledTimes(1);
  });

  it('closing the modal rejects the request with exited_link_flow, or with the last failure', async () => {
    const w = fakeWatch();
    const open = render([pending()], [w]);
    await wait();
    open.close();
    expect(open.request.reject).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'exited_link_flow',
        shortMessage: 'The user closed the link modal',
      }),
    );
    open.unmount();

    const w2 = fakeWatch();
    const failed = render([pending()], [w2]);
    await wait();
    const error = new LatchkeyError('rejected', { code: 'farcaster_signer_rejected' });
    w2.reject(error);
    await wait();
    failed.close();
    expect(failed.request.reject).toHaveBeenCalledWith(error);
    expect(failed.request.resolve).not.toHaveBeenCalled();
  });

  it('closing after approval rejects nothing', async () => {
    const { request, close } = render([approved]);
    await wait();
    close();
    expect(request.resolve).toHaveBeenCalledTimes(1);
    expect(request.reject).not.toHaveBeenCalled();
  });

  it("StrictMode's second effect run keeps the one request", async () => {
    const w = fakeWatch();
    const initFarcasterSigner = vi.fn(async () => pending());
    const watchFarcasterSigner = vi.fn(() => w.watch);
    configure({ reactStrictMode: true });
    const { container } = (() => {
      try {
        return renderWithClient(
          FarcasterSigner,
          { initFarcasterSigner, watchFarcasterSigner },
          { screen: 'AWAITING_FARCASTER_SIGNER' },
        );
      } finally {
        configure({ reactStrictMode: false });
      }
    })();
    await wait(20);
    expect(stepOf(container)).toBe('waiting');
    expect(initFarcasterSigner).toHaveBeenCalledTimes(1);
    expect(watchFarcasterSigner).toHaveBeenCalledTimes(1);
    expect(w.cancel).not.toHaveBeenCalled();
  });
});
