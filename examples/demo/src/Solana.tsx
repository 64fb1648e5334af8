import { useExportWallet, useImportWallet, useLatchkey, useSolanaWallets } from '@latchkey/react';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getWallets } from '@wallet-standard/app';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useActionRunner } from './useActionRunner.ts';

/** Where "Send 0.1 SOL" sends (a fixed test key's address on the local cluster). */
export const SOLANA_DEMO_RECIPIENT = 'GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB';
const LAMPORTS_PER_SOL = 1_000_000_000n;

/** Lamports as SOL, exact (no float), up to 9 decimals. */
export function formatSol(value: bigint): string {
  const whole = value / LAMPORTS_PER_SOL;
  const fraction = (value % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`;
}

/**
 * The embedded Solana wallet (issue 22): create it (derived from the Ethereum wallet's secret
 * when there is one), airdrop 1 SOL on the local cluster (`npm start` runs a LiteSVM JSON-RPC
 * endpoint), sign a message, send 0.1 SOL, and find the wallet as a Wallet Standard dapp does.
 * Or import an existing Solana secret key instead of creating one, and export the wallet's key
 * (issue 22 item 4: both in the wallet frame's pages, never on this page).
 * `rpcUrl`: the local cluster's JSON-RPC (the demo's `solanaClusters` config names the same).
 */
export function Solana({ rpcUrl }: { rpcUrl: string }) {
  const { authenticated } = useLatchkey();
  const { ready, wallets, createWallet } = useSolanaWallets();
  const { importWallet } = useImportWallet();
  const { exportWallet } = useExportWallet();
  const wallet = wallets[0];
  const rpc = useMemo(() => createSolanaRpc(rpcUrl), [rpcUrl]);
  const [balance, setBalance] = useState<bigint | null>(null);

  const refreshBalance = useCallback(async () => {
    if (!wallet) return setBalance(null);
    try {
      const { value } = await rpc.getBalance(address(wallet.address)).send();
      setBalance(value);
    } catch {
      setBalance(null);
    }
  }, [rpc, wallet]);
  const { result, busy, run } = useActionRunner({ after: () => void refreshBalance() });
  useEffect(() => {
    void refreshBalance();
  }, [refreshBalance]);

  if (!authenticated) return null;

  /** A transfer of `amount` lamports from the wallet to the demo recipient, unsigned. */
  const transfer = async (amount: bigint) => {
    const from = address(wallet!.address);
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    return compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: createNoopSigner(from),
              destination: address(SOLANA_DEMO_RECIPIENT),
              amount: lamports(amount),
            }),
            m,
          ),
      ),
    );
  };

  return (
    <section className="demo__card" data-testid="solana-card">
      <h2>Solana wallet</h2>
      {wallet ? (
        <>
          <p className="demo__lead">
            Address: <code data-testid="solana-address">{wallet.address}</code>
          </p>
          <p className="demo__lead">
            Balance:{' '}
            <span data-testid="solana-balance">{balance === null ? '…' : formatSol(balance)}</span>
          </p>
        </>
      ) : (
        <p className="demo__lead" data-testid="solana-status">
          {ready ? 'No Solana wallet yet.' : 'Connecting your Solana wallet…'}
        </p>
      )}
      <div className="demo__actions">
        <button
          type="button"
          className="demo__button"
          disabled={!ready || !!wallet || busy}
          onClick={run('Create Solana wallet', async () => (await createWallet()).address)}
        >
          Create Solana wallet
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!ready || !!wallet || busy}
          onClick={run('Import a Solana key', async () => {
            const { address: imported } = await importWallet({ chainType: 'solana' });
            return `Imported ${imported}`;
          })}
        >
          Import a Solana key
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!wallet || busy}
          onClick={run('Export Solana key', async () => {
            await exportWallet({ address: wallet!.address });
            return 'Key export opened in the wallet frame';
          })}
        >
          {/* Not 'Export key': the e2e specs press the Ethereum card's by that exact name. */}
          Export Solana key
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={!wallet || busy}
          onClick={run('Airdrop', async () => {
            const signature = await rpc
              .requestAirdrop(address(wallet!.address), lamports(LAMPORTS_PER_SOL))
              .send();
            return `Airdrop: ${signature}`;
          })}
        >
          Airdrop 1 SOL
        </button>
        {/* Named apart from the Ethereum card's 'Sign message' (scripts find buttons by name). */}
        <button
          type="button"
          className="demo__button"
          disabled={!wallet || busy}
          onClick={run('Sign Solana message', async () => {
            const signature = await wallet!.signMessage(
              new TextEncoder().encode('Hello from the Latchkey demo'),
            );
            return getBase58Decoder().decode(signature);
          })}
        >
          Sign Solana message
        </button>
        <button
          type="button"
          className="demo__button"
          disabled={!wallet || busy}
          onClick={run('Send 0.1 SOL', async () => {
            const { signature } = await wallet!.signAndSendTransaction(
              await transfer(LAMPORTS_PER_SOL / 10n),
            );
            return signature;
          })}
        >
          Send 0.1 SOL
        </button>
        <button
          type="button"
          className="demo__button demo__button--secondary"
          disabled={busy}
          onClick={run('Wallet Standard', async () => {
            // What a Solana dapp (or the wallet adapter) sees: the registered wallets.
            const found = getWallets()
              .get()
              .filter((w) => w.chains.some((chain) => chain.startsWith('solana:')));
            return found.length === 0
              ? 'No Solana wallet registered'
              : found
                  .map((w) => `${w.name}: ${w.accounts.map((a) => a.address).join(', ') || '—'}`)
                  .join('\n');
          })}
        >
          Find Solana wallets
        </button>
      </div>
      <pre data-testid="solana-result">{result}</pre>
    </section>
  );
}
