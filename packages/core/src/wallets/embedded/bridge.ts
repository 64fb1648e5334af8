import {
  type DeviceShareStorage,
  FRAME_EVENTS,
  type FrameEvent,
  type FramePayloads,
  isErrorCode,
  type RecoveryMethod,
  ROUTES,
  type SolanaSignRequest,
  type SolanaSignResponse,
  WALLET_ERROR_TYPES,
  type WalletErrorType,
} from '@latchkey/api';
import { decodeJwtPayload } from '../../session/jwt.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';

/** The frame's client id query parameter (spec section 7: `client_id`). */
export const FRAME_CLIENT_ID = 'latchkey-js';
/** Default timeouts (spec section 9): proxy init 30 s, create 10 s, wallet RPC 120 s. */
export const DEFAULT_BRIDGE_TIMEOUTS = { readyMs: 30_000, createMs: 10_000, rpcMs: 120_000 };

/** Parameters of {@link createEmbeddedWalletBridge}. */
export type CreateEmbeddedWalletBridgeParameters = {
  /** Base URL of the Latchkey API; the frame is served from its origin. */
  apiUrl: string;
  appId: string;
  /** A valid access token for each request, or null when logged out. */
  getAccessToken: () => Promise<string | null>;
  /** Where to mount the hidden frame. Default `globalThis.document`. */
  document?: Document;
  /** Timeouts in ms. Defaults: readyMs 30000, createMs 10000, rpcMs 120000 (other requests too). */
  timeouts?: { readyMs?: number; createMs?: number; rpcMs?: number };
  /** The `caid` query parameter (client analytics id). Default: random. */
  clientAnalyticsId?: string;
};

/** The MFA events of the wallet frame (issue 15; spec section 7). */
export type MfaFrameEvent =
  | 'latchkey:mfa:verify'
  | 'latchkey:mfa:init-enrollment'
  | 'latchkey:mfa:submit-enrollment'
  | 'latchkey:mfa:unenroll';

/**
 * The frame events about the user's wallet whose request carries the access token and the user
 * id (`sub`) beside the event's own data: the wallet's own events and those of a login method
 * (issue 16: the Farcaster signer's init and sign). What {@link EmbeddedWalletBridge.call} sends.
 */
export type WalletUserFrameEvent = {
  [E in keyof FramePayloads]: FramePayloads[E]['in'] extends { accessToken: string; userId: string }
    ? E
    : never;
}[keyof FramePayloads];

/** Result of the frame's create / connect / recover. */
export type EmbeddedWalletFrameResult = {
  address: string;
  deviceStorage?: DeviceShareStorage;
  /** connect only: the key waits for an MFA verification (issue 15). */
  locked?: boolean;
};

/**
 * The host side of the wallet frame (spec section 7): one hidden iframe on the API origin, and
 * a request/answer channel to it. Every method waits for the frame to be ready and fetches a
 * fresh access token. Errors are {@link WalletError}s.
 */
