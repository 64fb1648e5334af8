import {
  CLOUD_RECOVERY_METHODS,
  type CloudRecoveryMethod,
  type DeviceShareStorage,
  FRAME_EVENTS,
  type FrameEvent,
  type FramePayloads,
  OAUTH_DENIED_CODE,
  RECOVERY_OAUTH_MESSAGE_TYPE,
  RECOVERY_OAUTH_STATE_TTL_S,
  ROUTES,
} from '@latchkey/api';
import {
  calculatePKCECodeChallenge,
  generateRandomCodeVerifier,
  generateRandomState,
} from 'oauth4webapi';
import { CloudRecoveryMismatchError } from '../custody/cloud-recovery.ts';
import { CustodyError } from '../custody/errors.ts';
import { type ClickGuardOptions, createClickGuard } from './click-guard.ts';
import {
  CloudStorageError,
  createCloudKitKeyStore,
  createDriveKeyStore,
} from './cloud-key-store.ts';
import {
  type CloudAction,
  type CloudFailure,
  type CloudView,
  type CloudViewOptions,
  mountCloudView,
} from './cloud-view.ts';
import { openFrameKey } from './frame-key.ts';
import { invalid } from './request-data.ts';
import type { FrameHandler } from './router.ts';
import { type ShareApi, ShareApiError } from './share-api.ts';
import {
  CLOUD_RECOVERY_ACCESS,
  type CloudRecoveryAccess,
  createCustody,
  createWalletHandlers,
  shareApiFor,
  type WalletHandlersParameters,
} from './wallet-handlers.ts';

type CloudIn = FramePayloads['latchkey:wallet:cloud']['in'];
type CloudOut = FramePayloads['latchkey:wallet:cloud']['out'];

/** The provider's pop-up: its window name and features (a pop-up, not a tab). */
export const CLOUD_POPUP_NAME = 'latchkey-cloud-recovery';
export const CLOUD_POPUP_FEATURES = 'popup=yes,width=480,height=640';
/** The longest the page waits for the pop-up's answer: the server's flow lifetime, in ms. */
export const CLOUD_POPUP_TIMEOUT_MS = RECOVERY_OAUTH_STATE_TTL_S * 1000;
/** How often the page looks whether the user closed the pop-up, in ms. */
export const CLOUD_POPUP_POLL_MS = 500;
/** After the pop-up is seen closed, how long a message it posted just before may still come. */
const CLOSED_GRACE_MS = 300;
/** sessionStorage key prefix of a redirect's stored flow: `{prefix}{appId}:{state}`. */
export const CLOUD_FLOW_STORAGE_PREFIX = 'latchkey:cloud-flow:';

const ACTIONS: readonly CloudAction[] = ['create', 'recover', 'set'];
const STATE_CODE = /^[A-Za-z0-9_-]{16,128}$/;

/** Why the pop-up gave no answer. */
class PopupError extends CustodyError {
  override name = 'PopupError';
  constructor(readonly reason: 'blocked' | 'closed' | 'timeout') {
    super('error', `The provider's window gave no answer (${reason}).`);
  }
}

/** A refusal of the flow decided in the frame (state mismatch, denied at the provider). */
class FlowError extends CustodyError {
  override name = 'FlowError';
  constructor(readonly code: 'oauth_unexpected' | 'recovery_oauth_denied') {
    super('error', code);
  }
}

/** What a redirect leaves in the frame's sessionStorage until the provider sends it back. */
interface StoredFlow {
  verifier: string;
  state: string;
  action: CloudAction;
  provider: CloudRecoveryMethod;
  address: string | null;
  userId: string;
  /** ms since the epoch. */
  createdAt: number;
}

/** The part of `Storage` the page uses. */
export type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const flowKey = (appId: string, state: string) => `${CLOUD_FLOW_STORAGE_PREFIX}${appId}:${state}`;

/** Takes (reads and deletes: single use) the stored flow of `state`, or null. */
function takeFlow(storage: FlowStorage | null, appId: string, state: string): StoredFlow | null {
  if (!storage || !STATE_CODE.test(state)) return null;
  try {
    const text = storage.getItem(flowKey(appId, state));
    storage.removeItem(flowKey(appId, state));
    if (!text) return null;
    const flow = JSON.parse(text) as Partial<StoredFlow>;
    if (
      typeof flow.verifier !== 'string' ||
      flow.state !== state ||
      typeof flow.userId !== 'string' ||
      typeof flow.createdAt !== 'number'
    ) {
      return null;
    }
    return flow as StoredFlow;
  } catch {
    return null;
  }
}

