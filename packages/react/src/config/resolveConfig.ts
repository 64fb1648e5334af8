import { MFA_METHODS, type MfaMethod, type ServerAppConfig } from '@latchkey/api';
import { LOGIN_MESSAGE_MAX_LENGTH } from '@latchkey/api';
import { LOGIN_METHODS } from '@latchkey/core';
import { DEFAULT_LOCALE, type Locale } from '../locales/index.ts';
import { type Messages, resolveAllMessages } from '../messages.ts';
import { darkTheme, type LatchkeyTheme, lightTheme } from '../theme/theme.ts';
import type { LatchkeyClientConfig, LoginMethod } from './config.ts';
import {
  type MethodResolvedConfig,
  type MethodServerInput,
  resolveMethodConfigs,
} from './methodConfig.ts';
import {
  type LoginListServerInput,
  type ResolvedLoginListConfig,
  resolveLoginListConfig,
  serverLoginMethods,
} from './loginListConfig.ts';
import {
  type ResolvedWalletConfig,
  resolveWalletConfig,
  type WalletServerInput,
} from './walletConfig.ts';

/**
 * The config the modal renders from: client config merged over the server's, defaults filled.
 * The login methods add their resolved fields (`methods/<id>/config.ts`, e.g.
 * `twitterOAuthOnMobileEnabled`).
 */
export interface ResolvedConfig extends MethodResolvedConfig {
  appId: string;
  appName: string;
  logo: string | null;
  landingHeader: string;
  /** At most {@link LOGIN_MESSAGE_MAX_LENGTH} characters, or null. */
  loginMessage: string | null;
  theme: LatchkeyTheme;
  loginMethods: LoginMethod[];
  legal: {
    requireUsersAcceptTerms: boolean;
    termsAndConditionsUrl: string | null;
    privacyPolicyUrl: string | null;
  };
  render: { standalone: boolean; closeable: boolean };
  /** `locale`: the shipped locale the modal speaks (`locales/`), for `Intl` formatting too. */
  intl: { defaultCountry: string; locale: Locale };
  allowlistConfig: {
    errorTitle: string | null;
    errorDetail: string | null;
    errorCtaText: string | null;
    errorCtaLink: string | null;
  };
  messages: Messages;
  /** The app's captcha (spec sections 3, 4 and 5; issue 6): server `captcha_enabled` / `captcha_site_key`. */
  captcha: { enabled: boolean; siteKey: string | null };
  /** Login list layout settings (issue 4). */
  loginList: ResolvedLoginListConfig;
  /** Embedded wallet settings and chains (spec sections 3 and 5; issue 3). */
  wallet: ResolvedWalletConfig;
  /**
   * MFA (issue 15): the methods users may enrol (the server's `mfa_methods`, narrowed by the
   * client's `mfa.methods`; empty: 'Add more security' and nothing to enrol), and whether the
   * modal's prompt is off (`noPromptOnMfaRequired`).
   */
  mfa: { methods: MfaMethod[]; noPromptOnMfaRequired: boolean };
}

/** The subset of the server app config the modal reads (spec section 3, "Server app config"). */
export type ServerConfigInput = Partial<
  Pick<
    ServerAppConfig,
    | 'name'
    | 'logo_url'
    | 'accent_color'
    | 'terms_and_conditions_url'
    | 'privacy_policy_url'
    | 'require_users_accept_terms'
    | 'allowlist_config'
    | 'captcha_enabled'
    | 'captcha_site_key'
    | 'mfa_methods'
  >
> &
  WalletServerInput &
  LoginListServerInput &
  MethodServerInput;

/**
 * The MFA methods users may enrol: the server's `mfa_methods` (all of them while the server
 * config has not answered), narrowed to the client's `mfa.methods` when given, in the client's
 * order.
 */
function resolveMfaMethods(
  client: readonly MfaMethod[] | undefined,
  server: readonly MfaMethod[] | undefined,
): MfaMethod[] {
  const allowed = server ?? MFA_METHODS;
  if (!client) return [...allowed];
  return client.filter((m, i) => allowed.includes(m) && client.indexOf(m) === i);
}

