import {
  useExportWallet,
  useFundWallet,
  useImportWallet,
  useLatchkey,
  useSendTransaction,
  useSetWalletPassword,
  useSetWalletRecovery,
  useSignMessage,
  useSignTypedData,
  useWallets,
} from '@latchkey/react';
import { useCallback, useEffect, useState } from 'react';
import { useActionRunner } from './useActionRunner.ts';

/** Where the demo's "Send transaction" sends 0.001 ETH (a burn address on anvil). */
export const DEMO_RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const ONE_MILLI_ETH = 10n ** 15n;

function formatEth(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ETH`;
}

/**
 * The embedded wallet (issue 3): address, balance, sign, send, fund by card (issue 20: the local
 * MoonPay stand-in that `npm start` runs), export, set password and back up (issue 23: the
 * app's backups, password, Google Drive or iCloud, the cloud ones at the local stand-ins that
 * `npm start` runs); a user without a wallet can
 * import an existing Ethereum key instead (issue 22 item 4: typed into the wallet frame only;
 * open the demo with `?createOnLogin=off` so none is made at login).
 */
export function Wallet() {
  const { authenticated } = useLatchkey();
  const { ready, wallets } = useWallets();
  const embedded = wallets.find((w) => w.walletClientType === 'latchkey');
  const { signMessage } = useSignMessage();
  const { signTypedData } = useSignTypedData();
  const { sendTransaction } = useSendTransaction();
  const { exportWallet } = useExportWallet();
  const { importWallet } = useImportWallet();
  const { fundWallet } = useFundWallet();
  const { setWalletPassword } = useSetWalletPassword();
  const { setWalletRecovery } = useSetWalletRecovery();
  const [balance, setBalance] = useState<bigint | null>(null);

  const refreshBalance = useCallback(async () => {
    if (!embedded) return setBalance(null);
    try {
      const provider = await embedded.getEthereumProvider();
      const hex = (await provider.request({
        method: 'eth_getBalance',
        params: [embedded.address, 'latest'],
      })) as string;
      setBalance(BigInt(hex));
    } catch {
      setBalance(null);
    }
  }, [embedded]);
  const { result, busy, run } = useActionRunner({ after: () => void refreshBalance() });
  useEffect(() => {
    void refreshBalance();
  }, [refreshBalance]);
  // For scripts (bench/wallet.ts, e2e): the wallet's EIP-1193 provider and two hooks, as a dapp uses them.
  useEffect(() => {
    const w = window as unknown as { latchkeyDemo?: unknown };
    w.latchkeyDemo = embedded
      ? {
          address: embedded.address,
          getEthereumProvider: () => embedded.getEthereumProvider(),
          sendTransaction,
          signTypedData,
        }
      : undefined;
  }, [embedded, sendTransaction, signTypedData]);

  if (!authenticated) return null;

  return (
    <section className="demo__card">
      <h2>Embedded wallet</h2>
      {embedded ? (
        <>
          <p className="demo__lead">
            Address: <code data-testid="wallet-address">{embedded.address}</code>
          </p>
          <p className="demo__lead">
            Balance:{' '}
            <span data-testid="wallet-balance">{balance === null ? '…' : formatEth(balance)}</span>
          </p>
        </>
      ) : (
        <p className="demo__lead" data-testid="wallet-status">
          {ready ? 'No embedded wallet on this device yet.' : 'Connecting your wallet…'}
        </p>
      )}
      <div className="demo__actions">
        <button
          type="button"
          className="demo__button"
          disabled={!embedded || busy}
          onClick={run('Sign message', async () => {
            const { signature } = await signMessage('Hello from the Latchkey demo');
            return signature;
          })}
        >
          Sign message
        </button>
        <button
          type="button"
          className="demo__button"
          disabled={!embedded || busy}
          onClick={run('Send transaction', async () => {
            const receipt = await sendTransaction({
              to: DEMO_RECIPIENT,
              value: ONE_MILLI_ETH,
              chainId: 31337,
            });
            return receipt.transactionHash;
          })}
        >
          Send transaction
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!embedded || busy}
          onClick={run('Fund wallet', async () => {
            const { status } = await fundWallet({ address: embedded!.address });
            return `Funding: ${status}`;
          })}
        >
          Fund wallet
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!embedded || busy}
          onClick={run('Export key', async () => {
            await exportWallet();
            return 'Key export opened in the wallet frame';
          })}
        >
          Export key
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!ready || !!embedded || busy}
          onClick={run('Import a key', async () => {
            const { address } = await importWallet();
            return address;
          })}
        >
          Import a key
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!embedded || busy}
          onClick={run('Set password', async () => {
            await setWalletPassword();
            return 'Password set';
          })}
        >
          Set password
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!embedded || busy}
          onClick={run('Back up wallet', async () => {
            await setWalletRecovery();
            return 'Backup set';
          })}
        >
          Back up wallet
        </button>
      </div>
      <pre data-testid="result">{result}</pre>
    </section>
  );
}
