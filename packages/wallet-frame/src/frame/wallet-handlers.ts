import {
  type CloudRecoveryMethod,
  type DeviceShareStorage,
  FRAME_EVENTS,
  type FrameEvent,
  type FramePayloads,
  type OpaqueRecoveryWire,
  type RecoveryMethod,
  SESSION_ROUTES,
  type WalletProofAction,
  walletProofMessage,
} from '@latchkey/api';
import { type Address, bytesToHex, getAddress, type Hex, hexToBytes, isAddress } from 'viem';
import { base58 } from '@scure/base';
import { privateKeyToAccount } from 'viem/accounts';
import {
  CustodyError,
  InvalidRecoveryPasswordError,
  ShareIntegrityError,
} from '../custody/errors.ts';
import {
  CloudRecoveryMismatchError,
  decodeCloudSealedShare,
  encodeCloudSealedShare,
  openFromCloud,
  sealForCloud,
} from '../custody/cloud-recovery.ts';
import { FRAME_SIGNING_METHODS, handleEvmRpc } from '../custody/evm-rpc.ts';
import { evaluateWalletPolicy, transactionFacts } from '../custody/policy.ts';
import { createPolicyClient } from '../custody/policy-client.ts';
import {
  type OpaqueTransport,
  registerRecoveryPassword,
  unlockRecoveryPassword,
} from '../custody/opaque-recovery.ts';
import { decryptWithPassword } from '../custody/password.ts';
import { reconstructEntropy, reconstructWallet, splitEntropy } from '../custody/shares.ts';
import {
  deriveEvmPrivateKeyAsync,
  evmPrivateKeyOfSecret,
  generateEntropy,
} from '../custody/wallet-secret.ts';
import { privateKeyToAddress } from 'viem/accounts';
import { cloudKeyName, type CloudKeyStore } from './cloud-key-store.ts';
import type { DeviceShareStore } from './device-store.ts';
import { fromBase64, sha256Hex, toBase64 } from './encoding.ts';
import { type FrameKey, openFrameKey } from './frame-key.ts';
import { createKeyCache, type KeyCache } from './key-cache.ts';
import { createMfaHandlers } from './mfa-handlers.ts';
import { frameMethodHandlers } from '../methods/index.ts';
import type { FrameHandler } from './router.ts';
import { invalid, record } from './request-data.ts';
import { createShareApi, type ShareApi, ShareApiError } from './share-api.ts';
import {
  createSolanaHandlers,
  reconstructSolanaWallet,
  solanaAddressOf,
} from './solana-handlers.ts';
import { recordTiming, timed } from './timings.ts';

/** Parameters of {@link createWalletHandlers} and {@link createExportHandler}. */
export interface WalletHandlersParameters {
  appId: string;
  /** API base URL (the frame's own origin). */
  apiUrl: string;
  store: DeviceShareStore;
  fetch?: typeof fetch;
  /** Overrides the share client (tests). */
  api?: ShareApi;
  /**
   * The frame's own DPoP key (issue 10). Default: this app's key in the frame origin's
   * IndexedDB (`openFrameKey`). Share the same one between the wallet and export handlers.
   */
  key?: FrameKey;
  /** Clock in ms (token expiry). Default `Date.now`. */
  now?: () => number;
  /**
   * The wallet handlers' key cache (issue 13 item 3): the rebuilt key stays in the frame's memory
   * for an idle window so repeated signatures skip the auth-share fetch and the derivation.
   * Default: `createKeyCache({ idleMs: keyIdleMs })`. The frame page passes its own so it can
   * zero it on `pagehide`.
   */
  keyCache?: KeyCache;
  /** Idle window of the default key cache in ms (default 60000; 0 disables the cache). */
  keyIdleMs?: number;
  /**
   * Unused since issue 24: new recovery passwords are registered with OPAQUE (Argon2id with
   * `OPAQUE_KSF_PARAMETERS`); legacy PBKDF2 blobs are only opened, with their own iterations.
   */
  passwordIterations?: number;
}

/** Spec section 8: what a missing device share reports (the host then runs recovery). */
export const WALLET_NOT_ON_DEVICE_MESSAGE = 'Wallet not found on this device.';
/** The device share belongs to an older split: the wallet was recovered on another device. */
export const STALE_DEVICE_SHARE_MESSAGE =
  "This device's wallet share is out of date; recover the wallet to continue.";

/** The shares that rebuild the wallet here: device + auth. */
export interface Session {
  device: Uint8Array;
  auth: Uint8Array;
}

/** The request's `address`, checksummed. @throws CustodyError `invalid_request_arguments`. */
export function addressOf(data: Record<string, unknown>): Address {
  const { address } = data;
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw invalid('address must be an EVM address');
  }
  return getAddress(address);
}

