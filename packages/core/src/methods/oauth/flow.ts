/**
 * The OAuth round trip in the browser (issue 5): popup first, full-page redirect when the popup
 * is blocked. Used by `client.initOAuth` / `client.completeOAuth`.
 */
import {
  type AuthenticateResponse,
  type OAuthLoginProvider,
  providerAppIdOf,
  type OAuthTokensWire,
  type UserWire,
} from '@latchkey/api';
import type { ApiClient } from '../../api/createApiClient.ts';
import { LatchkeyError } from '../../errors/base.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import type { OAuthTokens } from './user.ts';
import type { OAuthReturn } from './oauth.ts';
import {
  clearPendingOAuth,
  OAUTH_MESSAGE_TYPE,
  oauthChannelName,
  pkceChallenge,
  randomToken,
  readPendingOAuth,
  savePendingOAuth,
  unexpectedAuthFlowError,
} from './shared.ts';

/** Options of `client.initOAuth`. */
export interface InitOAuthOptions {
  /** Where the provider sends the browser back; default `location.origin` (an allowed origin). */
  redirectTo?: string;
  /** Skip the popup and go by full-page redirect. */
  redirect?: boolean;
  /**
   * A captcha token (apps with a captcha; issue 6), sent as `token` in `oauth/init`'s body.
   * Not sent when linking (authenticated inits skip the captcha gate).
   */
  captchaToken?: string;
}

/** Whether a flow logs in (`oauth/authenticate`) or links to the logged-in user (`oauth/link`). */
export type OAuthPurpose = 'login' | 'link';

/** What the client hands the flow. */
export interface OAuthFlowDeps {
  appId: string;
  api: ApiClient;
  login(response: AuthenticateResponse): Promise<AuthenticateResult>;
  /** Makes the linked user the session's user (link flows; issue 6). */
  link?(user: UserWire): Promise<User>;
  /** The bearer token of the logged-in user (link flows). */
  getAccessToken?(): Promise<string | null>;
}

function toTokens(wire: OAuthTokensWire | undefined): OAuthTokens | undefined {
  if (!wire) return undefined;
  const t: OAuthTokens = { provider: wire.provider, accessToken: wire.access_token };
  if (wire.access_token_expires_in_seconds !== null) {
    t.accessTokenExpiresInSeconds = wire.access_token_expires_in_seconds;
  }
  if (wire.refresh_token !== null) t.refreshToken = wire.refresh_token;
  if (wire.refresh_token_expires_in_seconds !== null) {
    t.refreshTokenExpiresInSeconds = wire.refresh_token_expires_in_seconds;
  }
  t.scopes = wire.scopes;
  return t;
}

/**
 * Completes a flow from the return parameters: the state must equal the stored one (else
 * `oauth_unexpected`, 'Unexpected auth flow. This may be a phishing attempt.'); a denied
 * code gives `oauth_user_denied`. The pending flow is cleared either way. A flow started as a
 * link (`purpose` 'link', issue 6) posts to `/api/v1/oauth/link` with the bearer token and
 * resolves `{user, isNewUser: false}`; without a logged-in user it throws
 * `missing_or_invalid_token`.
 */