/** The window's sessionStorage, or null where it is blocked. */
function sessionStorageOf(win: Window): FlowStorage | null {
  try {
    return win.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Checks a `latchkey:wallet:cloud` request's shape (the handlers check token and address). */
function parseRequest(input: unknown, parentOrigin: string): CloudIn {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('Request data must be an object');
  }
  const data = input as Record<string, unknown>;
  const { accessToken, action, provider, address, returnUrl, oauthReturn } = data;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new CustodyError('error', 'Missing access token');
  }
  if (typeof action !== 'string' || !ACTIONS.includes(action as CloudAction)) {
    throw invalid(`action must be one of ${ACTIONS.join(', ')}`);
  }
  if (!(CLOUD_RECOVERY_METHODS as readonly unknown[]).includes(provider)) {
    throw invalid(`provider must be one of ${CLOUD_RECOVERY_METHODS.join(', ')}`);
  }
  if (action !== 'create' && typeof address !== 'string') {
    throw invalid(`address is required for ${action}`);
  }
  if (address !== undefined && typeof address !== 'string')
    throw invalid('address must be a string');
  let back: string | undefined;
  if (returnUrl !== undefined) {
    let url: URL | null;
    try {
      url = typeof returnUrl === 'string' ? new URL(returnUrl) : null;
    } catch {
      url = null;
    }
    // The redirect comes back to the page that asked, never to another origin.
    if (!url || url.origin !== parentOrigin) {
      throw invalid("returnUrl must be on the parent page's origin");
    }
    back = returnUrl as string;
  }
  let returned: CloudIn['oauthReturn'];
  if (oauthReturn !== undefined) {
    const value = oauthReturn as { code?: unknown; state?: unknown } | null;
    if (
      provider !== 'google-drive' ||
      typeof value?.code !== 'string' ||
      value.code === '' ||
      value.code.length > 4096 ||
      typeof value.state !== 'string'
    ) {
      throw invalid('oauthReturn must be {code, state} of a Google Drive redirect');
    }
    returned = { code: value.code, state: value.state };
  }
  return {
    accessToken,
    action: action as CloudAction,
    provider: provider as CloudRecoveryMethod,
    ...(typeof address === 'string' ? { address } : {}),
    ...(back === undefined ? {} : { returnUrl: back }),
    ...(returned === undefined ? {} : { oauthReturn: returned }),
  };
}

/** The return page's message, or null for anything else. */
function readReturnMessage(data: unknown): { code: string; state: string } | null {
  const value = data as { type?: unknown; code?: unknown; state?: unknown } | null;
  if (
    typeof value !== 'object' ||
    value === null ||
    value.type !== RECOVERY_OAUTH_MESSAGE_TYPE ||
    typeof value.code !== 'string' ||
    typeof value.state !== 'string'
  ) {
    return null;
  }
  return { code: value.code, state: value.state };
}

/** CloudKit's sign-in page's message `{ckWebAuthToken}`, or null for anything else. */
function readCloudKitMessage(data: unknown): string | null {
  const token = (data as { ckWebAuthToken?: unknown } | null)?.ckWebAuthToken;
  return typeof token === 'string' && token.length > 0 && token.length <= 4096 ? token : null;
}

/** What the page shows for a failure, and whether the user may try again. */
function failureOf(error: unknown): { failure: CloudFailure; hint?: boolean; retry: boolean } {
  if (error instanceof PopupError) {
    const failure = (
      { blocked: 'popupBlocked', closed: 'popupClosed', timeout: 'timedOut' } as const
    )[error.reason];
    return { failure, retry: true };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'recovery_oauth_denied') return { failure: 'denied', retry: true };
  if (code === 'recovery_oauth_invalid_code') return { failure: 'invalidCode', retry: true };
  if (code === 'oauth_unexpected') return { failure: 'unexpected', retry: true };
  if (error instanceof CloudRecoveryMismatchError) {
    return { failure: 'unsuccessful', hint: true, retry: true };
  }
  if (error instanceof CloudStorageError) return { failure: 'unsuccessful', retry: true };
  if (error instanceof ShareApiError) {
    // The server busy or down may pass; its refusals of the wallet (exists, not bound, ...) not.
    return { failure: 'unsuccessful', retry: error.status >= 500 || error.status === 429 };
  }
  // The network, or an answer of the wrong shape: worth another try. Anything else ends it.
  return {
    failure: 'unsuccessful',
    retry: error instanceof CustodyError && error.type === 'error',
  };
}