/** Claims of a JWT's payload, unverified (the server verifies the token on every share call). */
function claimsOf(token: string): { sub?: unknown; exp?: unknown; aud?: unknown } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      fromBase64(base64 + '='.repeat((4 - (base64.length % 4)) % 4)),
    );
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function recoveryMethodOf(value: unknown): RecoveryMethod {
  const method = value ?? 'latchkey';
  if (
    method === 'latchkey' ||
    method === 'user-passcode' ||
    method === 'google-drive' ||
    method === 'icloud'
  ) {
    return method;
  }
  throw invalid('Unknown recovery method');
}

const isCloudMethod = (method: unknown): method is CloudRecoveryMethod =>
  method === 'google-drive' || method === 'icloud';

/**
 * The key of a request's in-process cloud access (issue 23): the cloud recovery page puts
 * `{provider, store}` ({@link CloudRecoveryAccess}) on the data it hands the create, recover and
 * set-recovery handlers under this symbol. A message from the host page can never carry it:
 * `postMessage`'s structured clone drops symbol-keyed properties (and cannot clone the store's
 * functions), so a cloud backup is only ever made or opened after the cloud page's trusted click.
 */
export const CLOUD_RECOVERY_ACCESS: unique symbol = Symbol('latchkey.cloudRecoveryAccess');

/** The user's cloud, reached by the cloud page with the provider's token (issue 23). */
export interface CloudRecoveryAccess {
  provider: CloudRecoveryMethod;
  store: CloudKeyStore;
}

/** What a cloud method asked for from anywhere but the cloud page is refused with. */
export const CLOUD_PAGE_ONLY_MESSAGE =
  'Cloud backups are made and opened on the cloud recovery page.';

const cloudPageOnly = () => new CustodyError('user_gesture_required', CLOUD_PAGE_ONLY_MESSAGE);

/** The request's in-process cloud access, when the cloud page gave one. */
function cloudAccessOf(data: Record<string, unknown>): CloudRecoveryAccess | undefined {
  const access = (data as { [CLOUD_RECOVERY_ACCESS]?: unknown })[CLOUD_RECOVERY_ACCESS] as
    CloudRecoveryAccess | undefined;
  return access && isCloudMethod(access.provider) && access.store ? access : undefined;
}

/**
 * The cloud access for `method`: none for the other methods; for a cloud method, the request's
 * own, of that provider.
 * @throws CustodyError `user_gesture_required` for a cloud method without the cloud page's
 *   access or with another provider's.
 */
function cloudFor(
  method: RecoveryMethod,
  data: Record<string, unknown>,
): CloudRecoveryAccess | undefined {
  if (!isCloudMethod(method)) return undefined;
  const access = cloudAccessOf(data);
  if (!access || access.provider !== method) throw cloudPageOnly();
  return access;
}

/** Longest `recovery_share` the API takes, in base64 characters. */
const RECOVERY_SHARE_MAX_BASE64 = 512;

function passwordOf(data: Record<string, unknown>, required: boolean): string | undefined {
  const { password } = data;
  if (password === undefined || password === null || password === '') {
    if (required) throw invalid('A recovery password is required');
    return undefined;
  }
  if (typeof password !== 'string') throw invalid('password must be a string');
  return password;
}

/** The server refused the auth share for want of a fresh MFA verification (issue 15). */
const isMfaRefusal = (error: unknown) =>
  error instanceof CustodyError && error.type === 'missing_or_invalid_mfa';

/**
 * The frame's wallet handlers (spec section 7 events; design.md, Keys), for `createFrameRouter`.
 *
 * - create: fresh entropy, 2-of-3 split; device share kept here (localStorage, namespaced by app,
 *   user and address; in memory when storage is unusable), auth + recovery share (plain for
 *   `latchkey`, password-sealed for `user-passcode`) sent to the server.
 * - connect: device + auth share (the auth share prefetched), rebuilt and address-checked; the
 *   key then stays in the idle-window cache (`key-cache.ts`, default 60 s idle, zeroed on expiry,
 *   `clear`, `pagehide`, and when another user, wallet or token asks). When the server refuses
 *   the share for want of MFA (issue 15), connect answers `locked: true` (the first signature
 *   asks for MFA), unless the host asked `unlock: true`.
 * - recover: recovery + auth share (password decrypted here), then a reshare so older shares die.
 * - rpc: signs with `handleEvmRpc` with the cached key, or rebuilds it (share fetch, combine,
 *   derivation) on a miss; the request's copies are zeroed after use.
 * - set-recovery: reshares with the new recovery method. clear: forgets this app's device shares.
 *
 * The user is the access token's `sub`; a `userId` that differs is refused. Errors are
 * CustodyErrors with the wallet error types of spec section 8.
 */