export interface EmbeddedWalletBridge {
  /** The frame's origin (the API origin); the only origin posted to or listened to. */
  readonly frameOrigin: string;
  /** Mounts the frame (once) and waits for `latchkey:iframe:ready` (readyMs; 'walletProxy does not exist'). */
  ready(): Promise<void>;
  /** Creates the wallet in the frame (createMs; 'walletProxy.create timed out'). */
  create(parameters?: {
    recoveryMethod?: RecoveryMethod;
    password?: string;
  }): Promise<EmbeddedWalletFrameResult>;
  /**
   * Loads the wallet from this device's share + the auth share. `wallet_not_on_device` when
   * absent. An MFA user's session without a fresh verification connects `locked` (issue 15):
   * the first signature asks for MFA; with `unlock: true` it is refused with
   * `missing_or_invalid_mfa` instead.
   */
  connect(parameters: { address: string; unlock?: boolean }): Promise<EmbeddedWalletFrameResult>;
  /** Recovers with recovery + auth share and reshares (`invalid_recovery_pin` on a wrong password). */
  recover(parameters: { address: string; password?: string }): Promise<EmbeddedWalletFrameResult>;
  /**
   * Asks the hidden frame to answer a wallet request. Signing methods (`personal_sign`,
   * `eth_signTypedData_v4`, `eth_signTransaction`) are signed here only with `noPrompt: true`
   * AND when the app's server-side wallet policy allows it (issue 24 item 3); otherwise the frame
   * answers a WalletError of type `approval_required` (show the approval page) or a `policy_*`
   * refusal. Returns the frame's `response`.
   */
  rpc(parameters: {
    address: string;
    request: { method: string; params?: unknown };
    /** The host's `noPromptOnSignature`: a wish the frame checks against the policy. */
    noPrompt?: boolean;
  }): Promise<unknown>;
  /**
   * Issue 22 item 2: creates the user's Solana wallet (`latchkey:solana-wallet:create`; timeout
   * createMs, 'walletProxy.solanaCreate timed out', code `wallet_proxy_timeout`). With
   * `ethereumAddress` (the user's Ethereum embedded wallet, on this device) the Solana key is
   * derived from its entropy (`derived: true`); without, fresh entropy with automatic recovery.
   * Optional so that test bridges need not implement it; the real bridge has it.
   * @throws WalletError the frame's types (`wallet_not_on_device` for a named Ethereum wallet
   *   not on this device) and the server's codes in its message (`embedded_wallet_exists`,
   *   `solana_wallet_user_recovery`).
   */
  solanaCreate?(parameters?: {
    ethereumAddress?: string;
  }): Promise<{ address: string; derived: boolean; deviceStorage?: DeviceShareStorage }>;
  /** Issue 22: as {@link connect}, for the Solana (base58) address (rpcMs). Optional as above. */
  solanaConnect?(parameters: {
    address: string;
    unlock?: boolean;
  }): Promise<EmbeddedWalletFrameResult>;
  /** Issue 22: as {@link recover}, automatic recovery only (rpcMs). Optional as above. */
  solanaRecover?(parameters: { address: string }): Promise<EmbeddedWalletFrameResult>;
  /**
   * Issue 22: asks the hidden frame for a Solana signature (rpcMs). The frame signs only a
   * printable `signMessage` asked with `noPrompt: true` under a policy allowing it; anything
   * else answers a WalletError of type `approval_required` (show the approval page). Returns
   * `{signature}` or `{signedTransaction}` (standard base64). Optional as above.
   */
  solanaRpc?(parameters: {
    address: string;
    request: SolanaSignRequest;
    noPrompt?: boolean;
  }): Promise<SolanaSignResponse>;
  /** Changes the recovery method (reshares). */
  setRecovery(parameters: {
    address: string;
    recoveryMethod: RecoveryMethod;
    password?: string;
  }): Promise<{
    address: string;
    recoveryMethod: RecoveryMethod;
    deviceStorage?: DeviceShareStorage;
  }>;
  /**
   * Issue 15: one MFA call of the frame (`latchkey:mfa:*`), sent with a fresh access token (the
   * frame makes the `/api/v1/mfa/...` call with its DPoP key). Optional so that test bridges
   * need not implement it; the real bridge has it. Timeout rpcMs.
   * @throws WalletError the frame's error types (`missing_or_invalid_mfa`,
   *   `mfa_verification_max_attempts_reached`, `invalid_request_arguments`, ...).
   */
  mfa?<E extends MfaFrameEvent>(
    event: E,
    data: Omit<FramePayloads[E]['in'], 'accessToken'>,
  ): Promise<FramePayloads[E]['out']>;
  /**
   * Issue 16: one request of the frame about the user's wallet (a {@link WalletUserFrameEvent},
   * e.g. a login method's own event), sent with a fresh access token and its user id, as
   * create and connect are. Optional so that test bridges need not implement it; the real
   * bridge has it. Timeout rpcMs.
   * @throws WalletError `missing_access_token` when logged out; the frame's error types
   *   (`wallet_not_on_device`, `missing_or_invalid_mfa`, `invalid_request_arguments`, ...).
   */
  call?<E extends WalletUserFrameEvent>(
    event: E,
    data: Omit<FramePayloads[E]['in'], 'accessToken' | 'userId'>,
  ): Promise<FramePayloads[E]['out']>;
  /** Removes this app's device shares from the frame's storage (logout on a shared device). */
  clear(parameters?: { userId?: string }): Promise<void>;
  /**
   * A DPoP proof (RFC 9449) by the frame's own key for one login call at `htu` (a
   * `SESSION_ROUTES` URL of the API): the session that login starts is bound to the frame key,
   * so only this frame can obtain the user's wallet shares (issue 10). Needs no access token.
   * `serverTimeMs` (the server's clock as last seen) sets the proof's `iat`.
   * @param timeoutMs how long to wait for the frame (mount + answer).
   * @throws WalletError when the frame is not ready in time or refuses the URL.
   */
  loginProof(
    htu: string,
    timeoutMs: number,
    serverTimeMs?: number,
  ): Promise<{ proof: string; jkt: string }>;
  /**
   * Removes the frame (dropping the shares it holds in memory) and rejects pending requests; the
   * next call mounts a fresh frame. Call at logout. The device share in the frame's storage stays.
   */
  reset?(): void;
  /** Removes the frame and rejects pending requests; the bridge is unusable afterwards. */
  destroy(): void;
}