export async function completeOAuthFlow(
  deps: OAuthFlowDeps,
  returned: OAuthReturn,
): Promise<AuthenticateResult> {
  const pending = readPendingOAuth(deps.appId);
  clearPendingOAuth(deps.appId);
  if (!pending || !returned.state || pending.state !== returned.state) {
    throw unexpectedAuthFlowError();
  }
  if (returned.provider && returned.provider !== pending.provider) throw unexpectedAuthFlowError();
  if (!returned.code || returned.code === 'undefined') {
    throw new LatchkeyError('The user denied access at the provider', {
      code: 'oauth_user_denied',
    });
  }
  const body = {
    provider: pending.provider,
    authorization_code: returned.code,
    state_code: returned.state,
    code_verifier: pending.verifier,
  };
  if (pending.purpose === 'link') {
    const token = (await deps.getAccessToken?.()) ?? null;
    if (!token || !deps.link) {
      throw new LatchkeyError('You must be logged in to link an account.', {
        code: 'missing_or_invalid_token',
      });
    }
    const answer = await deps.api.oauthLink(body, { accessToken: token });
    const user = await deps.link(answer.user);
    const linkTokens = toTokens(answer.oauth_tokens);
    return linkTokens
      ? { user, isNewUser: false, oAuthTokens: linkTokens }
      : { user, isNewUser: false };
  }
  const response = await deps.api.oauthAuthenticate(body);
  const result = await deps.login(response);
  const tokens = toTokens(response.oauth_tokens);
  return tokens ? { ...result, oAuthTokens: tokens } : result;
}

/**
 * Runs a flow whose popup the caller opened synchronously in the click (`openOAuthPopup`);
 * `popup` null means full-page redirect. `purpose` 'link' is recorded in the pending flow so a
 * redirect return links too (issue 6). A cross-app provider (`latchkey:{providerAppId}`; issue
 * 21, spec sections 4 "Cross-app auth" and 9) is watched by default: its popup is checked every
 * 300 ms and answered within 120 s ({@link CROSS_APP_POPUP_WATCH}).
 *
 * @returns the login (or link) result (popup), or null when the page is navigating to the
 *   provider.
 * @throws `LatchkeyError` with a `watch`: `cross_app_canceled` ('User canceled flow') when the
 *   popup closes without an answer, `cross_app_timeout` ('Authorization request timed out after
 *   2 minutes.', the popup closed); else as {@link completeOAuthFlow}.
 */
export function startOAuthFlow(
  deps: OAuthFlowDeps,
  provider: OAuthLoginProvider,
  popup: Window | null,
  options: InitOAuthOptions = {},
  purpose: OAuthPurpose = 'login',
  watch: PopupWatch | undefined = providerAppIdOf(provider) === undefined
    ? undefined
    : CROSS_APP_POPUP_WATCH,
): Promise<AuthenticateResult | null> {
  const win = typeof window === 'undefined' ? undefined : window;
  return (async () => {
    const state = randomToken();
    const verifier = randomToken();
    const mode = popup ? 'popup' : 'redirect';
    savePendingOAuth(deps.appId, { provider, state, verifier, mode, purpose });
    let url: string;
    try {
      const redirectTo = options.redirectTo ?? win?.location.origin ?? '';
      ({ url } = await deps.api.oauthInit({
        provider,
        redirect_to: redirectTo,
        code_challenge: await pkceChallenge(verifier),
        state_code: state,
        ...(options.captchaToken && purpose === 'login' ? { token: options.captchaToken } : {}),
      }));
    } catch (error) {
      popup?.close();
      clearPendingOAuth(deps.appId);
      throw error;
    }
    if (!popup || !win) {
      win?.location.assign(url);
      return null;
    }
    popup.location.href = url;
    let returned: OAuthReturn;
    try {
      returned = await waitForReturn(win, popup, deps.appId, state, watch);
    } catch (error) {
      clearPendingOAuth(deps.appId);
      throw error;
    }
    return completeOAuthFlow(deps, returned);
  })();
}

/** A popup's limits (cross-app; spec section 9): the wait and the closed-check period, in ms. */
export interface PopupWatch {
  timeoutMs: number;
  closedCheckMs: number;
}

/** Cross-app sign-in limits (spec section 9): 120 s, the popup checked every 300 ms. */
export const CROSS_APP_POPUP_WATCH: PopupWatch = { timeoutMs: 120_000, closedCheckMs: 300 };

/** Spec section 8, cross-app: the popup closed without an answer. */
export const CROSS_APP_CANCELED = 'User canceled flow';
/** Spec section 8, cross-app: no answer within {@link CROSS_APP_POPUP_WATCH}'s 120 s. */
export const CROSS_APP_TIMED_OUT = 'Authorization request timed out after 2 minutes.';

