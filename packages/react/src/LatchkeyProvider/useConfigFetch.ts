import { type ChainsResponse, ROUTES } from '@latchkey/api';
import type { LatchkeyClient } from '@latchkey/core';
import { useEffect, useState } from 'react';
import type { ServerConfigInput } from '../config/resolveConfig.ts';

/** What {@link useConfigFetch} loaded: the server app config and chains, each null until in. */
export interface FetchedServerConfig {
  serverConfig: ServerConfigInput | null;
  serverChains: ChainsResponse['chains'] | null;
}

/**
 * After mount: restores the session (`client.initialize()`), loads the server app config
 * (spec section 3) and the server's chain info (issue 3, the default `supportedChains`).
 * Failures warn (session, config) or are ignored (chains): the client config is used alone.
 */
export function useConfigFetch(client: LatchkeyClient): FetchedServerConfig {
  const [serverConfig, setServerConfig] = useState<ServerConfigInput | null>(null);
  const [serverChains, setServerChains] = useState<ChainsResponse['chains'] | null>(null);
  useEffect(() => {
    let live = true;
    client.initialize().catch((error: unknown) => {
      console.warn('[latchkey] could not restore the session', error);
    });
    client
      .getAppConfig()
      .then((appConfig) => {
        if (live) setServerConfig(appConfig as ServerConfigInput);
      })
      .catch((error: unknown) => {
        console.warn('[latchkey] could not load the app config; using the client config', error);
      });
    client.api
      .request<ChainsResponse>({ method: 'GET', path: ROUTES.chains })
      .then((answer) => {
        if (live && Array.isArray(answer?.chains)) setServerChains(answer.chains);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client]);
  return { serverConfig, serverChains };
}
