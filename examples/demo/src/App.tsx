import { useConnectWallet, useLatchkey, useLogin, useWallets } from '@latchkey/react';
import { useState } from 'react';
import { Accounts } from './Accounts.tsx';
import { CrossApp } from './CrossApp.tsx';
import { WagmiWallet } from './WagmiWallet.tsx';
import { Solana } from './Solana.tsx';
import { Wallet } from './Wallet.tsx';
import { Mfa } from './Mfa.tsx';

/**
 * Which app of the cross-app demo (issue 21 item 5) this page is: `npm start` serves one bundle
 * on two origins. `provider` is app A, "Latchkey Wallet" (http://localhost:5174), whose
 * accounts and wallets app B uses; `requester` is app B, the dev app (http://localhost:5173).
 */
export interface DemoSite {
  role: 'provider' | 'requester';
  /** The page's heading: the app's name. */
  name: string;
  /** The other app's origin, linked from this page. */
  otherUrl: string;
  /** App A's Latchkey app id (the provider that app B's cross-app card points to). */
  providerAppId: string;
}

/** The origin as a person reads it: `localhost:5174`. */
const hostOf = (url: string) => new URL(url).host;

/**
 * The demo host page: a header naming the app (A or B of the cross-app demo, `site`), the
 * session status, log in / log out, then the feature cards.
 */
export function App({
  appId,
  apiUrl,
  site,
  solanaRpcUrl,
}: {
  appId: string;
  apiUrl: string;
  site: DemoSite;
  solanaRpcUrl: string;
}) {
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
          {site.role === 'provider' ? 'W' : 'L'}
        </span>
        <h1>{site.name}</h1>
        <span className="demo__tag" data-testid="demo-app">
          {site.role === 'provider' ? 'App A' : 'App B'}
        </span>
      </header>
      <p className="demo__intro" data-testid="demo-intro">
        {site.role === 'provider' ? (
          <>
            App A of the cross-app demo. An account made here, and its wallet, can be used from app
            B, the Latchkey demo at{' '}
            <a href={site.otherUrl} target="_blank" rel="noreferrer">
              {hostOf(site.otherUrl)}
            </a>{' '}
            (&ldquo;Log in with Latchkey Wallet&rdquo;).
          </>
        ) : (
          <>
            App B of the cross-app demo. It can also log in with an account of app A, Latchkey
            Wallet at{' '}
            <a href={site.otherUrl} target="_blank" rel="noreferrer">
              {hostOf(site.otherUrl)}
            </a>
            , and sign with its wallet.
          </>
        )}
      </p>

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
              {site.role === 'provider' ? (
                <>
                  Create an account with any email (the code is in the dev outbox): an embedded
                  wallet is made at login, with 10 test ETH.
                </>
              ) : (
                <>
                  A host app using <code>@latchkey/react</code>. The login modal loads on the first
                  click.
                </>
              )}
            </p>
            <button type="button" className="demo__button" onClick={login} disabled={!ready}>
              Log in
            </button>
          </>
        )}
        {lastEvent && <p className="demo__event">{lastEvent}</p>}
      </section>

      <CrossApp
        appId={appId}
        apiUrl={apiUrl}
        provider={{ appId: site.providerAppId, url: site.otherUrl }}
      />

      <Accounts
        crossApp={
          site.role === 'requester'
            ? { appId: site.providerAppId, name: 'Latchkey Wallet' }
            : undefined
        }
      />

      <Wallet />
      <Solana rpcUrl={solanaRpcUrl} />
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