/** Options of {@link startCloudPage} (tests override the parts they drive). */
export interface CloudPageOptions extends CloudViewOptions {
  /** The custody handlers, called in-process. Default: `createWalletHandlers` on this page's api. */
  handlers?: Partial<Record<FrameEvent, FrameHandler>>;
  /** The page's view, already mounted (app.ts mounts it first to report its height). */
  view?: CloudView;
  /** The API client (init, authenticate). Default: the frame key's DPoP client. */
  api?: ShareApi;
  /** Overrides of the click guard (tests: a fake IntersectionObserver, the arm time). */
  guard?: Partial<
    Pick<ClickGuardOptions, 'IntersectionObserver' | 'hasVisibilityV2' | 'armMs' | 'now'>
  >;
  /** Where a redirect's flow waits. Default: the window's sessionStorage; null: no redirects. */
  storage?: FlowStorage | null;
  /** Default {@link CLOUD_POPUP_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Default {@link CLOUD_POPUP_POLL_MS}. */
  pollMs?: number;
  /** fetch of the cloud key stores (Drive, CloudKit). Default: the global one. */
  cloudFetch?: typeof fetch;
}

/**
 * The cloud recovery page (`mode: cloud`, `ROUTES.walletCloud`; issue 23; spec sections 2, 4, 5,
 * 8). Its one handler takes `latchkey:wallet:cloud` `{accessToken, action, provider, address?,
 * returnUrl?, oauthReturn?}` (ONE request per page; later ones are refused) and draws the
 * provider's button. Only a click the click guard accepts (trusted, on the button, the page
 * visible and unobscured; click-guard.ts) starts anything; in that click the page opens
 * `about:blank` as a pop-up ({@link CLOUD_POPUP_FEATURES}), then:
 *
 * - Google Drive: a PKCE verifier, its S256 challenge and a state (oauth4webapi), `init` with
 *   `redirect_to` the frame's return page (`ROUTES.walletCloudReturn`), the pop-up sent to the
 *   answered URL; the return page's message is taken only from that pop-up, at the frame's own
 *   origin, of type `RECOVERY_OAUTH_MESSAGE_TYPE`; a state that is not this flow's shows 'Unexpected
 *   auth flow. This may be a phishing attempt.', the code 'undefined' 'User denied confirmation
 *   during OAuth flow'; `authenticate` (DPoP) with the verifier gives the Drive token.
 * - iCloud: `init_icloud`, the pop-up sent to CloudKit's sign-in; its `{ckWebAuthToken}` is
 *   taken only from that pop-up at the sign-in URL's origin.
 * - Then the custody call in-process (`walletCreate`, `walletRecover` or `walletSetRecovery`
 *   with the cloud's key store under `CLOUD_RECOVERY_ACCESS`) and the answer `{status: 'done',
 *   address, recoveryMethod, deviceStorage?}`: never a secret.
 *
 * A blocked pop-up: for Google Drive with `returnUrl` (on the parent's origin, else the request
 * is refused), the flow (verifier, state, action, provider, address, user) waits in the frame's
 * sessionStorage, `init` gets `redirect_to: returnUrl`, and the page answers `{status:
 * 'redirect', url}`; the page mounted again with `oauthReturn` takes that flow by its state
 * (single use; none, expired, or another user's, action, provider or address: the phishing
 * text), shows 'Continue', and on a guarded click authenticates and finishes. Otherwise 'Allow
 * pop-ups to continue with {provider}' and the user may retry.
 *
 * The pop-up closed before it answered (polled; COOP may hide it) or no answer within
 * {@link CLOUD_POPUP_TIMEOUT_MS}: a retryable failure. Failures the user can retry show the
 * spec's texts (server codes `recovery_oauth_denied`, `recovery_oauth_invalid_code`,
 * `oauth_unexpected`; a cloud holding no or another backup: '{Recovery|Back up} with
 * {provider} unsuccessful' with the account hint) and 'Try again'. A refusal of the wallet
 * itself (`embedded_wallet_exists`, `session_not_bound`, ...) ends the request with that error.
 * @throws CustodyError `invalid_request_arguments` for a malformed request, a second one, or a
 *   `returnUrl` on another origin.
 */