/**
 * Watches a cross-app popup (spec section 9): after `watch.timeoutMs` it closes the popup and
 * calls `on.timeout`; once the popup is found closed (checked every `watch.closedCheckMs`) it
 * calls `on.closed` one task later, so an answer posted just before closing arrives first.
 * @returns a function that stops watching.
 */
export function watchPopup(
  popup: Window,
  watch: PopupWatch,
  on: { timeout(): void; closed(): void },
): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  timers.push(
    setTimeout(() => {
      popup.close();
      on.timeout();
    }, watch.timeoutMs),
  );
  const check = () => {
    if (!popup.closed) {
      timers.push(setTimeout(check, watch.closedCheckMs));
      return;
    }
    timers.push(setTimeout(on.closed, 0));
  };
  timers.push(setTimeout(check, watch.closedCheckMs));
  return () => {
    for (const t of timers) clearTimeout(t);
  };
}

/**
 * Waits for the popup's return page to post its parameters (window message from the popup, or
 * the app's BroadcastChannel when COOP cut the opener). A window message from the popup with
 * another state is a mismatch; broadcasts with another state belong to other tabs and are
 * ignored. With `watch` (cross-app), rejects when the popup closes without an answer or the
 * time is up (see {@link startCrossAppFlow}).
 */
function waitForReturn(
  win: Window,
  popup: Window,
  appId: string,
  state: string,
  watch?: PopupWatch,
): Promise<OAuthReturn> {
  return new Promise((resolve, reject) => {
    const channel =
      typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(oauthChannelName(appId));
    let unwatch = () => {};
    const end = () => {
      win.removeEventListener('message', onMessage);
      channel?.close();
      unwatch();
    };
    const done = (r: OAuthReturn) => {
      end();
      resolve(r);
    };
    if (watch) {
      unwatch = watchPopup(popup, watch, {
        timeout() {
          end();
          reject(new LatchkeyError(CROSS_APP_TIMED_OUT, { code: 'cross_app_timeout' }));
        },
        closed() {
          end();
          reject(new LatchkeyError(CROSS_APP_CANCELED, { code: 'cross_app_canceled' }));
        },
      });
    }
    const parse = (data: unknown): OAuthReturn | null => {
      const d = data as { type?: unknown; code?: unknown; state?: unknown; provider?: unknown };
      if (!d || d.type !== OAUTH_MESSAGE_TYPE) return null;
      return {
        code: typeof d.code === 'string' ? d.code : '',
        state: typeof d.state === 'string' ? d.state : '',
        provider: typeof d.provider === 'string' ? d.provider : '',
      };
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || event.source !== popup) return;
      const r = parse(event.data);
      if (r) done(r);
    };
    win.addEventListener('message', onMessage);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        const r = parse(event.data);
        if (r && r.state === state) done(r);
      };
    }
  });
}

/**
 * On the return page inside a popup: hands the parameters to the opener and closes.
 * @returns true when the page was a popup's return (the caller does nothing more).
 */
export function forwardOAuthReturnToOpener(appId: string, returned: OAuthReturn): boolean {
  if (typeof window === 'undefined') return false;
  const pending = readPendingOAuth(appId);
  // This tab started a redirect flow: it completes here.
  if (pending?.mode === 'redirect' && !window.opener) return false;
  const message = { type: OAUTH_MESSAGE_TYPE, ...returned };
  let forwarded = false;
  try {
    if (window.opener && window.opener !== window) {
      (window.opener as Window).postMessage(message, window.location.origin);
      forwarded = true;
    }
  } catch {
    // cross-origin opener: fall through to the channel
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(oauthChannelName(appId));
    channel.postMessage(message);
    channel.close();
    forwarded = forwarded || !pending;
  }
  if (forwarded) window.close();
  return forwarded;
}
