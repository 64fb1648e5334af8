import { type ChainsResponse, ROUTES } from '@latchkey/api';
import type { LatchkeyClient } from '@latchkey/core';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { walletConnectSetupWarning } from '../config/loginListConfig.ts';
import {
  type LocaleInput,
  type ResolvedConfig,
  resolveConfig,
  type ServerConfigInput,
} from '../config/resolveConfig.ts';
import { DEFAULT_LOCALE, loadCatalogue, matchLocale, requestedLocales } from '../locales/index.ts';

/**
 * The config the modal renders from (spec section 3): the host's `config` merged over the
 * server's app config and chains. After mount it restores the session (`client.initialize()`),
 * loads the server app config and the server's chain info (issue 3, the default
 * `supportedChains`). Failures warn (session, config) or are ignored (chains): the client
 * config is used alone. It warns once when the app has a WalletConnect project id but the host
 * passed no connector (`walletConnectSetupWarning`). It loads the catalogue of the locale
 * `config.intl.locale` or the browser asks for (`locales/`; English until it has loaded, and
 * if it cannot load).
 *
 * @returns `resolved` for render; `latest`, a ref to it for callbacks created once; and
 *   `chainsReady()`, which settles once `latest.current` holds the final chains (after the
 *   render that follows the chain info's answer or failure; at once when the host passed
 *   `supportedChains`).
 */
export function useResolvedConfig(
  appId: string,
  apiUrl: string,
  config: LatchkeyClientConfig | undefined,
  client: LatchkeyClient,
): {
  resolved: ResolvedConfig;
  latest: RefObject<ResolvedConfig>;
  chainsReady: () => Promise<void>;
} {
  const [serverConfig, setServerConfig] = useState<ServerConfigInput | null>(null);
  const [serverChains, setServerChains] = useState<ChainsResponse['chains'] | null>(null);
  const [chainsSettled, setChainsSettled] = useState(false);
  const [localized, setLocalized] = useState<LocaleInput>({
    locale: DEFAULT_LOCALE,
    catalogue: null,
  });
  const configuredLocale = config?.intl?.locale;
  useEffect(() => {
    let live = true;
    matchLocale(requestedLocales(configuredLocale))
      .then(async (locale) => ({ locale, catalogue: await loadCatalogue(locale) }))
      .then((next) => {
        if (live) setLocalized(next);
      })
      .catch((error: unknown) => {
        console.warn('[latchkey] could not load the locale; using English', error);
        if (live) setLocalized({ locale: DEFAULT_LOCALE, catalogue: null });
      });
    return () => {
      live = false;
    };
  }, [configuredLocale]);
  const [ready] = useState(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  });
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
      .catch(() => {})
      .finally(() => {
        if (live) setChainsSettled(true);
      });
    return () => {
      live = false;
    };
  }, [client]);
  const resolved = useMemo(
    () =>
      resolveConfig(
        appId,
        config,
        serverChains ? { ...serverConfig, chains: serverChains } : serverConfig,
        apiUrl,
        localized,
      ),
    [appId, config, serverConfig, serverChains, apiUrl, localized],
  );
  const latest = useRef(resolved);
  latest.current = resolved;
  // WalletConnect with a project id but no connector: say how to fix it, once per provider.
  const walletConnectWarning = walletConnectSetupWarning(config, serverConfig);
  const warnedWalletConnect = useRef(false);
  useEffect(() => {
    if (!walletConnectWarning || warnedWalletConnect.current) return;
    warnedWalletConnect.current = true;
    console.warn(walletConnectWarning);
  }, [walletConnectWarning]);
  // Effects run after the render that stored the final config in `latest`.
  const hostChains = Boolean(config?.supportedChains);
  useEffect(() => {
    if (chainsSettled || hostChains) ready.resolve();
  }, [chainsSettled, hostChains, ready]);
  return { resolved, latest, chainsReady: () => ready.promise };
}
