import type { LatchkeyClient } from '@latchkey/core';
import { type RefObject, useMemo, useRef } from 'react';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { type ResolvedConfig, resolveConfig } from '../config/resolveConfig.ts';
import { useConfigFetch } from './useConfigFetch.ts';

/**
 * The config the modal renders from (spec section 3): the server's app config and chains
 * (fetched after mount, `useConfigFetch`) with the host's `config` merged over them.
 *
 * @returns `resolved` for render, and `latest`, a ref to it for callbacks created once.
 */
export function useResolvedConfig(
  appId: string,
  apiUrl: string,
  config: LatchkeyClientConfig | undefined,
  client: LatchkeyClient,
): { resolved: ResolvedConfig; latest: RefObject<ResolvedConfig> } {
  const { serverConfig, serverChains } = useConfigFetch(client);
  const resolved = useMemo(
    () =>
      resolveConfig(
        appId,
        config,
        serverChains ? { ...serverConfig, chains: serverChains } : serverConfig,
        apiUrl,
      ),
    [appId, config, serverConfig, serverChains, apiUrl],
  );
  const latest = useRef(resolved);
  latest.current = resolved;
  return { resolved, latest };
}
