import { ROUTES } from '@latchkey/api';
import type { LatchkeyClient } from '@latchkey/core';

/** Analytics event when creating the wallet during login fails and the user is logged out (spec section 4). */
export const EMBEDDED_WALLET_CREATION_FAILURE_LOGOUT = 'embedded_wallet_creation_failure_logout';

/**
 * Spec section 4: a wallet-creation failure during login logs the user out and posts
 * `embedded_wallet_creation_failure_logout` with the error and the screen (fire and forget).
 */
export async function logoutAfterCreationFailure(
  client: LatchkeyClient,
  error: unknown,
  screen: string,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  client.api
    .request({
      method: 'POST',
      path: ROUTES.analyticsEvents,
      body: {
        event_name: EMBEDDED_WALLET_CREATION_FAILURE_LOGOUT,
        client_id: null,
        payload: { error: message, screen },
      },
      retry: false,
    })
    .catch(() => {});
  await client.logout().catch(() => {});
}

/** Runs `fn` once per request object (StrictMode runs effects twice; a wallet must be created once). */
const runs = new WeakMap<object, Promise<unknown>>();
export function once<T>(key: object, fn: () => Promise<T>): Promise<T> {
  let run = runs.get(key) as Promise<T> | undefined;
  if (!run) {
    run = fn();
    runs.set(key, run);
  }
  return run;
}
