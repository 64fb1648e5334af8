import { useLatchkeyWagmiSync } from '@latchkey/wagmi/react';
import {
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  waitForTransactionReceipt,
  watchConnection,
} from '@wagmi/core';
import { useEffect, useState } from 'react';
import { useActionRunner } from './useActionRunner.ts';
import { parseEther } from 'viem';
import { wagmiConfig } from './wagmi.ts';

/** What "Sign with wagmi" signs. */
export const WAGMI_MESSAGE = 'Hello from wagmi';
/** Where "Send with wagmi" sends 0.001 ETH (its own burn address, apart from the wallet card's). */
export const WAGMI_RECIPIENT = '0x000000000000000000000000000000000000a6a1';

/**
 * The embedded wallet through wagmi (`@latchkey/wagmi`): the connection wagmi sees, and
 * @wagmi/core's `signMessage` and `sendTransaction` actions; Latchkey's approval screens
 * confirm them as they do the hooks'.
 */
export function WagmiWallet() {
  useLatchkeyWagmiSync(wagmiConfig);
  const [connection, setConnection] = useState(() => getConnection(wagmiConfig));
  const { result, busy, run } = useActionRunner({ shortMessage: true });
  useEffect(() => {
    // What wagmi's <WagmiProvider> does on mount: restore (or drop) a stored connection.
    void reconnect(wagmiConfig);
    return watchConnection(wagmiConfig, { onChange: setConnection });
  }, []);

  const connected = connection.status === 'connected';

  return (
    <section className="demo__card">
      <h2>wagmi</h2>
      <p className="demo__lead">
        <code>@latchkey/wagmi</code>: <span data-testid="wagmi-status">{connection.status}</span>
        <code className="demo__address" data-testid="wagmi-address">
          {connection.address ?? ''}
        </code>
      </p>
      <div className="demo__actions">
        <button
          type="button"
          className="demo__button"
          disabled={!connected || busy}
          onClick={run('Sign with wagmi', () =>
            signMessage(wagmiConfig, { message: WAGMI_MESSAGE }),
          )}
        >
          Sign with wagmi
        </button>
        <button
          type="button"
          className="demo__button"
          disabled={!connected || busy}
          onClick={run('Send with wagmi', async () => {
            const hash = await sendTransaction(wagmiConfig, {
              to: WAGMI_RECIPIENT,
              value: parseEther('0.001'),
            });
            const receipt = await waitForTransactionReceipt(wagmiConfig, {
              hash,
              pollingInterval: 500,
            });
            return `${hash} ${receipt.status}`;
          })}
        >
          Send with wagmi
        </button>
      </div>
      <pre className="demo__result" data-testid="wagmi-result">
        {result}
      </pre>
    </section>
  );
}