export function createWalletHandlers(
  parameters: WalletHandlersParameters,
): Partial<Record<FrameEvent, FrameHandler>> {
  const { store } = parameters;
  const key = parameters.key ?? openFrameKey(parameters.appId, globalThis.indexedDB);
  const api = parameters.api ?? shareApiFor(parameters, key);
  const core = createCustody(parameters, api);
  const cache = parameters.keyCache ?? createKeyCache({ idleMs: parameters.keyIdleMs });

  /** Keeps copies of the wallet's entropy and key in the idle-window cache. */
  function remember(
    userId: string,
    address: Address,
    token: string,
    entropy: Uint8Array,
    privateKey: Hex,
    expiresAtMs: number | null = null,
  ) {
    const keyBytes = hexToBytes(privateKey);
    cache.set({ userId, address, token, entropy, privateKey: keyBytes, expiresAtMs });
    keyBytes.fill(0);
  }

  /**
   * The wallet's entropy and key: from the idle-window cache when it holds this user's wallet
   * for this token (no share fetch, no combine, no derivation); else device share + auth share
   * (fetched with this token, so the server checks every new token), combined, address-checked
   * and cached. The caller zeroes both after use.
   */
  async function keyFor(
    token: string,
    userId: string,
    address: Address,
  ): Promise<{ entropy: Uint8Array; privateKey: Uint8Array }> {
    const hit = cache.get(userId, address, token);
    if (hit) {
      recordTiming('key.cache-hit', 0);
      return hit;
    }
    const session = await timed('key.share-fetch', () =>
      core.loadDeviceSession(token, userId, address),
    );
    const wallet = await timed('key.combine-derive', () =>
      reconstructWallet([session.device, session.auth], address),
    ).finally(() => {
      session.device.fill(0);
      session.auth.fill(0);
    });
    // An MFA user's key goes when the session's verification ends (issue 15).
    remember(userId, address, token, wallet.entropy, wallet.privateKey, api.authShareKeepUntil());
    return { entropy: wallet.entropy, privateKey: hexToBytes(wallet.privateKey) };
  }

  /** Runs `use` with the wallet's entropy and key, then zeroes this request's copies. */
  async function withKey<T>(
    token: string,
    userId: string,
    address: Address,
    use: (entropy: Uint8Array, privateKey: Hex) => Promise<T>,
  ): Promise<T> {
    const { entropy, privateKey } = await keyFor(token, userId, address);
    try {
      return await use(entropy, bytesToHex(privateKey));
    } finally {
      entropy.fill(0);
      privateKey.fill(0);
    }
  }

  const create: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = core.authorize(data);
    const recoveryMethod = recoveryMethodOf(data.recoveryMethod);
    const password = passwordOf(data, recoveryMethod === 'user-passcode');
    const cloud = cloudFor(recoveryMethod, data);
    const started = performance.now();
    // The nonce round trip runs while the key is derived and split.
    const nonce = timed('create.nonce', () => api.walletNonce(token));
    nonce.catch(() => {});
    const entropy = generateEntropy();
    try {
      const privateKey = await timed('create.derive', () => deriveEvmPrivateKeyAsync(entropy));
      const address = privateKeyToAddress(privateKey);
      const shares = await timed('create.split', () => splitEntropy(entropy));
      try {
        const proof = await timed('create.proof', async () =>
          core.walletProof(token, userId, address, entropy, 'create', {
            nonce: await nonce,
            privateKey,
          }),
        );
        const recovery = await core.recoveryFields(
          shares.recovery,
          recoveryMethod,
          password,
          { token, userId, address, entropy },
          cloud,
        );
        const upload = timed('create.upload', () =>
          api.createWallet(token, {
            address,
            chain_type: 'ethereum',
            auth_share: toBase64(shares.auth),
            ...recovery,
            ...proof,
          }),
        );
        // The auth share's hash is computed while the upload is in flight.
        const [authHash] = await Promise.all([sha256Hex(shares.auth), upload]);
        const deviceStorage = store.set(userId, address, { share: shares.device, authHash });
        remember(userId, address, token, entropy, privateKey);
        recordTiming('create', performance.now() - started);
        return { address, deviceStorage } satisfies FramePayloads['latchkey:wallet:create']['out'];
      } finally {
        shares.device.fill(0);
        shares.auth.fill(0);
        shares.recovery.fill(0);
      }
    } finally {
      entropy.fill(0);
    }
  };

  const connect: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = core.authorize(data);
    const address = addressOf(data);
    // Prefetch: the auth share is fetched and the key rebuilt now, so a bad share is reported at
    // connect and the first signature within the idle window needs no share fetch.
    try {
      await withKey(token, userId, address, async () => {});
    } catch (error) {
      // An MFA user's session without a fresh verification (issue 15): the wallet is on this
      // device (the device share was found before the share fetch), its key stays locked until
      // a signature, export or `unlock` connect asks for MFA. Loading the page asks nothing.
      if (data.unlock === true || !isMfaRefusal(error)) throw error;
      return {
        address,
        deviceStorage: store.kind,
        locked: true,
      } satisfies FramePayloads['latchkey:wallet:connect']['out'];
    }
    return {
      address,
      deviceStorage: store.kind,
    } satisfies FramePayloads['latchkey:wallet:connect']['out'];
  };

  /** Splits the same entropy anew, uploads auth + recovery, then stores the new device share. */
  async function reshare(
    token: string,
    userId: string,
    address: Address,
    entropy: Uint8Array,
    recoveryMethod: RecoveryMethod,
    password: string | undefined,
    cloud?: CloudRecoveryAccess,
  ): Promise<DeviceShareStorage> {
    const shares = await splitEntropy(entropy);
    try {
      const proof = await core.walletProof(token, userId, address, entropy, 'reshare');
      await api.reshare(token, {
        address,
        auth_share: toBase64(shares.auth),
        ...(await core.recoveryFields(
          shares.recovery,
          recoveryMethod,
          password,
          { token, userId, address, entropy },
          cloud,
        )),
        ...proof,
      });
      const where = store.set(userId, address, {
        share: shares.device,
        authHash: await sha256Hex(shares.auth),
      });
      remember(
        userId,
        address,
        token,
        entropy,
        evmPrivateKeyOfSecret(entropy),
        api.authShareKeepUntil(),
      );
      return where;
    } finally {
      shares.device.fill(0);
      shares.auth.fill(0);
      shares.recovery.fill(0);
    }
  }

  const recover: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = core.authorize(data);
    const address = addressOf(data);
    const cloud = cloudAccessOf(data);
    const { recovery, recoveryMethod, password } = await core.openRecoveryShare(
      token,
      address,
      data,
      cloud,
    );
    try {
      const auth = await api.authShare(token, address);
      const entropy = await reconstructEntropy([recovery, auth], address).finally(() =>
        auth.fill(0),
      );
      try {
        const deviceStorage = await reshare(
          token,
          userId,
          address,
          entropy,
          recoveryMethod,
          password,
          cloud,
        );
        return { address, deviceStorage } satisfies FramePayloads['latchkey:wallet:recover']['out'];
      } finally {
        entropy.fill(0);
      }
    } finally {
      recovery.fill(0);
    }
  };

  const policies = createPolicyClient(api, { now: parameters.now });
  const approvalRequired = (why: string) =>
    new CustodyError(
      'approval_required',
      `This request needs the user's approval in the wallet frame (${why}).`,
    );

  /**
   * `latchkey:wallet:rpc` (issue 24 item 3). `eth_accounts` answers the address. The signing
   * methods (`personal_sign`, `eth_signTypedData_v4`, `eth_signTransaction`) are signed here,
   * without any prompt, ONLY when the host asks `noPrompt: true` AND the app's wallet policy,
   * fetched by the frame from its own origin, allows the request (`evaluateWalletPolicy`); a
   * transaction with value is first recorded against the wallet's 24-hour cap
   * (`ROUTES.walletSpend`). Otherwise: CustodyError `approval_required` (the host shows the
   * approval page), or the policy code (`policy_chain_not_allowed`,
   * `policy_contract_not_allowed`, `policy_value_cap_exceeded`, `policy_daily_cap_exceeded`)
   * when the policy says `outside_policy: 'refuse'`. A policy that cannot be fetched answers
   * `approval_required` (fails closed).
   */
  const rpc: FrameHandler = async (input) => {
    const started = performance.now();
    const data = record(input);
    const { token, userId } = core.authorize(data);
    const address = addressOf(data);
    const request = record(data.request);
    if (typeof request.method !== 'string') throw invalid('request.method must be a string');
    const rpcRequest = { method: request.method, params: request.params };
    if (!(FRAME_SIGNING_METHODS as readonly string[]).includes(rpcRequest.method)) {
      throw invalid(`Unsupported method ${rpcRequest.method}`);
    }
    if (rpcRequest.method !== 'eth_accounts') {
      if (data.noPrompt !== true) throw approvalRequired('no noPrompt');
      let answer;
      try {
        answer = await timed('rpc.policy', () => policies.get());
      } catch {
        throw approvalRequired('the wallet policy could not be loaded');
      }
      const verdict = evaluateWalletPolicy(answer.policy, rpcRequest, {
        servedChainIds: answer.served_chain_ids,
      });
      if (verdict.verdict === 'refuse') {
        throw new CustodyError(
          verdict.code,
          `The wallet policy refuses this request: ${verdict.reason}`,
        );
      }
      if (verdict.verdict === 'ask') throw approvalRequired(verdict.reason);
      const tx =
        rpcRequest.method === 'eth_signTransaction' ? transactionFacts(rpcRequest) : undefined;
      if (tx && tx.value > 0n) {
        const from = (Array.isArray(rpcRequest.params) ? rpcRequest.params[0] : undefined) as
          { from?: unknown } | undefined;
        if (
          from?.from !== undefined &&
          (typeof from.from !== 'string' || from.from.toLowerCase() !== address.toLowerCase())
        ) {
          throw invalid('Cannot request a signature with this wallet address');
        }
        try {
          await api.spend(token, {
            address,
            chain_id: tx.chainId!,
            value_wei: tx.value.toString(),
          });
        } catch (error) {
          const type = error instanceof CustodyError ? error.type : undefined;
          if (
            type === 'approval_required' ||
            (type?.startsWith('policy_') && answer.policy.outside_policy === 'ask')
          ) {
            throw approvalRequired((error as Error).message);
          }
          throw error;
        }
      }
    }
    const response = await withKey(token, userId, address, (_entropy, key) =>
      timed('rpc.sign', () => handleEvmRpc(key, rpcRequest)),
    );
    recordTiming('rpc', performance.now() - started);
    return { response } satisfies FramePayloads['latchkey:wallet:rpc']['out'];
  };

  const setRecovery: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = core.authorize(data);
    const address = addressOf(data);
    const recoveryMethod = recoveryMethodOf(data.recoveryMethod);
    const password = passwordOf(data, recoveryMethod === 'user-passcode');
    const cloud = cloudFor(recoveryMethod, data);
    const deviceStorage = await withKey(token, userId, address, (entropy) =>
      reshare(token, userId, address, entropy, recoveryMethod, password, cloud),
    );
    return {
      address,
      recoveryMethod,
      deviceStorage,
    } satisfies FramePayloads['latchkey:wallet:set-recovery']['out'];
  };

  /**
   * A DPoP proof by the frame key for one login call, so the session it starts is bound to this
   * key (issue 10). Only for `SESSION_ROUTES` on the frame's own origin, method POST, and
   * without `ath`: such a proof cannot open a share route.
   */
  const loginProof: FrameHandler = async (input) => {
    const data = record(input);
    const htm = data.htm ?? 'POST';
    if (htm !== 'POST') throw invalid('Login proofs are for POST only');
    if (typeof data.htu !== 'string') throw invalid('htu must be a URL');
    let url: URL;
    try {
      url = new URL(data.htu);
    } catch {
      throw invalid('htu must be a URL');
    }
    const apiUrl = new URL(parameters.apiUrl);
    const basePath = apiUrl.pathname.replace(/\/+$/, '');
    if (
      url.origin !== apiUrl.origin ||
      url.search !== '' ||
      url.hash !== '' ||
      !url.pathname.startsWith(basePath) ||
      !SESSION_ROUTES.includes(url.pathname.slice(basePath.length))
    ) {
      throw invalid('Login proofs are only made for the login routes of this API');
    }
    const serverTimeMs =
      typeof data.serverTimeMs === 'number' && Number.isFinite(data.serverTimeMs)
        ? data.serverTimeMs
        : api.serverNow();
    const [proof, jkt] = await Promise.all([
      key.proof('POST', url.href, undefined, serverTimeMs),
      key.thumbprint(),
    ]);
    return { proof, jkt } satisfies FramePayloads['latchkey:wallet:login-proof']['out'];
  };

  const clear: FrameHandler = (input) => {
    const data = input === undefined || input === null ? {} : record(input);
    const userId = typeof data.userId === 'string' && data.userId ? data.userId : undefined;
    store.clear(userId);
    cache.clear(userId);
    return {};
  };

  return {
    [FRAME_EVENTS.walletCreate]: create,
    [FRAME_EVENTS.walletConnect]: connect,
    [FRAME_EVENTS.walletRecover]: recover,
    [FRAME_EVENTS.walletRpc]: rpc,
    [FRAME_EVENTS.walletSetRecovery]: setRecovery,
    [FRAME_EVENTS.walletClear]: clear,
    [FRAME_EVENTS.walletLoginProof]: loginProof,
    // Issue 22: the Solana wallet's events, over the same shares, key cache and policy.
    ...createSolanaHandlers({
      appId: parameters.appId,
      store,
      api,
      custody: core,
      cache,
      policies,
      addressOf,
      withEthereumKey: withKey,
    }),
    // The login methods' frame events (`methods/`), with this frame's key and custody check.
    ...frameMethodHandlers({
      appId: parameters.appId,
      apiOrigin: new URL(parameters.apiUrl).origin,
      api,
      authorize: (data) => core.authorize(data),
      addressOf,
      withKey,
    }),
    // Issue 15: the second factor's calls, with this frame's DPoP key.
    ...createMfaHandlers(api, (data) => core.authorize(data)),
  };
}