type Pending = {
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
};

const ERROR_TYPES: ReadonlySet<string> = new Set(WALLET_ERROR_TYPES);

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const proxyMissing = () =>
  new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });

/** `work`, or 'walletProxy does not exist' (`wallet_proxy_missing`) after `ms` milliseconds. */
function withinProxyDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(proxyMissing()), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * `answer` when it is a {@link SolanaSignResponse} (a string `signature` or `signedTransaction`),
 * else 'walletProxy.<call> did not send a response' (`wallet_proxy_no_response`).
 * @internal shared with the Solana approval mount.
 */
export function requireSolanaResponse(answer: unknown, event: FrameEvent): SolanaSignResponse {
  const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  if (typeof a.signature === 'string') return { signature: a.signature };
  if (typeof a.signedTransaction === 'string') return { signedTransaction: a.signedTransaction };
  throw new WalletError(
    `walletProxy.${SHORT[event] ?? event} ${WALLET_ERROR_MESSAGES.noResponse}`,
    {
      code: 'wallet_proxy_no_response',
    },
  );
}

/** Short names used in timeout texts ('walletProxy.create timed out'). */
const SHORT: Partial<Record<FrameEvent, string>> = {
  [FRAME_EVENTS.walletCreate]: 'create',
  [FRAME_EVENTS.walletConnect]: 'connect',
  [FRAME_EVENTS.walletRecover]: 'recover',
  [FRAME_EVENTS.walletRpc]: 'rpc',
  [FRAME_EVENTS.walletSetRecovery]: 'setRecovery',
  [FRAME_EVENTS.walletClear]: 'clear',
  [FRAME_EVENTS.walletLoginProof]: 'loginProof',
  [FRAME_EVENTS.walletExport]: 'export',
  [FRAME_EVENTS.walletApprove]: 'approve',
  [FRAME_EVENTS.solanaCreate]: 'solanaCreate',
  [FRAME_EVENTS.solanaConnect]: 'solanaConnect',
  [FRAME_EVENTS.solanaRecover]: 'solanaRecover',
  [FRAME_EVENTS.solanaRpc]: 'solanaRpc',
  [FRAME_EVENTS.solanaApprove]: 'solanaApprove',
};

/**
 * A channel to a wallet frame window: waits for `latchkey:iframe:ready`, then sends requests and
 * matches answers by id. Only messages whose `origin` is `frameOrigin` AND whose `source` is the
 * frame's window are read; everything is posted to `frameOrigin` (never '*').
 * @internal shared by the bridge and the export frame.
 */
