import {
  createLatchkeyClient,
  type LatchkeyClient,
  type ModalFlow,
  type SessionState,
  validateAppId,
} from '@latchkey/core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { METHOD_LINKS } from '../methods/links.ts';
import type { ScreenParams } from '../Modal/types.ts';

const SERVER_SNAPSHOT: SessionState = { status: 'loading', user: null };

/**
 * The provider's client and its session (spec section 5). Creates one client
 * (`createLatchkeyClient`) unless `givenClient` is passed, with each login method's lazy halves
 * (`loaders` of `methods/<id>/link.ts`) and the wallet frame's; the server snapshot is
 * `status: 'loading'` (SSR-safe).
 *
 * @throws {InvalidAppIdError} synchronously when `appId` is not 25 characters.
 */
export function useClientSession(
  appId: string,
  apiUrl: string,
  givenClient: LatchkeyClient | undefined,
): { client: LatchkeyClient; session: SessionState } {
  validateAppId(appId);
  const [client] = useState(
    () =>
      givenClient ??
      createLatchkeyClient(
        Object.assign(
          {
            appId,
            apiUrl,
            // Issue 10: logins carry the wallet frame's DPoP proof (a small chunk, no viem).
            walletFrame: () => import('@latchkey/core/wallet-bridge'),
          },
          ...METHOD_LINKS.map((link) => link.loaders),
        ),
      ),
  );
  const subscribe = useCallback((onChange: () => void) => client.subscribe(onChange), [client]);
  const getState = useCallback(() => client.getState(), [client]);
  const session = useSyncExternalStore(subscribe, getState, () => SERVER_SNAPSHOT);
  return { client, session };
}

/**
 * Runs each login method's `onProviderMount` (`methods/<id>/link.ts`, e.g. the OAuth return
 * page) once the provider is mounted, and their cleanups on unmount.
 */
export function useMethodMountEffects(
  appId: string,
  client: LatchkeyClient,
  flow: ModalFlow<ScreenParams>,
): void {
  useEffect(() => {
    const cleanups = METHOD_LINKS.map((link) => link.onProviderMount?.({ appId, client, flow }));
    return () => cleanups.forEach((cleanup) => cleanup?.());
  }, [appId, client, flow]);
}
