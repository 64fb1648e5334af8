import { type LatchkeyClientConfig, LatchkeyProvider } from '@latchkey/react';
import { walletConnect } from '@latchkey/react/walletconnect';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type DemoSite } from './App.tsx';
import './styles.css';

/**
 * Settings a shared production build is given at serve time: `scripts/start.ts` writes them
 * into the served `index.html` (one build, many stacks on other ports: the e2e run).
 * `appId` is app B's (the dev app, on `demoUrl`), `providerAppId` app A's (the cross-app
 * provider "Latchkey Wallet", on `providerUrl`); URLs are origins like `http://localhost:5173`.
 */
declare global {
  interface Window {
    LATCHKEY_DEMO_CONFIG?: {
      appId?: string;
      apiUrl?: string;
      demoUrl?: string;
      providerAppId?: string;
      providerUrl?: string;
      /** The local Solana cluster's JSON-RPC (LiteSVM, `test-support/solana-rpc.ts`; issue 22). */
      solanaRpcUrl?: string;
    };
  }
}
const served = window.LATCHKEY_DEMO_CONFIG;
const env = import.meta.env;
const apiUrl = served?.apiUrl || env.VITE_LATCHKEY_API_URL || 'http://localhost:8787';
const demoUrl = served?.demoUrl || env.VITE_LATCHKEY_DEMO_URL || 'http://localhost:5173';
const providerUrl =
  served?.providerUrl || env.VITE_LATCHKEY_PROVIDER_URL || 'http://localhost:5174';
const providerAppId =
  served?.providerAppId || env.VITE_LATCHKEY_PROVIDER_APP_ID || 'latchkeywallet00000000000';
// The local Solana cluster `npm start` runs (LiteSVM behind JSON-RPC; issue 22).
const solanaRpcUrl =
  served?.solanaRpcUrl || env.VITE_LATCHKEY_SOLANA_RPC_URL || 'http://127.0.0.1:8899';

// One bundle, two apps (issue 21 item 5): the page on app A's origin is app A, "Latchkey
// Wallet", whose accounts and wallets app B (any other origin, the dev app) logs in and signs with.
const site: DemoSite =
  window.location.origin === new URL(providerUrl).origin
    ? { role: 'provider', name: 'Latchkey Wallet', otherUrl: demoUrl, providerAppId }
    : { role: 'requester', name: 'Latchkey demo', otherUrl: providerUrl, providerAppId };
const appId =
  site.role === 'provider'
    ? providerAppId
    : served?.appId || env.VITE_LATCHKEY_APP_ID || 'latchkeydemo0000000000000';
document.title = site.role === 'provider' ? 'Latchkey Wallet (demo app A)' : 'Latchkey demo';

// `?theme=dark` shows the dark modal on a dark page; `?accent=%230ea5e9` changes the accent colour;
// `?locale=ja` sets the modal's language.
const params = new URLSearchParams(window.location.search);
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
// The page follows the same theme as the modal (styles.css keys its colours on data-theme).
document.documentElement.dataset.theme = theme;
const config: LatchkeyClientConfig = {
  appearance: {
    theme,
    ...(params.get('accent') ? { accentColor: params.get('accent') as string } : {}),
    loginMessage:
      site.role === 'provider'
        ? 'Sign in to Latchkey Wallet. Other apps can then use this account and its wallet.'
        : 'Sign in with your email to try the Latchkey demo.',
  },
  // Issue 3: a wallet for every user without one; `?noPrompt=1` signs without the sign screen.
  // `?createOnLogin=off` (issue 22 item 4): no wallet is made at login, so "Import a key" can
  // bring one in.
  embeddedWallets: {
    createOnLogin: params.get('createOnLogin') === 'off' ? 'off' : 'users-without-wallets',
    noPromptOnSignature: params.get('noPrompt') === '1',
    // `?passwordOnCreate=1`: the password flow runs while the wallet is created (the password
    // only, whatever else the app offers). `?cloudOnCreate=1` (issue 23): the user picks the
    // wallet's backup first among the app's (the dev app: password, Google Drive, iCloud).
    requireUserOwnedRecoveryOnCreate:
      params.get('passwordOnCreate') === '1' || params.get('cloudOnCreate') === '1',
    ...(params.get('passwordOnCreate') === '1'
      ? { userOwnedRecoveryOptions: ['user-passcode' as const] }
      : {}),
    // `?fiat=1` (issue 20): dollar amounts beside ETH on the send screen, from the API's prices.
    ...(params.get('fiat') === '1'
      ? { priceDisplay: { primary: 'native-token', secondary: 'fiat-currency' } as const }
      : {}),
  },
  // Card funding (issue 20): on when the app enables it (the dev app does); the dev stack's
  // MoonPay is a local stand-in holding sandbox keys.
  fiatOnRamp: { useSandbox: true },
  // `?locale=fr` (any BCP 47 tag): the modal's language; without it, the browser's (issue 14).
  ...(params.get('locale') ? { intl: { locale: params.get('locale') as string } } : {}),
  // `?crossApp=list` on app B (issue 21): the modal lists app A, "Latchkey Wallet", as a login
  // method (`latchkey:{appId}`, named in loginMethodsAndOrder, ordered layout), its name and
  // logo from the app's cross-app connections.
  ...(site.role === 'requester' && params.get('crossApp') === 'list'
    ? {
        loginMethodsAndOrder: {
          primary: ['email', `latchkey:${providerAppId}` as const, 'google', 'passkey'],
          overflow: ['sms', 'github', 'wallet'],
        },
      }
    : {}),
  // Issue 22: the embedded Solana wallet sends to the local cluster (the first is the default).
  solanaClusters: [{ name: 'Solana Localnet', chain: 'solana:localnet', rpcUrl: solanaRpcUrl }],
  // WalletConnect (an optional peer): offered when the app has a WalletConnect project id.
  externalWallets: { walletConnect: { connector: walletConnect } },
  legal: {
    termsAndConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
  },
};

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <LatchkeyProvider appId={appId} apiUrl={apiUrl} config={config}>
      <App appId={appId} apiUrl={apiUrl} site={site} solanaRpcUrl={solanaRpcUrl} />
    </LatchkeyProvider>
  </StrictMode>,
);
