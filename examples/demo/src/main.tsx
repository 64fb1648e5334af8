import { type LatchkeyClientConfig, LatchkeyProvider } from '@latchkey/react';
import { walletConnect } from '@latchkey/react/walletconnect';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

/**
 * Settings a shared production build is given at serve time: `scripts/start.ts` writes them
 * into the served `index.html` (one build, many stacks on other ports: the e2e run).
 */
declare global {
  interface Window {
    LATCHKEY_DEMO_CONFIG?: { appId?: string; apiUrl?: string };
  }
}
const served = window.LATCHKEY_DEMO_CONFIG;
const appId = served?.appId || import.meta.env.VITE_LATCHKEY_APP_ID || 'latchkeydemo0000000000000';
const apiUrl = served?.apiUrl || import.meta.env.VITE_LATCHKEY_API_URL || 'http://localhost:8787';

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
    loginMessage: 'Sign in with your email to try the Latchkey demo.',
  },
  // Issue 3: a wallet for every user without one; `?noPrompt=1` signs without the sign screen.
  embeddedWallets: {
    createOnLogin: 'users-without-wallets',
    noPromptOnSignature: params.get('noPrompt') === '1',
    // `?passwordOnCreate=1`: the password flow runs while the wallet is created.
    requireUserOwnedRecoveryOnCreate: params.get('passwordOnCreate') === '1',
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
      <App appId={appId} apiUrl={apiUrl} />
    </LatchkeyProvider>
  </StrictMode>,
);