export function createFrameChannel(parameters: {
  window: Window;
  frameOrigin: string;
  frameWindow: () => Window | null;
}) {
  const { window: win, frameOrigin } = parameters;
  const pending = new Map<string, Pending>();
  let readyResolve: (() => void) | null = null;
  let isReady = false;
  const readyPromise = new Promise<void>((resolve) => {
    readyResolve = resolve;
  });

  const listener = (event: MessageEvent) => {
    const frame = parameters.frameWindow();
    if (event.origin !== frameOrigin || frame === null || event.source !== frame) return;
    const message = event.data as unknown;
    if (typeof message !== 'object' || message === null) return;
    const { id, event: name, data, error } = message as Record<string, unknown>;
    if (name === FRAME_EVENTS.ready) {
      isReady = true;
      readyResolve?.();
      return;
    }
    if (typeof id !== 'string') return;
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.timer);
    if (error !== undefined) {
      const e = (typeof error === 'object' && error !== null ? error : {}) as Record<
        string,
        unknown
      >;
      const type = (
        typeof e.type === 'string' && ERROR_TYPES.has(e.type) ? e.type : 'error'
      ) as WalletErrorType;
      const text =
        typeof e.message === 'string' && e.message.length > 0
          ? e.message
          : 'An error has occurred, please try again.';
      // The server's refusal relayed by the frame keeps the API's code (FrameResponse).
      const code = isErrorCode(e.code) ? e.code : 'frame_error';
      entry.reject(new WalletError(text, { type, code }));
    } else {
      entry.resolve(data);
    }
  };
  win.addEventListener('message', listener);

  return {
    readyPromise,
    get isReady() {
      return isReady;
    },
    send(event: FrameEvent, data: unknown, timeoutMs: number): Promise<unknown> {
      const frame = parameters.frameWindow();
      if (!frame) {
        return Promise.reject(
          new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' }),
        );
      }
      const id = randomId();
      return new Promise((resolve, reject) => {
        const short = SHORT[event] ?? event;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(
            event === FRAME_EVENTS.walletCreate || event === FRAME_EVENTS.solanaCreate
              ? new WalletError(`walletProxy.${short} timed out`, {
                  code: 'wallet_proxy_timeout',
                })
              : new WalletError(`walletProxy.${short} ${WALLET_ERROR_MESSAGES.noResponse}`, {
                  code: 'wallet_proxy_no_response',
                }),
          );
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        frame.postMessage({ id, event, data }, frameOrigin);
      });
    },
    destroy(reason: WalletError) {
      win.removeEventListener('message', listener);
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(reason);
      }
      pending.clear();
    },
  };
}

function hiddenFrame(doc: Document, src: string, title: string): HTMLIFrameElement {
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('title', title);
  iframe.setAttribute('aria-hidden', 'true');
  iframe.setAttribute('tabindex', '-1');
  // Hidden without inline CSS text: properties set through CSSOM are allowed by a strict CSP.
  iframe.style.position = 'absolute';
  iframe.style.width = '0';
  iframe.style.height = '0';
  iframe.style.border = '0';
  iframe.style.visibility = 'hidden';
  iframe.src = src;
  return iframe;
}

/** The user id (`sub`) of an access token, or '' when unreadable (the frame then refuses). */
function userIdOf(token: string): string {
  return decodeJwtPayload(token)?.sub ?? '';
}

/**
 * Creates the host side of the embedded-wallet frame (spec sections 4, 7, 8 and 9).
 *
 * Mounts a hidden iframe at `apiUrl + /apps/{appId}/embedded-wallets?caid=..&client_id=latchkey-js`
 * on first use, waits for `latchkey:iframe:ready` from the frame's origin and window, then posts
 * `{id, event, data}` requests to that origin only and matches answers by id.
 *
 * @throws {WalletError} from the methods: 'Missing access token' when `getAccessToken()` gives null;
 *   'walletProxy does not exist' when the frame is not ready within `readyMs`;
 *   'walletProxy.create timed out' (createMs); 'walletProxy.<call> did not send a response' (rpcMs);
 *   the frame's own errors with their `type` (e.g. `wallet_not_on_device`, `invalid_recovery_pin`).
 * @example
 * const bridge = createEmbeddedWalletBridge({ apiUrl, appId, getAccessToken: () => client.getAccessToken() });
 * const { address } = await bridge.create({ recoveryMethod: 'latchkey' });
 */