/**
 * The export page's one handler (`latchkey:wallet:export` {accessToken, address}). It checks the
 * token and that this device holds a share of `address`, hands `ready` a `reveal` function and
 * answers only `{ready: true}`: nothing of the key is fetched or rebuilt yet. The page calls
 * `reveal` on a trusted click of its Reveal button; only then is the auth share fetched and the
 * key rebuilt and handed to `render` (which writes it into the frame's own DOM). `reveal` may run
 * again after the page hid the key (one at a time). It serves ONE request; later ones are refused.
 */
export function createExportHandler(
  parameters: WalletHandlersParameters & {
    /**
     * Called once the request is accepted, with the wallet's address; the page calls `reveal` on
     * a trusted click of its Reveal button.
     */
    ready: (reveal: () => Promise<void>, address: string) => void;
    /**
     * Draws the key: an Ethereum wallet's as 0x hex (32 bytes); a Solana wallet's as its
     * 64-byte secret key (private then public key) in base58, the form Phantom and Solflare
     * import (issue 22).
     */
    render: (privateKey: string, address: string) => void;
  },
): FrameHandler {
  const key = parameters.key ?? openFrameKey(parameters.appId, globalThis.indexedDB);
  const api = parameters.api ?? shareApiFor(parameters, key);
  const core = createCustody(parameters, api);
  let used = false;
  return async (input) => {
    if (used) throw invalid('This export page has already been used');
    used = true;
    const data = record(input);
    const { token, userId } = core.authorize(data);
    // A Solana wallet is named by its base58 address (issue 22), an Ethereum one by 0x hex.
    const solana = typeof data.address === 'string' && !data.address.startsWith('0x');
    const address = solana ? solanaAddressOf(data) : addressOf(data);
    const stored = parameters.store.get(userId, address);
    if (!stored) throw new CustodyError('wallet_not_on_device', WALLET_NOT_ON_DEVICE_MESSAGE);
    stored.share.fill(0);
    let running: Promise<void> | null = null;
    const reveal = async () => {
      const session = await core.loadDeviceSession(token, userId, address as Address);
      const shares = [session.device, session.auth] as const;
      const wipeShares = () => {
        session.device.fill(0);
        session.auth.fill(0);
      };
      if (solana) {
        const { entropy, key } = await reconstructSolanaWallet(shares, address).finally(wipeShares);
        const secretKey = new Uint8Array([...key.privateKey, ...key.publicKey]);
        try {
          parameters.render(base58.encode(secretKey), address);
        } finally {
          secretKey.fill(0);
          key.privateKey.fill(0);
          entropy.fill(0);
        }
        return;
      }
      const entropy = await reconstructEntropy(shares, address as Address).finally(wipeShares);
      try {
        parameters.render(evmPrivateKeyOfSecret(entropy), address);
      } finally {
        entropy.fill(0);
      }
    };
    parameters.ready(() => (running ??= reveal().finally(() => (running = null))), address);
    return { ready: true } satisfies FramePayloads['latchkey:wallet:export']['out'];
  };
}