export function startCloudPage(
  doc: Document,
  win: Window,
  base: WalletHandlersParameters,
  options: CloudPageOptions = {},
): FrameHandler {
  const view = options.view ?? mountCloudView(doc, options);
  const key = base.key ?? openFrameKey(base.appId, win.indexedDB);
  const api = options.api ?? base.api ?? shareApiFor(base, key);
  const wallet = options.handlers ?? createWalletHandlers({ ...base, key, api });
  const core = createCustody(base, api);
  const frameOrigin = new URL(base.apiUrl).origin;
  const returnPage = `${base.apiUrl}${ROUTES.walletCloudReturn(base.appId)}`;
  const storage = options.storage === undefined ? sessionStorageOf(win) : options.storage;
  const timeoutMs = options.timeoutMs ?? CLOUD_POPUP_TIMEOUT_MS;
  const pollMs = options.pollMs ?? CLOUD_POPUP_POLL_MS;
  let used = false;

  /** Waits for `read`'s value from a message of `popup` at `origin` (see the module docs). */
  function fromPopup<T>(popup: Window, origin: string, read: (data: unknown) => T | null) {
    return new Promise<T>((resolve, reject) => {
      let closedSeen = false;
      const stop = () => {
        win.removeEventListener('message', onMessage);
        clearInterval(poll);
        clearTimeout(timer);
      };
      const onMessage = (event: MessageEvent) => {
        if (event.source !== popup || event.origin !== origin) return;
        const value = read(event.data);
        if (value === null) return;
        stop();
        resolve(value);
      };
      const poll = setInterval(() => {
        if (closedSeen || !popup.closed) return;
        closedSeen = true;
        // A message posted just before closing may still be queued.
        setTimeout(() => {
          stop();
          reject(new PopupError('closed'));
        }, CLOSED_GRACE_MS);
      }, pollMs);
      const timer = setTimeout(() => {
        stop();
        reject(new PopupError('timeout'));
      }, timeoutMs);
      win.addEventListener('message', onMessage);
    });
  }

  const closePopup = (popup: Window | null) => {
    try {
      if (popup && !popup.closed) popup.close();
    } catch {
      // Already gone.
    }
  };

  /** Sends the pop-up to `url` (an http(s) URL checked by the API client). */
  const navigate = (popup: Window, url: string) => {
    if (popup.closed) throw new PopupError('closed');
    popup.location.href = url;
  };

  async function pkce() {
    const verifier = generateRandomCodeVerifier();
    return {
      verifier,
      challenge: await calculatePKCECodeChallenge(verifier),
      state: generateRandomState(),
    };
  }

  return async (input, context) => {
    if (used) throw invalid('This cloud recovery page has already been used');
    const request = parseRequest(input, context.origin);
    const { token, userId } = core.authorize({ accessToken: request.accessToken });
    used = true;
    const { action, provider } = request;
    const address = request.address ?? null;

    /** Google Drive's access from a code: `authenticate` with the flow's verifier. */
    async function driveAccess(verifier: string, state: string, code: string) {
      if (code === OAUTH_DENIED_CODE) throw new FlowError('recovery_oauth_denied');
      const answer = await api.recoveryOAuthAuthenticate(token, {
        provider: 'google-drive',
        authorization_code: code,
        state_code: state,
        code_verifier: verifier,
      });
      return {
        provider: 'google-drive' as const,
        store: createDriveKeyStore({
          apiUrl: answer.api_url,
          accessToken: answer.access_token,
          ...(options.cloudFetch ? { fetch: options.cloudFetch } : {}),
        }),
      };
    }

    /** The custody operation in-process, with the cloud's key store. */
    async function custody(access: CloudRecoveryAccess): Promise<CloudOut> {
      view.working();
      const data = {
        accessToken: request.accessToken,
        ...(address === null ? {} : { address }),
        ...(action === 'recover' ? {} : { recoveryMethod: provider }),
        [CLOUD_RECOVERY_ACCESS]: access,
      };
      const event = {
        create: FRAME_EVENTS.walletCreate,
        recover: FRAME_EVENTS.walletRecover,
        set: FRAME_EVENTS.walletSetRecovery,
      }[action];
      const handler = wallet[event];
      if (!handler) throw new CustodyError('error', 'The wallet frame cannot do this');
      const result = (await handler(data, { origin: context.origin })) as {
        address: string;
        deviceStorage?: DeviceShareStorage;
      };
      return {
        status: 'done',
        address: result.address,
        recoveryMethod: provider,
        ...(result.deviceStorage ? { deviceStorage: result.deviceStorage } : {}),
      };
    }

    /** The flow through the provider's pop-up (see the module docs). */
    async function viaPopup(popup: Window): Promise<CloudOut> {
      view.popup();
      try {
        let access: CloudRecoveryAccess;
        if (provider === 'google-drive') {
          const flow = await pkce();
          const url = await api.recoveryOAuthInit(token, {
            provider,
            redirect_to: returnPage,
            code_challenge: flow.challenge,
            code_challenge_method: 'S256',
            state_code: flow.state,
          });
          navigate(popup, url);
          const answer = await fromPopup(popup, frameOrigin, readReturnMessage);
          if (answer.state !== flow.state) throw new FlowError('oauth_unexpected');
          view.working();
          access = await driveAccess(flow.verifier, flow.state, answer.code);
        } else {
          const answer = await api.recoveryOAuthInitICloud(token);
          navigate(popup, answer.url);
          const webAuthToken = await fromPopup(
            popup,
            new URL(answer.url).origin,
            readCloudKitMessage,
          );
          closePopup(popup);
          access = {
            provider: 'icloud',
            store: createCloudKitKeyStore({
              apiUrl: answer.cloudkit.api_url,
              container: answer.cloudkit.container,
              environment: answer.cloudkit.environment,
              apiToken: answer.cloudkit.api_token,
              webAuthToken,
              ...(options.cloudFetch ? { fetch: options.cloudFetch } : {}),
            }),
          };
        }
        return await custody(access);
      } finally {
        closePopup(popup);
      }
    }

    /** A blocked pop-up: the redirect fallback where it applies (see the module docs). */
    async function blocked(): Promise<CloudOut> {
      if (provider !== 'google-drive' || !request.returnUrl || !storage) {
        throw new PopupError('blocked');
      }
      const flow = await pkce();
      const stored: StoredFlow = {
        verifier: flow.verifier,
        state: flow.state,
        action,
        provider,
        address,
        userId,
        createdAt: Date.now(),
      };
      storage.setItem(flowKey(base.appId, flow.state), JSON.stringify(stored));
      view.redirecting();
      try {
        const url = await api.recoveryOAuthInit(token, {
          provider,
          redirect_to: request.returnUrl,
          code_challenge: flow.challenge,
          code_challenge_method: 'S256',
          state_code: flow.state,
        });
        return { status: 'redirect', url };
      } catch (error) {
        storage.removeItem(flowKey(base.appId, flow.state));
        throw error;
      }
    }

    // A redirect that came back: its stored flow, taken once, must be this request's.
    let returning: { flow: StoredFlow; code: string } | null = null;
    let mismatch = false;
    if (request.oauthReturn) {
      const flow = takeFlow(storage, base.appId, request.oauthReturn.state);
      if (
        flow &&
        flow.userId === userId &&
        flow.action === action &&
        flow.provider === provider &&
        flow.address === address &&
        Date.now() - flow.createdAt <= CLOUD_POPUP_TIMEOUT_MS
      ) {
        returning = { flow, code: request.oauthReturn.code };
      } else mismatch = true;
    }

    return new Promise<CloudOut>((resolve, reject) => {
      view.show(action, provider, returning !== null);
      if (mismatch) view.fail('unexpected', { retry: true });
      let busy = false;
      const guard = createClickGuard({
        ...options.guard,
        observed: view.root,
        button: view.button,
        win,
        doc,
        onChange: (armed) => view.setArmed(armed),
      });
      const end = () => {
        guard.dispose();
        view.button.removeEventListener('click', onClick);
      };
      const onClick = (event: MouseEvent) => {
        if (busy) return;
        const verdict = guard.check(event);
        if (!verdict.ok) {
          view.root.setAttribute('data-refused', verdict.reason);
          // A script's event is not the user's: no note for it.
          if (verdict.reason !== 'untrusted') view.refuse();
          return;
        }
        view.root.removeAttribute('data-refused');
        busy = true;
        let attempt: Promise<CloudOut>;
        if (returning) {
          const { flow, code } = returning;
          returning = null;
          view.working();
          attempt = driveAccess(flow.verifier, flow.state, code).then(custody);
        } else {
          // Synchronously, inside the user's click: the browser allows the pop-up only here.
          let popup: Window | null;
          try {
            popup = win.open('about:blank', CLOUD_POPUP_NAME, CLOUD_POPUP_FEATURES);
          } catch {
            popup = null;
          }
          attempt = popup ? viaPopup(popup) : blocked();
        }
        attempt.then(
          (out) => {
            end();
            if (out.status === 'done') view.done();
            resolve(out);
          },
          (error: unknown) => {
            busy = false;
            const { failure, hint, retry } = failureOf(error);
            view.fail(failure, { hint, retry });
            if (retry) return;
            end();
            reject(error);
          },
        );
      };
      view.button.addEventListener('click', onClick);
    });
  };
}
