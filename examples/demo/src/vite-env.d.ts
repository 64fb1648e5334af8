/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The demo app's Latchkey app id (25 characters). */
  readonly VITE_LATCHKEY_APP_ID?: string;
  /** Base URL of the Latchkey API. */
  readonly VITE_LATCHKEY_API_URL?: string;
  /** The demo's origin (app B, the dev app), e.g. `http://localhost:5173`. */
  readonly VITE_LATCHKEY_DEMO_URL?: string;
  /** App A's origin (the cross-app provider's own site), e.g. `http://localhost:5174`. */
  readonly VITE_LATCHKEY_PROVIDER_URL?: string;
  /** App A's Latchkey app id, the cross-app provider (25 characters). */
  readonly VITE_LATCHKEY_PROVIDER_APP_ID?: string;
  /** The local Solana cluster's JSON-RPC (scripts/start.ts; issue 22). */
  readonly VITE_LATCHKEY_SOLANA_RPC_URL?: string;
}
