/**
 * Browser entry of the provider app's own sign-in page (issue 21 item 2), bundled by the server
 * (`packages/server/src/crossapp/page.ts`) and served at `{issuer}/interaction/{uid}` on the API
 * origin. Reads `<meta name="latchkey-crossapp" content="{appId, apiUrl, uid}">`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { ProviderPage } from './ProviderPage.tsx';
import './page.css';

const meta = document.querySelector('meta[name="latchkey-crossapp"]');
const { appId, apiUrl, uid } = JSON.parse(meta?.getAttribute('content') ?? '{}') as {
  appId: string;
  apiUrl: string;
  uid: string;
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
      <ProviderPage apiUrl={apiUrl} appId={appId} uid={uid} />
    </LatchkeyProvider>
  </StrictMode>,
);
