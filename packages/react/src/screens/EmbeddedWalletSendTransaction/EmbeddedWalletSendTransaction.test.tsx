import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { WalletError } from '@latchkey/core';
import { describe, expect, it, vi } from 'vitest';
import {
  createFakeManager,
  createFakeProvider,
  renderWalletScreen,
  WALLET_ADDRESS,
} from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletSendTransaction from './EmbeddedWalletSendTransaction.tsx';

const TO = '0x000000000000000000000000000000000000dEaD';
const ETH = 10n ** 18n;
const hex = (n: bigint) => `0x${n.toString(16)}`;

const RAW = `0x02${'ef'.repeat(60)}`;

/** The approval frame the screen mounted (waits for it). */
async function mounted(manager: ReturnType<typeof createFakeManager>, index = 0) {
  await waitFor(() => expect(manager.approvals.length).toBeGreaterThan(index));
  return manager.approvals[index]!;
}

function chain(balance: bigint, extra: Record<string, unknown> = {}) {
  return createFakeProvider({
    eth_getBalance: hex(balance),
    eth_estimateGas: hex(21_000n),
    eth_gasPrice: hex(1_000_000_000n),
    ...extra,
  });
}

describe('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN', () => {
  it("titles a SEND 'Send ETH' and frames the filled transaction for a funded wallet", async () => {
    const manager = createFakeManager(chain(10n * ETH));
    const { container } = renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH / 1000n, chainId: 31337 } },
      { manager },
    );
    const frame = await mounted(manager);
    expect(screen.getByRole('heading').textContent).toBe('Send ETH');
    expect(frame.parameters).toMatchObject({
      request: {
        method: 'eth_signTransaction',
        params: [
          {
            to: TO,
            value: hex(ETH / 1000n),
            chainId: '0x7a69',
            nonce: '0x0',
            gas: '0x5208',
            from: WALLET_ADDRESS,
          },
        ],
      },
      chain: { id: 31337, name: 'Anvil' },
      buttonText: 'Submit',
    });
    expect(container.querySelector('.lk-approval [data-fake-approval-frame]')).toBe(frame.iframe);
    // The details and Submit are the frame's: the host draws no button of its own.
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.queryByText('Wallet has insufficient funds on this network for this transaction.'),
    ).toBeNull();
  });

  it("titles a contract call 'Review transaction'; buttonText goes to the frame", async () => {
    const manager = createFakeManager(chain(10n * ETH));
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      {
        kind: 'send-transaction',
        transaction: { to: TO, data: '0x1234', chainId: 31337 },
        uiOptions: { buttonText: 'Pay' },
      },
      { manager },
    );
    const frame = await mounted(manager);
    expect(screen.getByRole('heading').textContent).toBe('Review transaction');
    expect(frame.parameters.buttonText).toBe('Pay');
  });

  it("insufficient funds disables Submit, explains, and offers 'Add Funds' when the on-ramp is on; no frame", async () => {
    const manager = createFakeManager(chain(ETH)); // value + gas > balance
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH, chainId: 31337 } },
      { manager, config: { fiatOnRamp: { enabled: true } } },
    );
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByTestId('send-amount').textContent).toBe('1 ETH');
    expect(
      screen.getByText('Wallet has insufficient funds on this network for this transaction.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Funds' })).toBeTruthy();
    expect(manager.mountApproval).not.toHaveBeenCalled();
  });

  it('priceDisplay fiat-currency: dollar amounts beside the frame, from GET /api/v1/token_price', async () => {
    const manager = createFakeManager(chain(10n * ETH));
    const apiRequest = vi.fn(async ({ path }: { path: string }) =>
      path.startsWith('/api/v1/token_price') ? { usd: 2000 } : {},
    );
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH / 1000n, chainId: 31337 } },
      {
        manager,
        apiRequest,
        config: {
          embeddedWallets: {
            priceDisplay: { primary: 'native-token', secondary: 'fiat-currency' },
          },
        },
      },
    );
    await mounted(manager);
    const rows = await screen.findByTestId('send-fiat');
    // 0.001 ETH at $2000; the fee is 21000 gas at 1 gwei = 0.000021 ETH = $0.042.
    expect(rows.textContent).toBe('Amount≈ $2.00Estimated fee≈ $0.04');
    expect(apiRequest).toHaveBeenCalledWith({
      method: 'GET',
      path: '/api/v1/token_price?chainId=31337&tokenSymbol=ETH',
    });
  });

  it("no price: 'Unable to fetch token price on chain id', and the send goes on", async () => {
    const manager = createFakeManager(chain(10n * ETH));
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH / 1000n, chainId: 31337 } },
      {
        manager,
        apiRequest: async ({ path }) => {
          if (path.startsWith('/api/v1/token_price')) {
            throw Object.assign(new Error('Unsupported chain: 31337'), { status: 400 });
          }
          return {};
        },
        config: {
          embeddedWallets: {
            priceDisplay: { primary: 'native-token', secondary: 'fiat-currency' },
          },
        },
      },
    );
    await mounted(manager);
    expect((await screen.findByTestId('price-unavailable')).textContent).toBe(
      'Unable to fetch token price on chain id 31337',
    );
    expect(screen.queryByTestId('send-fiat')).toBeNull();
  });

  it("insufficient funds with prices: dollar values under the amounts, and 'Add Funds' opens the on-ramp", async () => {
    const manager = createFakeManager(chain(ETH));
    const { modal } = renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH, chainId: 31337 } },
      {
        manager,
        apiRequest: async ({ path }) =>
          path.startsWith('/api/v1/token_price') ? { usd: 2000 } : {},
        config: {
          fiatOnRamp: { enabled: true },
          embeddedWallets: {
            priceDisplay: { primary: 'native-token', secondary: 'fiat-currency' },
          },
        },
      },
    );
    await waitFor(() =>
      expect(screen.getByTestId('send-amount').textContent).toBe('1 ETH$2,000.00'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(modal.navigate).toHaveBeenCalledWith('FIAT_ON_RAMP_PROMPT_SCREEN', {
      wallet: expect.objectContaining({ kind: 'send-transaction' }),
    });
  });

  it("no 'Add Funds' without the on-ramp", async () => {
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH, chainId: 31337 } },
      { manager: createFakeManager(chain(ETH)) },
    );
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('button', { name: 'Add Funds' })).toBeNull();
  });

  it('shows the spec text for an invalid quantity, with Retry transaction', async () => {
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: '1.5', chainId: 31337 } },
      { manager: createFakeManager(chain(ETH)) },
    );
    await screen.findByText(
      "Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity",
    );
    expect(screen.getByRole('button', { name: 'Retry transaction' })).toBeTruthy();
  });

  it('broadcasts what the frame signed, shows Submitting..., then the receipt, and resolves with it', async () => {
    const hash = `0x${'12'.repeat(32)}`;
    let release: () => void = () => {};
    const sent = new Promise<void>((r) => {
      release = r;
    });
    const provider = chain(10n * ETH, {
      eth_sendRawTransaction: async () => {
        await sent;
        return hash;
      },
      eth_getTransactionReceipt: {
        transactionHash: hash,
        blockNumber: '0x5',
        blockHash: `0x${'34'.repeat(32)}`,
        from: '0x1111111111111111111111111111111111111111',
        to: TO,
        status: '0x1',
        gasUsed: hex(21_000n),
        cumulativeGasUsed: hex(21_000n),
        effectiveGasPrice: hex(1_000_000_000n),
        transactionIndex: '0x0',
        logs: [],
        logsBloom: '0x',
        type: '0x2',
      },
      eth_blockNumber: '0x5',
    });
    const manager = createFakeManager(provider);
    const { resolve } = renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH / 1000n, chainId: 31337 } },
      { manager },
    );
    const frame = await mounted(manager);
    act(() => frame.load());
    expect(provider.request.mock.calls.map((c) => c[0].method)).not.toContain(
      'eth_sendRawTransaction',
    );
    act(() => frame.approve(RAW));
    await screen.findByText('Submitting (may take a few moments)...');
    release();
    await waitFor(() => expect(resolve).toHaveBeenCalledTimes(1));
    expect(resolve.mock.calls[0]![0]).toMatchObject({
      transactionHash: hash,
      blockNumber: 5n,
      gasUsed: 21_000n,
      status: 'success',
      confirmations: 1,
    });
    expect(screen.getByTestId('tx-hash').textContent).toBe(hash);
    const sendCall = provider.request.mock.calls.find(
      (c) => c[0].method === 'eth_sendRawTransaction',
    )!;
    expect(sendCall[0].params).toEqual([RAW]);
    // The host never asked its provider to sign.
    expect(provider.request.mock.calls.map((c) => c[0].method)).not.toContain(
      'eth_sendTransaction',
    );
  });

  it('a provider request (confirm-transaction) frames its filled transaction and resolves with the signed one', async () => {
    const manager = createFakeManager(chain(10n * ETH));
    const signRequest = {
      from: WALLET_ADDRESS,
      to: TO,
      value: '0x1',
      nonce: '0x3',
      gas: '0x5208',
      maxFeePerGas: '0x1',
      chainId: '0x7a69',
    };
    const { resolve, closed } = renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      {
        kind: 'confirm-transaction',
        transaction: { to: TO, value: '0x1', chainId: 31337, nonce: 3 },
        signRequest,
      },
      { manager },
    );
    const frame = await mounted(manager);
    expect(frame.parameters.request).toEqual({
      method: 'eth_signTransaction',
      params: [signRequest],
    });
    expect(manager.getProvider().fillTransaction).not.toHaveBeenCalled();
    act(() => frame.approve(RAW));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(RAW));
    expect(closed).toHaveBeenCalled();
  });

  it('a retry after a hash drops the nonce', async () => {
    const hash = `0x${'56'.repeat(32)}`;
    const provider = chain(10n * ETH, {
      eth_sendRawTransaction: hash,
      eth_getTransactionReceipt: {
        transactionHash: hash,
        blockNumber: '0x5',
        status: '0x0',
        gasUsed: '0x0',
      },
      eth_blockNumber: '0x5',
    });
    const manager = createFakeManager(provider);
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      {
        kind: 'send-transaction',
        transaction: { to: TO, value: 1n, chainId: 31337, nonce: 7 },
      },
      { manager },
    );
    const first = await mounted(manager);
    act(() => first.approve(RAW));
    const retry = await screen.findByRole('button', { name: 'Retry transaction' });
    expect(screen.getByTestId('tx-hash').textContent).toBe(hash); // the error view shows the hash
    fireEvent.click(retry);
    await mounted(manager, 1);
    const fills = vi.mocked(provider.fillTransaction).mock.calls.map(([tx]) => tx);
    expect(fills).toHaveLength(2);
    expect(fills[0]!.nonce).toBe('0x7');
    expect(fills[1]!.nonce).toBeUndefined();
  });

  it('a frame error shows the error view with Retry transaction', async () => {
    const manager = createFakeManager(chain(10n * ETH));
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: 1n, chainId: 31337 } },
      { manager },
    );
    const frame = await mounted(manager);
    act(() => frame.fail(Object.assign(new Error('Session not bound'), { code: 'frame_error' })));
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'Transaction failed');
    expect(screen.getByText('Session not bound')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry transaction' })).toBeTruthy();
  });

  it("a policy refusal of the frame shows its stable code ('Error code')", async () => {
    const manager = createFakeManager(chain(10n * ETH));
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: 1n, chainId: 31337 } },
      { manager },
    );
    const frame = await mounted(manager);
    act(() =>
      frame.fail(
        new WalletError('Over the per-transaction cap', { type: 'policy_value_cap_exceeded' }),
      ),
    );
    expect(await screen.findByText('policy_value_cap_exceeded')).toBeTruthy();
    expect(screen.getByText('Over the per-transaction cap')).toBeTruthy();
  });
});