export function createEmbeddedWalletBridge(
  parameters: CreateEmbeddedWalletBridgeParameters,
): EmbeddedWalletBridge {
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '');
  const frameOrigin = new URL(apiUrl).origin;
  const timeouts = { ...DEFAULT_BRIDGE_TIMEOUTS, ...parameters.timeouts };
  const caid = parameters.clientAnalyticsId ?? randomId();
  let mounted: {
    iframe: HTMLIFrameElement;
    channel: ReturnType<typeof createFrameChannel>;
    ready: Promise<void>;
  } | null = null;
  let destroyed = false;

  function unmount(reason: WalletError) {
    if (!mounted) return;
    mounted.channel.destroy(reason);
    mounted.iframe.remove();
    mounted = null;
  }

  function mount() {
    if (mounted) return mounted;
    const doc = parameters.document ?? globalThis.document;
    const win = doc?.defaultView;
    if (!doc || !win) {
      return Promise.reject(
        new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, {
          code: 'wallet_proxy_missing',
        }),
      );
    }
    const src = `${apiUrl}${ROUTES.walletFrame(parameters.appId)}?caid=${encodeURIComponent(caid)}&client_id=${FRAME_CLIENT_ID}`;
    const iframe = hiddenFrame(doc, src, 'Latchkey wallet');
    const channel = createFrameChannel({
      window: win,
      frameOrigin,
      frameWindow: () => iframe.contentWindow,
    });
    const entry = {
      iframe,
      channel,
      ready: withinProxyDeadline(channel.readyPromise, timeouts.readyMs),
    };
    mounted = entry;
    // A frame that never became ready is dropped, so the next call mounts a fresh one.
    entry.ready.catch((error: WalletError) => {
      if (mounted === entry) unmount(error);
    });
    (doc.body ?? doc.documentElement).appendChild(iframe);
    return entry;
  }

  async function ready(): Promise<void> {
    if (destroyed) {
      throw new WalletError(WALLET_ERROR_MESSAGES.bridgeDestroyed, {
        code: 'wallet_proxy_destroyed',
      });
    }
    const entry = await mount();
    await entry.ready;
  }

  async function token(): Promise<string> {
    const value = await parameters.getAccessToken();
    if (!value) {
      throw new WalletError(WALLET_ERROR_MESSAGES.missingAccessToken, {
        code: 'missing_access_token',
      });
    }
    return value;
  }

  async function request<E extends keyof FramePayloads>(
    event: E,
    data: (accessToken: string) => FramePayloads[E]['in'],
    timeoutMs: number,
  ): Promise<FramePayloads[E]['out']> {
    const accessToken = await token();
    await ready();
    const entry = mounted;
    if (!entry) {
      throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
    }
    const answer = await entry.channel.send(event, data(accessToken), timeoutMs);
    if (answer === undefined || answer === null) {
      throw new WalletError(
        `walletProxy.${SHORT[event] ?? event} ${WALLET_ERROR_MESSAGES.noResponse}`,
        {
          code: 'wallet_proxy_no_response',
        },
      );
    }
    return answer as FramePayloads[E]['out'];
  }

  const requireAddress = <T extends { address?: unknown }>(answer: T, event: FrameEvent): T => {
    if (typeof answer.address !== 'string') {
      throw new WalletError(`walletProxy.${SHORT[event]} ${WALLET_ERROR_MESSAGES.noResponse}`, {
        code: 'wallet_proxy_no_response',
      });
    }
    return answer;
  };

  return {
    frameOrigin,
    ready,
    async create(p = {}) {
      const answer = await request(
        FRAME_EVENTS.walletCreate,
        (accessToken) => ({ accessToken, userId: userIdOf(accessToken), ...p }),
        timeouts.createMs,
      );
      return requireAddress(answer, FRAME_EVENTS.walletCreate);
    },
    async connect({ address, unlock }) {
      const answer = await request(
        FRAME_EVENTS.walletConnect,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          address,
          ...(unlock ? { unlock: true } : {}),
        }),
        timeouts.rpcMs,
      );
      return requireAddress(answer, FRAME_EVENTS.walletConnect);
    },
    async recover({ address, password }) {
      const answer = await request(
        FRAME_EVENTS.walletRecover,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          address,
          ...(password === undefined ? {} : { password }),
        }),
        timeouts.rpcMs,
      );
      return requireAddress(answer, FRAME_EVENTS.walletRecover);
    },
    async rpc({ address, request: rpcRequest, noPrompt }) {
      const answer = await request(
        FRAME_EVENTS.walletRpc,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          address,
          request: rpcRequest,
          ...(noPrompt ? { noPrompt: true } : {}),
        }),
        timeouts.rpcMs,
      );
      return answer.response;
    },
    async solanaCreate({ ethereumAddress } = {}) {
      const answer = await request(
        FRAME_EVENTS.solanaCreate,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          ...(ethereumAddress ? { ethereumAddress } : {}),
        }),
        timeouts.createMs,
      );
      return requireAddress(answer, FRAME_EVENTS.solanaCreate);
    },
    async solanaConnect({ address, unlock }) {
      const answer = await request(
        FRAME_EVENTS.solanaConnect,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          address,
          ...(unlock ? { unlock: true } : {}),
        }),
        timeouts.rpcMs,
      );
      return requireAddress(answer, FRAME_EVENTS.solanaConnect);
    },
    async solanaRecover({ address }) {
      const answer = await request(
        FRAME_EVENTS.solanaRecover,
        (accessToken) => ({ accessToken, userId: userIdOf(accessToken), address }),
        timeouts.rpcMs,
      );
      return requireAddress(answer, FRAME_EVENTS.solanaRecover);
    },
    async solanaRpc({ address, request: signRequest, noPrompt }) {
      const answer = await request(
        FRAME_EVENTS.solanaRpc,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          address,
          request: signRequest,
          ...(noPrompt ? { noPrompt: true } : {}),
        }),
        timeouts.rpcMs,
      );
      return requireSolanaResponse(answer, FRAME_EVENTS.solanaRpc);
    },
    async setRecovery({ address, recoveryMethod, password }) {
      const answer = await request(
        FRAME_EVENTS.walletSetRecovery,
        (accessToken) => ({
          accessToken,
          userId: userIdOf(accessToken),
          address,
          recoveryMethod,
          ...(password === undefined ? {} : { password }),
        }),
        timeouts.rpcMs,
      );
      return requireAddress(answer, FRAME_EVENTS.walletSetRecovery);
    },
    loginProof(htu, timeoutMs, serverTimeMs) {
      return withinProxyDeadline(
        (async () => {
          await ready();
          if (!mounted) throw proxyMissing();
          const answer = (await mounted.channel.send(
            FRAME_EVENTS.walletLoginProof,
            serverTimeMs === undefined ? { htu, htm: 'POST' } : { htu, htm: 'POST', serverTimeMs },
            timeoutMs,
          )) as FramePayloads['latchkey:wallet:login-proof']['out'] | undefined;
          if (typeof answer?.proof !== 'string') {
            throw new WalletError(`walletProxy.loginProof ${WALLET_ERROR_MESSAGES.noResponse}`, {
              code: 'wallet_proxy_no_response',
            });
          }
          return answer;
        })(),
        timeoutMs,
      );
    },
    mfa(event, data) {
      return request(
        event,
        (accessToken) => ({ ...data, accessToken }) as FramePayloads[typeof event]['in'],
        timeouts.rpcMs,
      );
    },
    call(event, data) {
      return request(
        event,
        (accessToken) =>
          ({
            ...data,
            accessToken,
            userId: userIdOf(accessToken),
          }) as FramePayloads[typeof event]['in'],
        timeouts.rpcMs,
      );
    },
    async clear(p = {}) {
      // No token needed: clearing only forgets this device's shares (works after logout too).
      await ready();
      if (!mounted) return;
      await mounted.channel.send(FRAME_EVENTS.walletClear, p, timeouts.rpcMs);
    },
    reset() {
      unmount(
        new WalletError(WALLET_ERROR_MESSAGES.bridgeDestroyed, { code: 'wallet_proxy_destroyed' }),
      );
    },
    destroy() {
      destroyed = true;
      unmount(
        new WalletError(WALLET_ERROR_MESSAGES.bridgeDestroyed, { code: 'wallet_proxy_destroyed' }),
      );
    },
  };
}
