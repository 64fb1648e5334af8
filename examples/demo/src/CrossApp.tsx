import { useCrossAppAccounts, useLatchkey } from '@latchkey/react';
import { useEffect, useState } from 'react';

interface Connection {
  provider_app_id: string;
  provider_app_name: string;
  read_only: boolean;
}

/**
 * Cross-app login (issue 21): the apps this one may log in with
 * (`GET /api/v1/apps/{appId}/cross-app/connections`; the dev stack seeds "Latchkey Wallet"),
 * each a button that opens the provider's sign-in page in a popup.
 */
export function CrossApp({ appId, apiUrl }: { appId: string; apiUrl: string }) {
  const { ready, authenticated } = useLatchkey();
  const { loginWithCrossAppAccount } = useCrossAppAccounts();
  const [connections, setConnections] = useState<Connection[]>([]);
  const [outcome, setOutcome] = useState<string | null>(null);

  useEffect(() => {
    fetch(`${apiUrl}/api/v1/apps/${encodeURIComponent(appId)}/cross-app/connections`)
      .then((res) => (res.ok ? (res.json() as Promise<{ connections: Connection[] }>) : null))
      .then((body) => setConnections(body?.connections ?? []))
      .catch(() => setConnections([]));
  }, [appId, apiUrl]);

  if (connections.length === 0) return null;
  return (
    <section className="demo__card">
      <h2>Another app&apos;s account</h2>
      <p className="demo__lead">Log in with an account (and its wallet) of another app.</p>
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
      {outcome && (
        <p className="demo__event" data-testid="cross-app-outcome">
          {outcome}
        </p>
      )}
    </section>
  );
}
