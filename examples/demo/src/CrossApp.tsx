import { useCrossAppAccounts, useLatchkey } from '@latchkey/react';
import { useEffect, useState } from 'react';

interface Connection {
  provider_app_id: string;
  provider_app_name: string;
  read_only: boolean;
}

/** The demo's message and its 0.001 ETH transfer, as the embedded wallet's panel sends them. */
export const CROSS_APP_MESSAGE = 'Hello from the Latchkey demo, signed by another app';
const DEMO_RECIPIENT = '0x000000000000000000000000000000000000dEaD';

/**
 * Cross-app accounts (issue 21): the apps this one may log in with
 * (`GET /api/v1/apps/{appId}/cross-app/connections`; the dev stack seeds "Latchkey Wallet"),
 * each a button that opens the provider's sign-in page in a popup; once logged in with one, its
 * wallet signs and sends through the provider's transact popup (the user approves there).
 * `provider` is the demo's app A: the connection with its app id says where its own site is
 * (`url`, an origin), where a person makes the account first. Renders nothing without
 * connections (app A itself has none).
 */
export function CrossApp({
  appId,
  apiUrl,
  provider,
}: {
  appId: string;
  apiUrl: string;
  provider?: { appId: string; url: string };
}) {
  const { ready, authenticated, user } = useLatchkey();
  const { loginWithCrossAppAccount, signMessage, sendTransaction } = useCrossAppAccounts();
  const [connections, setConnections] = useState<Connection[]>([]);
  const [outcome, setOutcome] = useState<string | null>(null);

  useEffect(() => {
    fetch(`${apiUrl}/api/v1/apps/${encodeURIComponent(appId)}/cross-app/connections`)
      .then((res) => (res.ok ? (res.json() as Promise<{ connections: Connection[] }>) : null))
      .then((body) => setConnections(body?.connections ?? []))
      .catch(() => setConnections([]));
  }, [appId, apiUrl]);

  if (connections.length === 0) return null;
  const wallets = (user?.linkedAccounts ?? []).flatMap((account) =>
    account.type === 'cross_app'
      ? account.embeddedWallets.map((w) => ({
          address: w.address,
          name:
            connections.find((c) => c.provider_app_id === account.providerApp.id)
              ?.provider_app_name ?? account.providerApp.id,
        }))
      : [],
  );
  const report = (label: string) => (promise: Promise<string>) =>
    promise.then(
      (value) => setOutcome(`${label}: ${value}`),
      (error: Error) => setOutcome(error.message),
    );
  return (
    <section className="demo__card">
      <h2>Another app&apos;s account</h2>
      <p className="demo__lead">Log in with an account (and its wallet) of another app.</p>
      {provider &&
        !authenticated &&
        connections
          .filter((c) => c.provider_app_id === provider.appId)
          .map((c) => (
            <p key={c.provider_app_id} className="demo__lead" data-testid="cross-app-provider-site">
              {c.provider_app_name} is app A of this demo, with its own site at{' '}
              <a href={provider.url} target="_blank" rel="noreferrer">
                {new URL(provider.url).host}
              </a>
              : make an account and its wallet there first, then log in here with it.
            </p>
          ))}
      <div className="demo__actions">
        {connections.map((c) => (
          <button
            key={c.provider_app_id}
            type="button"
            className="demo__button demo__button--secondary"
            disabled={!ready || authenticated}
            onClick={() => {
              setOutcome(null);
              loginWithCrossAppAccount({ appId: c.provider_app_id }).then(
                () => setOutcome(`Logged in with ${c.provider_app_name}`),
                (error: Error) => setOutcome(error.message),
              );
            }}
          >
            Log in with {c.provider_app_name}
          </button>
        ))}
      </div>
      {wallets.map((w) => (
        <div key={w.address}>
          <p className="demo__lead">
            {w.name} wallet{' '}
            <code className="demo__address" data-testid="cross-app-wallet">
              {w.address}
            </code>
          </p>
          <div className="demo__actions">
            <button
              type="button"
              className="demo__button"
              onClick={() => {
                setOutcome(null);
                // In the click: the provider's transact popup opens before any await.
                void report('Signature')(signMessage(CROSS_APP_MESSAGE, { address: w.address }));
              }}
            >
              Sign with {w.name}
            </button>
            <button
              type="button"
              className="demo__button demo__button--secondary"
              onClick={() => {
                setOutcome(null);
                void report('Transaction')(
                  sendTransaction(
                    { to: DEMO_RECIPIENT, value: 10n ** 15n, chainId: 31337 },
                    { address: w.address },
                  ),
                );
              }}
            >
              Send 0.001 ETH with {w.name}
            </button>
          </div>
        </div>
      ))}
      {outcome && (
        <p className="demo__event" data-testid="cross-app-outcome">
          {outcome}
        </p>
      )}
    </section>
  );
}
