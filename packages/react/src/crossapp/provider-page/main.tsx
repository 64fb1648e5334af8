/**
 * Browser entry of the provider app's own pages (issue 21 item 2), bundled by the server
 * (`packages/server/src/crossapp/page.ts`) and served on the API origin: the sign-in page at
 * `{issuer}/interaction/{uid}` and the transact page at `{issuer}/transact`. Reads
 * `<meta name="latchkey-crossapp" content="{appId, apiUrl, uid?, transact?: {clientId, origin}}">`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { ProviderPage } from './ProviderPage.tsx';
import { TransactPage } from './TransactPage.tsx';
import './page.css';

const meta = document.querySelector('meta[name="latchkey-crossapp"]');
const { appId, apiUrl, uid, transact } = JSON.parse(meta?.getAttribute('content') ?? '{}') as {
  appId: string;
  apiUrl: string;
  uid?: string;
  transact?: { clientId: string; origin: string };
};
const dark = matchMedia('(prefers-color-scheme: dark)').matches;
document.documentElement.dataset.theme = dark ? 'dark' : 'light';
const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(
  <StrictMode>
    <LatchkeyProvider
      appId={appId}
      apiUrl={apiUrl}
      config={{
        appearance: { theme: dark ? 'dark' : 'light' },
        render: { standalone: true },
        // The account is shared with its wallet: a user without one gets it on this login.
        embeddedWallets: { createOnLogin: 'users-without-wallets' },
      }}
    >
      {transact ? (
        <TransactPage appId={appId} clientId={transact.clientId} origin={transact.origin} />
      ) : (
        <ProviderPage apiUrl={apiUrl} appId={appId} uid={uid ?? ''} />
      )}
    </LatchkeyProvider>
  </StrictMode>,
);
