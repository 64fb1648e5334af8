import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeManager,
  createFakeProvider,
  renderWalletScreen,
} from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletSendTransaction from './EmbeddedWalletSendTransaction.tsx';

const TO = '0x000000000000000000000000000000000000dEaD';
const ETH = 10n ** 18n;
const hex = (n: bigint) => `0x${n.toString(16)}`;

function chain(balance: bigint, extra: Record<string, unknown> = {}) {
  return createFakeProvider({
    eth_getBalance: hex(balance),
    eth_estimateGas: hex(21_000n),
    eth_gasPrice: hex(1_000_000_000n),
    ...extra,
  });
}

describe('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN', () => {
  it("titles a SEND 'Send ETH' and lets a funded wallet Submit", async () => {
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH / 1000n, chainId: 31337 } },
      { manager: createFakeManager(chain(10n * ETH)) },
    );
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(screen.getByRole('heading').textContent).toBe('Send ETH');
    expect(submit).toHaveProperty('disabled', false);
    expect(screen.getByTestId('send-amount').textContent).toBe('0.001 ETH');
    expect(
      screen.queryByText('Wallet has insufficient funds on this network for this transaction.'),
    ).toBeNull();
  });

  it("titles a contract call 'Review transaction'", async () => {
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, data: '0x1234', chainId: 31337 } },
      { manager: createFakeManager(chain(10n * ETH)) },
    );
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.getByRole('heading').textContent).toBe('Review transaction');
  });

  it("insufficient funds disables Submit, explains, and offers 'Add Funds' when the on-ramp is on", async () => {
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH, chainId: 31337 } },
      {
        manager: createFakeManager(chain(ETH)), // value + gas > balance
        config: { fiatOnRamp: { enabled: true } },
      },
    );
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Wallet has insufficient funds on this network for this transaction.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Funds' })).toBeTruthy();
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

  it('submits through eth_sendTransaction, shows Submitting..., then the receipt, and resolves with it', async () => {
    const hash = `0x${'12'.repeat(32)}`;
    let release: () => void = () => {};
    const sent = new Promise<void>((r) => {
      release = r;
    });
    const provider = chain(10n * ETH, {
      eth_sendTransaction: async () => {
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
    const { resolve } = renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      { kind: 'send-transaction', transaction: { to: TO, value: ETH / 1000n, chainId: 31337 } },
      { manager: createFakeManager(provider) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByRole('button', { name: 'Submitting (may take a few moments)...' });
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
      (c) => c[0].method === 'eth_sendTransaction',
    )!;
    expect(sendCall[0].params).toEqual([{ to: TO, value: hex(ETH / 1000n), chainId: '0x7a69' }]);
  });

  it('a retry after a hash drops the nonce', async () => {
    const hash = `0x${'56'.repeat(32)}`;
    const provider = chain(10n * ETH, {
      eth_sendTransaction: hash,
      eth_getTransactionReceipt: {
        transactionHash: hash,
        blockNumber: '0x5',
        status: '0x0',
        gasUsed: '0x0',
      },
      eth_blockNumber: '0x5',
    });
    renderWalletScreen(
      <EmbeddedWalletSendTransaction />,
      {
        kind: 'send-transaction',
        transaction: { to: TO, value: 1n, chainId: 31337, nonce: 7 },
      },
      { manager: createFakeManager(provider) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const retry = await screen.findByRole('button', { name: 'Retry transaction' });
    expect(screen.getByTestId('tx-hash').textContent).toBe(hash); // the error view shows the hash
    fireEvent.click(retry);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        provider.request.mock.calls.filter((c) => c[0].method === 'eth_sendTransaction'),
      ).toHaveLength(2),
    );
    const [first, second] = provider.request.mock.calls.filter(
      (c) => c[0].method === 'eth_sendTransaction',
    );
    expect((first![0].params as [{ nonce?: string }])[0].nonce).toBe('0x7');
    expect((second![0].params as [{ nonce?: string }])[0].nonce).toBeUndefined();
  });
});