/** The share client of the frame's own API, with the frame key's DPoP proofs. */
export function shareApiFor(parameters: WalletHandlersParameters, key: FrameKey): ShareApi {
  return createShareApi({
    apiUrl: parameters.apiUrl,
    appId: parameters.appId,
    key,
    fetch: parameters.fetch,
  });
}

/**
 * The steps shared by the wallet, export, approval and password handlers: token checks, wallet
 * proofs, recovery fields, loading the device session, opening the recovery share.
 */
export function createCustody(parameters: WalletHandlersParameters, api: ShareApi) {
  const now = parameters.now ?? (() => Date.now());

  const custody = {
    /**
     * The caller's token and user id. The user is the token's `sub`; the host's `userId`, when
     * given, must match it. The token's signature is checked by the server on every share call.
     */
    authorize(data: Record<string, unknown>): { token: string; userId: string } {
      const token = data.accessToken;
      if (typeof token !== 'string' || token.length === 0) {
        throw new CustodyError('error', 'Missing access token');
      }
      const claims = claimsOf(token);
      const sub = claims?.sub;
      if (typeof sub !== 'string' || sub.length === 0) {
        throw invalid('The access token is not readable');
      }
      if (typeof claims?.exp === 'number' && claims.exp * 1000 <= now()) {
        throw new CustodyError('error', 'The access token has expired');
      }
      const aud = claims?.aud;
      if (
        aud !== undefined &&
        !(aud === parameters.appId || (Array.isArray(aud) && aud.includes(parameters.appId)))
      ) {
        throw invalid('The access token was issued for another app');
      }
      if (data.userId !== undefined && data.userId !== sub) {
        throw invalid('The access token does not belong to this user');
      }
      return { token, userId: sub };
    },

    /**
     * Proof of possession of the wallet key (issue 10): a server nonce signed (EIP-191) by the
     * key derived from `entropy`, over `walletProofMessage`.
     */
    async walletProof(
      token: string,
      userId: string,
      address: Address,
      entropy: Uint8Array,
      action: WalletProofAction,
      prepared: { nonce?: string; privateKey?: Hex } = {},
    ): Promise<{ nonce: string; signature: Hex }> {
      const nonce = prepared.nonce ?? (await api.walletNonce(token));
      const account = privateKeyToAccount(prepared.privateKey ?? evmPrivateKeyOfSecret(entropy));
      if (account.address !== address) throw new ShareIntegrityError();
      const message = walletProofMessage({
        action,
        appId: parameters.appId,
        userId,
        address,
        nonce,
      });
      return { nonce, signature: await account.signMessage({ message }) };
    },

    /**
     * The recovery fields of a create or reshare body. `user-passcode` (issue 24 item 5): the
     * password is registered with OPAQUE (a wallet proof `opaque-register` by the key of
     * `wallet.entropy`, then Argon2id in the frame) and the recovery share sealed under the
     * export key: `recovery_opaque`. `google-drive` / `icloud` (issue 23): the share sealed for
     * the cloud (`sealForCloud`, bound to the app, user and address) under the key this wallet
     * already has in the user's cloud (`cloud.store`, named `cloudKeyName`), else under a fresh
     * key that is put there FIRST, so the server never holds a sealed share whose key is
     * nowhere; `recovery_share` is base64 of the compact sealed form
     * (`encodeCloudSealedShare`), checked against the API's 512 characters before the put.
     * `latchkey`: the plain share.
     * @throws CustodyError `invalid_request_arguments` when `user-passcode` has no password;
     *   `user_gesture_required` for a cloud method without the cloud page's access of that
     *   provider; CloudStorageError when the cloud refuses the key.
     */
    async recoveryFields(
      recovery: Uint8Array,
      method: RecoveryMethod,
      password: string | undefined,
      wallet: { token: string; userId: string; address: Address; entropy: Uint8Array },
      cloud?: CloudRecoveryAccess,
    ): Promise<{
      recovery_method: RecoveryMethod;
      recovery_share: string | null;
      recovery_opaque: OpaqueRecoveryWire | null;
    }> {
      if (method === 'user-passcode') {
        if (!password) throw invalid('A recovery password is required');
        const { token, userId, address, entropy } = wallet;
        const recoveryOpaque = await registerRecoveryPassword({
          password,
          share: recovery,
          binding: { appId: parameters.appId, address },
          transport: {
            register: async (registrationRequest) =>
              api.opaqueRegister(token, {
                address,
                registration_request: registrationRequest,
                ...(await custody.walletProof(token, userId, address, entropy, 'opaque-register')),
              }),
          },
        });
        return { recovery_method: method, recovery_share: null, recovery_opaque: recoveryOpaque };
      }
      if (isCloudMethod(method)) {
        if (!cloud || cloud.provider !== method) throw cloudPageOnly();
        const context = { appId: parameters.appId, userId: wallet.userId, address: wallet.address };
        const name = cloudKeyName(parameters.appId, wallet.address);
        let existing = null;
        try {
          existing = await cloud.store.get(name);
        } catch (error) {
          // A document that is not a key is replaced by a fresh one.
          if (!(error instanceof CloudRecoveryMismatchError)) throw error;
        }
        const reuse =
          existing && existing.address.toLowerCase() === wallet.address.toLowerCase()
            ? existing
            : undefined;
        const { sealed, key } = await sealForCloud(recovery, context, reuse);
        const share = toBase64(encodeCloudSealedShare(sealed));
        if (share.length > RECOVERY_SHARE_MAX_BASE64) {
          throw new CustodyError('error', 'The sealed recovery share is too long for the API');
        }
        if (!reuse) await cloud.store.put(name, key);
        return { recovery_method: method, recovery_share: share, recovery_opaque: null };
      }
      return { recovery_method: method, recovery_share: toBase64(recovery), recovery_opaque: null };
    },

    /**
     * This device's share and the server's auth share. `wallet_not_on_device` when this device has
     * no share, or has one from an older split (the wallet was recovered elsewhere).
     */
    async loadDeviceSession(token: string, userId: string, address: Address): Promise<Session> {
      const stored = parameters.store.get(userId, address);
      if (!stored) throw new CustodyError('wallet_not_on_device', WALLET_NOT_ON_DEVICE_MESSAGE);
      const auth = await api.authShare(token, address);
      if (stored.authHash && stored.authHash !== (await sha256Hex(auth))) {
        stored.share.fill(0);
        auth.fill(0);
        throw new CustodyError('wallet_not_on_device', STALE_DEVICE_SHARE_MESSAGE);
      }
      return { device: stored.share, auth };
    },

    /**
     * The recovery share. With a password (issue 24 item 5): an OPAQUE unlock (one counted guess
     * on the server per call; `invalid_recovery_pin` for a wrong password,
     * `recovery_attempts_exceeded` while this device or the wallet is locked). A wallet without
     * an OPAQUE record (404 at login start) falls back to the legacy recovery-share route: the
     * plain share of automatic recovery, or a legacy PBKDF2 blob opened here, which the caller's
     * reshare then replaces with OPAQUE (migration). Without a password: the legacy route only.
     * A cloud method (issue 23): the sealed share from the server opened with the key in the
     * user's cloud (`cloud`, the cloud page's access of the wallet's provider).
     * @throws CustodyError `user_gesture_required` for a cloud wallet without `cloud`;
     *   `invalid_request_arguments` when `cloud` is another provider's or given for a wallet
     *   without cloud recovery; CloudRecoveryMismatchError (`cloud_recovery_mismatch`) when the
     *   cloud holds no key of this wallet, or one that does not open its share.
     */
    async openRecoveryShare(
      token: string,
      address: Address,
      data: Record<string, unknown>,
      cloud?: CloudRecoveryAccess,
    ): Promise<{ recovery: Uint8Array; recoveryMethod: RecoveryMethod; password?: string }> {
      const password = passwordOf(data, false);
      if (password) {
        const transport: Pick<OpaqueTransport, 'loginStart' | 'loginFinish'> = {
          loginStart: (startLoginRequest) =>
            api.opaqueLoginStart(token, { address, start_login_request: startLoginRequest }),
          loginFinish: (loginId, finishLoginRequest) =>
            api.opaqueLoginFinish(token, {
              login_id: loginId,
              finish_login_request: finishLoginRequest,
            }),
        };
        try {
          const recovery = await unlockRecoveryPassword({
            password,
            binding: { appId: parameters.appId, address },
            transport,
          });
          return { recovery, recoveryMethod: 'user-passcode', password };
        } catch (error) {
          if (!(error instanceof ShareApiError && error.status === 404)) throw error;
          // No OPAQUE record: a legacy password blob or another method (below).
        }
      }
      const answer = await api.recoveryShare(token, address);
      const recoveryMethod = recoveryMethodOf(answer.recovery_method);
      if (cloud && cloud.provider !== recoveryMethod) {
        throw invalid(`This wallet is not backed up with ${cloud.provider}`);
      }
      if (isCloudMethod(recoveryMethod)) {
        if (!cloud) throw cloudPageOnly();
        if (!answer.recovery_share) throw new CustodyError('error', 'Unable to recover wallet');
        let bytes: Uint8Array;
        try {
          bytes = fromBase64(answer.recovery_share);
        } catch (cause) {
          throw new CloudRecoveryMismatchError({ cause });
        }
        const sealed = decodeCloudSealedShare(bytes);
        const key = await cloud.store.get(cloudKeyName(parameters.appId, address));
        if (!key) throw new CloudRecoveryMismatchError();
        const userId = custody.authorize({ accessToken: token }).userId;
        const recovery = await openFromCloud(sealed, key, {
          appId: parameters.appId,
          userId,
          address,
        });
        return { recovery, recoveryMethod };
      }
      if (recoveryMethod === 'user-passcode') {
        if (!password) throw new InvalidRecoveryPasswordError();
        if (!answer.recovery_blob) throw new CustodyError('error', 'Unable to recover wallet');
        // Legacy PBKDF2 blob (before issue 24): opened once; the reshare reseals with OPAQUE.
        const recovery = await decryptWithPassword(answer.recovery_blob, password);
        return { recovery, recoveryMethod, password };
      }
      if (!answer.recovery_share) throw new CustodyError('error', 'Unable to recover wallet');
      try {
        return { recovery: fromBase64(answer.recovery_share), recoveryMethod };
      } catch (cause) {
        throw new ShareIntegrityError({ cause });
      }
    },
  };
  return custody;
}
