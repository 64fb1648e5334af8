/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The demo app's Latchkey app id (25 characters). */
  readonly VITE_LATCHKEY_APP_ID?: string;
  /** Base URL of the Latchkey API. */
  readonly VITE_LATCHKEY_API_URL?: string;
}
