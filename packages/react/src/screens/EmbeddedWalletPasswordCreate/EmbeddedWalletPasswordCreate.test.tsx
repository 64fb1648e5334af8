import { FRAME_RESIZE_EVENT } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import { frameMaxHeight } from '../../wallet/useFrameHeight.ts';
import EmbeddedWalletPasswordCreate from './EmbeddedWalletPasswordCreate.tsx';
import { PASSWORD_FRAME_HEIGHT } from './PasswordFrame.tsx';

const button = (name: string) => screen.getByRole('button', { name });
const DONE = { address: WALLET_ADDRESS, recoveryMethod: 'user-passcode' as const };

/** The screen mounted one password frame; returns it once it is there. */
async function mountedFrame(manager: ReturnType<typeof renderWalletScreen>['manager']) {
  await waitFor(() => expect(manager.passwords).toHaveLength(1));
  return manager.passwords[0]!;
}

describe('EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN (inputs in the wallet frame, issue 24)', () => {
  it('keeps the title and description outside and frames the password page; no password input here', async () => {
    const { manager, container } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
    await screen.findByText('Set a password');
    expect(
      screen.getByText(
        'Secure your wallet with a password. You will need it to use your wallet on a new device.',
      ),
    ).toBeTruthy();
    const frame = await mountedFrame(manager);
    // mode 'set' is for a wallet that already has a password: the page changes it.
    expect(frame.parameters).toMatchObject({ action: 'change', appName: 'Acme' });
    expect(frame.iframe.title).toBe('Wallet password');
    expect(container.querySelector('.lk-pwframe')!.contains(frame.iframe)).toBe(true);
    expect(container.querySelector('input')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set Password' })).toBeNull();
    // A spinner until the frame has the request.
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => frame.load());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.querySelector('.lk-pwframe')!.getAttribute('data-state')).toBe('ready');
  });

  it("mode 'update' sets a first password; Cancel shows (user-started); Success then Close resolves", async () => {
    const { manager, resolve, closed } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'update',
    });
    await screen.findByText('Switch to password recovery');
    const frame = await mountedFrame(manager);
    expect(frame.parameters.action).toBe('set');
    expect(button('Cancel')).toBeTruthy();
    act(() => {
      frame.load();
      frame.finish(DONE);
    });
    await screen.findByText('Success');
    expect(screen.getByText('Your wallet is now secured with your password.')).toBeTruthy();
    // The frame is destroyed by the effect cleanup of its unmount, flushed after the commit.
    await waitFor(() => expect(frame.destroyed).toBe(true));
    fireEvent.click(button('Close'));
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalled();
  });

  it('Cancel closes and rejects with 4001', async () => {
    const { manager, reject } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
    await mountedFrame(manager);
    fireEvent.click(button('Cancel'));
    expect(reject).toHaveBeenCalledWith(expect.objectContaining({ code: 4001 }));
  });

  it("an automatic create has no Cancel, has the page create the wallet, then closes itself on 'Success'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { manager, modal } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
        kind: 'set-password',
        automatic: true,
        mode: 'create',
      });
      await screen.findByText('Set a password');
      const frame = await mountedFrame(manager);
      expect(frame.parameters.action).toBe('create');
      expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
      act(() => frame.finish({ ...DONE, address: '0x2222222222222222222222222222222222222222' }));
      await screen.findByText('Success');
      expect(modal.navigate).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1400);
      });
      expect(modal.navigate).toHaveBeenCalledWith(SCREEN.EMBEDDED_WALLET_CREATED_SCREEN, {
        wallet: expect.objectContaining({
          kind: 'create',
          address: '0x2222222222222222222222222222222222222222',
        }),
      });
      expect(manager.create).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failure shows 'Something went wrong' with the error and rejects the request", async () => {
    const { manager, reject } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: true,
      mode: 'create',
    });
    const frame = await mountedFrame(manager);
    const error = new Error('walletProxy.create timed out');
    act(() => frame.fail(error));
    await screen.findByText('Something went wrong');
    expect(screen.getByText('walletProxy.create timed out')).toBeTruthy();
    expect(reject).toHaveBeenCalledWith(error);
  });
});

describe('the password frame follows its page (issue 14)', () => {
  it("takes the height its page reports, within PASSWORD_FRAME_HEIGHT and the card's room", async () => {
    const { manager } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'update',
    });
    const { container } = await mountedFrame(manager);
    // The fake mount draws no iframe: one as core's `mountPasswordFrame` draws it.
    const iframe = document.createElement('iframe');
    container.append(iframe);
    const page = {};
    Object.defineProperty(iframe, 'contentWindow', { value: page });
    Object.defineProperty(iframe, 'src', {
      value: 'https://api.example/apps/a/embedded-wallets/password?locale=de',
    });
    const resize = (height: number) =>
      act(() => {
        const event = new Event('message');
        Object.defineProperties(event, {
          data: { value: { event: FRAME_RESIZE_EVENT, data: { height } } },
          origin: { value: 'https://api.example' },
          source: { value: page },
        });
        window.dispatchEvent(event);
      });
    resize(331.2);
    expect(iframe.style.height).toBe('332px');
    expect(iframe.style.maxHeight).toBe(frameMaxHeight(PASSWORD_FRAME_HEIGHT));
    resize(40);
    expect(iframe.style.height).toBe(`${PASSWORD_FRAME_HEIGHT.min}px`);
    resize(5000);
    expect(iframe.style.height).toBe(`${PASSWORD_FRAME_HEIGHT.max}px`);
  });
});
