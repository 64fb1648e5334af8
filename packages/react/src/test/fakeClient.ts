import {
  type AuthenticateResult,
  createWalletRegistry,
  type LatchkeyClient,
  LatchkeyError,
  type SessionState,
  type User,
} from '@latchkey/core';
import { vi } from 'vitest';

/** A 25-character app id that passes `validateAppId`. */
export const APP_ID = 'latchkeytest0000000000000';

export const TEST_USER: User = {
  id: 'user_1',
  createdAt: new Date(0),
  email: { address: 'alice@example.com' },
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
};

/** Options of {@link createFakeClient}. */
export interface FakeClientOptions {
  /** State after `initialize()`. Default unauthenticated. */
  initialStatus?: SessionState['status'];
  /** Server app config fields (snake_case). */
  appConfig?: Record<string, unknown>;
  sendEmailCode?: (p: { email: string }) => Promise<void>;
  loginWithEmailCode?: (p: { email: string; code: string }) => Promise<AuthenticateResult>;
}

/**
 * A fake `LatchkeyClient`: session state in memory, `sendEmailCode` and `loginWithEmailCode`
 * as spies (defaults: send succeeds; code '123456' logs in, anything else is a 422).
 */
export function createFakeClient(options: FakeClientOptions = {}) {
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<(s: SessionState) => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const l of [...listeners]) l(state);
  };
  const sendEmailCode = vi.fn(options.sendEmailCode ?? (async () => {}));
  const loginWithEmailCode = vi.fn(
    options.loginWithEmailCode ??
      (async ({ code }: { email: string; code: string }) => {
        if (code !== '123456') {
          throw new LatchkeyError('Invalid or expired verification code', {
            code: 'invalid_credentials',
          });
        }
        set({ status: 'authenticated', user: TEST_USER });
        return { user: TEST_USER, isNewUser: true };
      }),
  );
  const client = {
    appId: APP_ID,
    apiUrl: 'http://api.test',
    /** `request` answers the chain info with no chains; other paths resolve to `{}`. */
    api: {
      apiUrl: 'http://api.test',
      request: vi.fn(async ({ path }: { path: string }) =>
        path === '/api/v1/chains' ? { chains: [] } : {},
      ),
    },
    wallets: createWalletRegistry(),
    getAppConfig: vi.fn(async () => ({ name: 'Acme', email_auth: true, ...options.appConfig })),
    initialize: vi.fn(async () => {
      if (state.status === 'loading') {
        set(
          options.initialStatus === 'authenticated'
            ? { status: 'authenticated', user: TEST_USER }
            : { status: options.initialStatus ?? 'unauthenticated', user: null },
        );
      }
    }),
    getState: () => state,
    subscribe: (l: (s: SessionState) => void) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    sendEmailCode,
    loginWithEmailCode,
    getAccessToken: vi.fn(async () => (state.user ? 'token' : null)),
    logout: vi.fn(async () => set({ status: 'unauthenticated', user: null })),
    refreshSession: vi.fn(async () => state.user),
    refreshUser: vi.fn(async () => state.user),
    /** The page's wallet frame bridge (none here: MFA's shared client is made over it). */
    sharedWalletBridge: vi.fn(() => ({ frameOrigin: 'http://localhost:8787' })),
    /** No cross-app connection listed (issue 21). */
    getCrossAppConnections: vi.fn(async () => []),
    knownCrossAppConnections: vi.fn(() => null),
  };
  return { client: client as unknown as LatchkeyClient & typeof client, setState: set };
}
