import { useConnectWallet, useLatchkey, useLogin, useWallets } from '@latchkey/react';
import { useState } from 'react';
import { Accounts } from './Accounts.tsx';
import { CrossApp } from './CrossApp.tsx';
import { WagmiWallet } from './WagmiWallet.tsx';
import { Wallet } from './Wallet.tsx';
import { Mfa } from './Mfa.tsx';

/** The demo host page: a header, the session status, and log in / log out. */
export function App({ appId, apiUrl }: { appId: string; apiUrl: string }) {
  const { ready, authenticated, user, logout } = useLatchkey();
  const [lastEvent, setLastEvent] = useState<string | null>(null);
  const { login } = useLogin({
    onComplete: ({ isNewUser }) => setLastEvent(isNewUser ? 'Signed up' : 'Logged in'),
    onError: (error) => setLastEvent(`Login ended: ${error.code}`),
  });
  const status = !ready ? 'loading' : authenticated ? 'authenticated' : 'unauthenticated';

  return (
    <main className="demo">
      <header className="demo__header">
        <span className="demo__mark" aria-hidden="true">
          L
        </span>
        <h1>Latchkey demo</h1>
      </header>

      <section className="demo__card" aria-live="polite">
        <p className="demo__status">
          Status:{' '}
          <span data-testid="status" className={`demo__badge demo__badge--${status}`}>
            {status}
          </span>
        </p>

        {authenticated && user ? (
          <>
            <p className="demo__lead">
              Logged in as <strong data-testid="email">{user.email?.address ?? user.id}</strong>
            </p>
            <button
              type="button"
              className="demo__button demo__button--secondary"
              onClick={() => void logout()}
            >
              Log out
            </button>
            <h2>User</h2>
            <pre data-testid="user">{JSON.stringify(user, null, 2)}</pre>
          </>
        ) : (
          <>
            <p className="demo__lead">
              A host app using <code>@latchkey/react</code>. The login modal loads on the first
              click.
            </p>
            <button type="button" className="demo__button" onClick={login} disabled={!ready}>
              Log in
            </button>
          </>
        )}
        {lastEvent && <p className="demo__event">{lastEvent}</p>}
      </section>

      <CrossApp appId={appId} apiUrl={apiUrl} />

      <Accounts />

      <Wallet />
      <Mfa />

      <ExternalWallets />

      <WagmiWallet />
    </main>
  );
}

/** Connected external wallets (SIWE logins and connect-only; issue 4) and 'Connect wallet'. */
function ExternalWallets() {
  const { ready } = useLatchkey();
  const { connectWallet } = useConnectWallet();
  const wallets = useWallets().wallets.filter((w) => w.connectorType !== 'embedded');
  return (
    <section className="demo__card">
      <h2>External wallets</h2>
      <ul data-testid="wallets" className="demo__wallets">
        {wallets.map((w) => (
          <li key={`${w.walletClientType}:${w.address}`} data-address={w.address}>
            <code>{w.address}</code> {w.walletClientType} ({w.connectorType},{' '}
            {w.linked ? 'linked' : 'connected only'}, {w.chainId})
          </li>
        ))}
      </ul>
      {wallets.length === 0 && <p className="demo__lead">No external wallet connected.</p>}
      <button
        type="button"
        className="demo__button demo__button--secondary"
        onClick={connectWallet}
        disabled={!ready}
      >
        Connect wallet
      </button>
    </section>
  );
}
