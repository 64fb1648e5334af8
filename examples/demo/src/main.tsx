import { type LatchkeyClientConfig, LatchkeyProvider } from '@latchkey/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

const appId = import.meta.env.VITE_LATCHKEY_APP_ID || 'latchkeydemo0000000000000';
const apiUrl = import.meta.env.VITE_LATCHKEY_API_URL || 'http://localhost:8787';

// `?theme=dark` shows the dark modal; `?accent=%230ea5e9` changes the accent colour.
const params = new URLSearchParams(window.location.search);
const config: LatchkeyClientConfig = {
  appearance: {
    theme: params.get('theme') === 'dark' ? 'dark' : 'light',
    ...(params.get('accent') ? { accentColor: params.get('accent') as string } : {}),
    loginMessage: 'Sign in with your email to try the Latchkey demo.',
  },
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
      <App />
    </LatchkeyProvider>
  </StrictMode>,
);
