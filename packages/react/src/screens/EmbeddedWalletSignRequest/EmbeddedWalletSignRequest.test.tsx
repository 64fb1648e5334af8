import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletError } from '@latchkey/core';
import {
  createFakeManager,
  renderWalletScreen,
  WALLET_ADDRESS,
} from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletSignRequest from './EmbeddedWalletSignRequest.tsx';

const SIGNATURE = `0x${'ab'.repeat(65)}`;

/** The approval frame the screen mounted (waits for it). */
async function mounted(manager: ReturnType<typeof createFakeManager>, index = 0) {
  await waitFor(() => expect(manager.approvals.length).toBeGreaterThan(index));
  return manager.approvals[index]!;
}

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', () => {
  it('shows the default texts and frames the approval page with the message to sign', async () => {
    const manager = createFakeManager();
    const { container } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'sign-message', message: 'hello' },
      { manager },
    );
    expect(screen.getByRole('heading').textContent).toBe('Sign message');
    expect(screen.getByText('Signing this message will not cost you any fees.')).toBeTruthy();
    const frame = await mounted(manager);
    expect(frame.parameters).toMatchObject({
      request: { method: 'personal_sign', params: ['0x68656c6c6f', WALLET_ADDRESS] },
      chain: { id: 31337, nativeCurrency: { symbol: 'ETH' } },
      buttonText: 'Sign and continue',
    });
    // The frame sits in the screen's frame box; the host draws no approve button of its own.
    expect(container.querySelector('.lk-approval [data-fake-approval-frame]')).toBe(frame.iframe);
    expect(frame.iframe.title).toBe('Approve in your wallet');
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('.lk-sign')?.getAttribute('data-state')).toBe('loading');
    act(() => frame.load());
    await waitFor(() =>
      expect(container.querySelector('.lk-sign')?.getAttribute('data-state')).toBe('ready'),
    );
  });

  it('follows the UI options {title, description, buttonText, iconUrl}; the theme goes to the frame', async () => {
    const manager = createFakeManager();
    const { container } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      {
        kind: 'sign-message',
        message: 'hello',
        uiOptions: {
          title: 'Prove it',
          description: 'Free',
          buttonText: 'Go',
          iconUrl: 'https://example.com/i.png',
        },
      },
      { manager, config: { appearance: { theme: 'dark', accentColor: '#ff0066' } } },
    );
    expect(screen.getByRole('heading').textContent).toBe('Prove it');
    expect(screen.getByText('Free')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/i.png');
    const frame = await mounted(manager);
    expect(frame.parameters.buttonText).toBe('Go');
    expect(frame.parameters.theme).toMatchObject({ colorScheme: 'dark', accent: '#ff0066' });
  });

  it("closing before success rejects with 4001 'user rejected'", () => {
    const { modal, reject, resolve } = renderWalletScreen(<EmbeddedWalletSignRequest />, {
      kind: 'sign-message',
      message: 'hello',
    });
    modal.requestClose();
    expect(resolve).not.toHaveBeenCalled();
    expect(reject).toHaveBeenCalledTimes(1);
    expect(reject.mock.calls[0]![0]).toMatchObject({ code: 4001, message: 'user rejected' });
  });

  it("resolves the frame's signature, shows 'Signed', and closes after 1.4 s", async () => {
    const manager = createFakeManager();
    const { resolve, reject, closed, modal } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'sign-message', message: 'hi' },
      { manager },
    );
    const frame = await mounted(manager);
    act(() => frame.load());
    expect(resolve).not.toHaveBeenCalled();
    act(() => frame.approve(SIGNATURE));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(SIGNATURE));
    expect(screen.getByText('Signed')).toBeTruthy();
    // The host never asked its provider to sign: only the frame did.
    expect(manager.getProvider().request).not.toHaveBeenCalled();
    await waitFor(() => expect(closed).toHaveBeenCalled(), { timeout: 2500 });
    // Closing after success does not reject.
    modal.requestClose();
    expect(reject).not.toHaveBeenCalled();
  });

  it('typed data goes to the frame as eth_signTypedData_v4 (bigints as strings)', async () => {
    const manager = createFakeManager();
    const typedData = {
      domain: { name: 'Test', chainId: 31337n },
      types: { Mail: [{ name: 'body', type: 'string' }] },
      primaryType: 'Mail',
      message: { body: 'hi' },
    };
    renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'sign-typed-data', typedData },
      { manager },
    );
    const frame = await mounted(manager);
    const { method, params } = frame.parameters.request as { method: string; params: string[] };
    expect(method).toBe('eth_signTypedData_v4');
    expect(params[0]).toBe(WALLET_ADDRESS);
    expect(JSON.parse(params[1]!).domain.chainId).toBe('31337');
  });

  it("a provider request (confirm-signature) frames the provider's params as they are", async () => {
    const manager = createFakeManager();
    const { resolve } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'confirm-signature', method: 'personal_sign', params: ['0x01', WALLET_ADDRESS] },
      { manager },
    );
    const frame = await mounted(manager);
    expect(frame.parameters.request).toEqual({
      method: 'personal_sign',
      params: ['0x01', WALLET_ADDRESS],
    });
    act(() => frame.approve(SIGNATURE));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(SIGNATURE));
  });

  it("a frame error shows it with 'Try again', which mounts a fresh frame", async () => {
    const manager = createFakeManager();
    const { resolve, container } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'sign-message', message: 'hi' },
      { manager },
    );
    const first = await mounted(manager);
    act(() => first.fail(new WalletError('The wallet frame was removed')));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The wallet frame was removed',
    );
    expect(container.querySelector('.lk-sign')?.getAttribute('data-state')).toBe('error');
    // The failed frame goes in an effect's cleanup, which may run after the alert is painted.
    await waitFor(() => expect(first.destroyed).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const second = await mounted(manager, 1);
    act(() => second.approve(SIGNATURE));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(SIGNATURE));
  });
});
