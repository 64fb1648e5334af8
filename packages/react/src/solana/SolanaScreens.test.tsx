import type { SolanaApprovalPrompt } from '@latchkey/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import EmbeddedWalletSendTransaction from '../screens/EmbeddedWalletSendTransaction/EmbeddedWalletSendTransaction.tsx';
import EmbeddedWalletSignRequest from '../screens/EmbeddedWalletSignRequest/EmbeddedWalletSignRequest.tsx';
import { createFakeApprovalMount } from '../test/fakeApproval.ts';
import { createFakeManager, renderWalletScreen } from '../test/renderWalletScreen.tsx';

const SOL = '9wXkq3bZ5rS7uXW1GvYgqJ3d7yq2cUZ4A8r6Yb1kP4Xz';

/** The Solana payload the wallet's approval hook opens a screen with, mounting fakes. */
function solanaPrompt(request: SolanaApprovalPrompt['request'], send = false) {
  const { mounts, mountApproval } = createFakeApprovalMount();
  const ensureMfa = vi.fn(async () => {});
  const prompt: SolanaApprovalPrompt = {
    address: SOL,
    request,
    cluster: { name: 'Solana Devnet', chain: 'solana:devnet' },
    send,
    ensureMfa,
    mount: (container, options) => mountApproval(container, options as never),
  };
  return { prompt, mounts, ensureMfa };
}

describe('the wallet screens with a Solana request (issue 22 item 2)', () => {
  it("the sign screen shows 'Sign message' and frames the Solana approval page; the frame's signature resolves", async () => {
    const manager = createFakeManager();
    const { prompt, mounts, ensureMfa } = solanaPrompt({
      method: 'signMessage',
      params: { message: 'aGk=' },
    });
    const { container, resolve } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'solana-sign-message', solana: prompt },
      { manager, config: { appearance: { theme: 'dark' } } },
    );
    expect(screen.getByRole('heading').textContent).toBe('Sign message');
    await waitFor(() => expect(mounts).toHaveLength(1));
    expect(ensureMfa).toHaveBeenCalledTimes(1);
    const frame = mounts[0]!;
    expect(frame.parameters).toMatchObject({
      buttonText: 'Sign and continue',
      theme: { colorScheme: 'dark' },
    });
    expect(container.querySelector('.lk-approval [data-fake-approval-frame]')).toBe(frame.iframe);
    // The Ethereum manager's approval page is not used for a Solana request.
    expect(manager.approvals).toHaveLength(0);
    act(() => frame.load());
    act(() => frame.approve({ signature: 'c2ln' }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith({ signature: 'c2ln' }));
    expect(screen.getByText('Signed')).toBeTruthy();
  });

  it('the send screen reviews a Solana transaction in the approval page; approval resolves and closes', async () => {
    const { prompt, mounts } = solanaPrompt(
      { method: 'signTransaction', params: { transaction: 'AQID' } },
      true,
    );
    const { resolve, closed } = renderWalletScreen(<EmbeddedWalletSendTransaction />, {
      kind: 'solana-transaction',
      solana: prompt,
      uiOptions: { buttonText: 'Send it' },
    });
    expect(screen.getByRole('heading').textContent).toBe('Review transaction');
    await waitFor(() => expect(mounts).toHaveLength(1));
    expect(mounts[0]!.parameters).toMatchObject({ buttonText: 'Send it' });
    act(() => mounts[0]!.approve({ signedTransaction: 'BAUG' }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith({ signedTransaction: 'BAUG' }));
    expect(closed).toHaveBeenCalled();
  });

  it("closing rejects (the wallet's user_rejected); a frame error offers 'Try again' with a fresh frame", async () => {
    const { prompt, mounts } = solanaPrompt({
      method: 'signTransaction',
      params: { transaction: 'AQID' },
    });
    const { modal, reject, resolve } = renderWalletScreen(<EmbeddedWalletSendTransaction />, {
      kind: 'solana-transaction',
      solana: prompt,
    });
    await waitFor(() => expect(mounts).toHaveLength(1));
    act(() => mounts[0]!.fail(new Error('No signature slot for this wallet')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No signature slot for this wallet',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(mounts).toHaveLength(2));
    modal.requestClose();
    expect(resolve).not.toHaveBeenCalled();
    expect(reject.mock.calls[0]![0]).toMatchObject({ code: 4001 });
  });
});