/** Cuts `appearance.loginMessage` to {@link LOGIN_MESSAGE_MAX_LENGTH} characters (spec section 3). */
export function capLoginMessage(message: string | undefined | null): string | null {
  if (!message) return null;
  return Array.from(message).slice(0, LOGIN_MESSAGE_MAX_LENGTH).join('');
}

/** The locale the modal speaks and its catalogue (null for English), once loaded. */
export interface LocaleInput {
  locale: Locale;
  catalogue: Messages | null;
}

/**
 * Merges the host's client config over the server app config (client wins), then fills
 * defaults. Pure; `server` is null until `GET /api/v1/apps/{appId}` answers; `localized` is
 * English until the locale's catalogue has loaded (`locales/`).
 */
export function resolveConfig(
  appId: string,
  client: LatchkeyClientConfig | undefined,
  server: ServerConfigInput | null,
  apiUrl?: string,
  localized: LocaleInput = { locale: DEFAULT_LOCALE, catalogue: null },
): ResolvedConfig {
  const appearance = client?.appearance ?? {};
  const messages = resolveAllMessages(client?.messages, localized.catalogue);
  const accentColor = appearance.accentColor ?? server?.accent_color ?? undefined;
  const named = typeof appearance.theme === 'string' ? appearance.theme : appearance.colorScheme;
  let theme: LatchkeyTheme;
  if (appearance.theme && typeof appearance.theme === 'object') {
    theme = appearance.accentColor
      ? { ...appearance.theme, accent: appearance.accentColor }
      : appearance.theme;
  } else {
    theme = (named === 'dark' ? darkTheme : lightTheme)(accentColor ? { accentColor } : {});
  }
  const serverMethods: LoginMethod[] = serverLoginMethods(server);
  const loginMethods = client?.loginMethods?.length
    ? client.loginMethods
    : serverMethods.length
      ? serverMethods
      : // Neither names one: the first method of the contract registry (`LOGIN_METHOD_CONTRACTS`,
        // spec section 3 flag order), the email input.
        [LOGIN_METHODS[0]!];
  const allowlist = server?.allowlist_config;
  return {
    appId,
    appName: client?.name ?? server?.name ?? '',
    logo: appearance.logo ?? server?.logo_url ?? null,
    landingHeader: appearance.landingHeader ?? messages.landingHeader,
    loginMessage: capLoginMessage(appearance.loginMessage),
    theme,
    loginMethods,
    legal: {
      requireUsersAcceptTerms:
        client?.legal?.requireUsersAcceptTerms ?? server?.require_users_accept_terms ?? false,
      termsAndConditionsUrl:
        client?.legal?.termsAndConditionsUrl ?? server?.terms_and_conditions_url ?? null,
      privacyPolicyUrl: client?.legal?.privacyPolicyUrl ?? server?.privacy_policy_url ?? null,
    },
    render: {
      standalone: client?.render?.standalone ?? false,
      closeable: client?.render?.closeable ?? true,
    },
    intl: { defaultCountry: client?.intl?.defaultCountry ?? 'US', locale: localized.locale },
    ...resolveMethodConfigs(client, server),
    allowlistConfig: {
      errorTitle: allowlist?.error_title ?? null,
      errorDetail: allowlist?.error_detail ?? null,
      errorCtaText: allowlist?.cta_text ?? null,
      errorCtaLink: allowlist?.cta_link ?? null,
    },
    messages,
    captcha: {
      enabled: Boolean(server?.captcha_enabled && server.captcha_site_key),
      siteKey: server?.captcha_site_key ?? null,
    },
    wallet: resolveWalletConfig(client, server, apiUrl),
    mfa: {
      methods: resolveMfaMethods(client?.mfa?.methods, server?.mfa_methods),
      noPromptOnMfaRequired: client?.mfa?.noPromptOnMfaRequired ?? false,
    },
    loginList: resolveLoginListConfig(client, server),
  };
}
