import {
  base58Decode,
  FRAME_EVENTS,
  type FrameEvent,
  type FramePayloads,
  type RecoveryMethod,
  type SolanaSignRequest,
  type SolanaSignResponse,
  type WalletProofAction,
  walletProofMessage,
} from '@latchkey/api';
import {
  type Address as SolanaAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { isPrintableText } from '../custody/describe-solana.ts';
import { CustodyError, ShareIntegrityError } from '../custody/errors.ts';
import type { PolicyClient } from '../custody/policy-client.ts';
import {
  combineShares,
  IMPORTED_SHARE_BYTES,
  SHARE_BYTES,
  splitEntropy,
} from '../custody/shares.ts';
import {
  type SolanaKey,
  signWithSolanaKey,
  solanaKeyOfPrivateKey,
  solanaKeyOfSecretAsync,
} from '../custody/solana-key.ts';
import {
  ENTROPY_BYTES,
  IMPORTED_KEY_BYTES,
  evmPrivateKeyOfSecretAsync,
  generateEntropy,
} from '../custody/wallet-secret.ts';
import type { DeviceShareStore } from './device-store.ts';
import { fromBase64, sha256Hex, toBase64 } from './encoding.ts';
import type { KeyCache } from './key-cache.ts';
import type { FrameHandler } from './router.ts';
import { invalid, record } from './request-data.ts';
import type { ShareApi } from './share-api.ts';
import { recordTiming, timed } from './timings.ts';

/**
 * The custody steps of the Ethereum handlers that the Solana ones reuse (wallet-handlers.ts
 * `createCustody`): token checks, the device session, the recovery share.
 * Typed here by shape so this file does not import wallet-handlers.ts (no import cycle).
 */
export interface SolanaCustody {
  authorize(data: Record<string, unknown>): { token: string; userId: string };
  loadDeviceSession(
    token: string,
    userId: string,
    address: Address,
  ): Promise<{ device: Uint8Array; auth: Uint8Array }>;
  openRecoveryShare(
    token: string,
    address: Address,
    data: Record<string, unknown>,
  ): Promise<{ recovery: Uint8Array; recoveryMethod: RecoveryMethod }>;
}

/** Parameters of {@link createSolanaHandlers}: the Ethereum handlers' own parts, shared. */
export interface SolanaHandlersParameters {
  appId: string;
  store: DeviceShareStore;
  /** The share client (with the frame key's DPoP proofs). */
  api: ShareApi;
  custody: SolanaCustody;
  /** The Ethereum handlers' key cache: one rebuilt key at a time, of either family. */
  cache: KeyCache;
  /** The Ethereum handlers' wallet policy client. */
  policies: PolicyClient;
  /** The request's Ethereum address, checksummed (wallet-handlers.ts `addressOf`). */
  addressOf: (data: Record<string, unknown>) => Address;
  /**
   * The Ethereum handlers' `withKey`: runs `use` with the Ethereum wallet's secret and key
   * (cache, or device + auth share rebuilt and address-checked), then zeroes them.
   */
  withEthereumKey: <T>(
    token: string,
    userId: string,
    address: Address,
    use: (entropy: Uint8Array, privateKey: Hex) => Promise<T>,
  ) => Promise<T>;
}

/** What a Solana address refused as one reports. */
const SOLANA_ADDRESS_MESSAGE = 'address must be a Solana address (base58 of 32 bytes)';

/**
 * The request's `address` as a Solana address: base58 (Bitcoin alphabet) of exactly 32 bytes,
 * kept as written (base58 is case-sensitive).
 * @throws CustodyError `invalid_request_arguments`.
 */
export function solanaAddressOf(data: Record<string, unknown>): string {
  const { address } = data;
  if (
    typeof address !== 'string' ||
    !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) ||
    base58Decode(address)?.length !== 32
  ) {
    throw invalid(SOLANA_ADDRESS_MESSAGE);
  }
  return address;
}

/** The key cache and the device store are keyed by address strings; a Solana one is one too. */
const asKey = (address: string) => address as Address;

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The server refused the auth share for want of a fresh MFA verification (issue 15). */
const isMfaRefusal = (error: unknown) =>
  error instanceof CustodyError && error.type === 'missing_or_invalid_mfa';

const approvalRequired = (why: string) =>
  new CustodyError(
    'approval_required',
    `This request needs the user's approval in the wallet frame (${why}).`,
  );

/**
 * Rebuilds a wallet's secret from two shares and checks that its Solana key's address is
 * `expectedAddress` (the sharing library does not detect a corrupted share; design.md, Keys).
 * @returns the secret (16 bytes of entropy, or the 32-byte private key of an imported Solana
 *   key: issue 22 item 4) and its Solana key; the caller zeroes both.
 * @throws ShareIntegrityError when the shares are malformed, duplicated, or rebuild another
 *   wallet.
 */
export async function reconstructSolanaWallet(
  shares: readonly [Uint8Array, Uint8Array],
  expectedAddress: string,
): Promise<{ entropy: Uint8Array; key: SolanaKey }> {
  const entropy = await combineShares(shares, [SHARE_BYTES, IMPORTED_SHARE_BYTES]);
  let key: SolanaKey;
  try {
    // 16 bytes: entropy made in the frame; 32 bytes: an imported ed25519 private key (a Solana
    // row's 32-byte secret is never an Ethereum key: those have no Solana wallet row).
    key =
      entropy.length === IMPORTED_KEY_BYTES
        ? solanaKeyOfPrivateKey(entropy)
        : await solanaKeyOfSecretAsync(entropy);
  } catch (cause) {
    entropy.fill(0);
    throw new ShareIntegrityError({ cause });
  }
  if (key.address !== expectedAddress) {
    entropy.fill(0);
    key.privateKey.fill(0);
    throw new ShareIntegrityError();
  }
  return { entropy, key };
}

function base64Param(value: unknown, name: string): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${name} must be base64`);
  try {
    return fromBase64(value);
  } catch {
    throw invalid(`${name} must be base64`);
  }
}

/**
 * A `latchkey:solana-wallet:rpc` request's `request`, checked: `signMessage` with
 * `params.message`, or `signTransaction` with `params.transaction`, both non-empty standard
 * base64.
 * @throws CustodyError `invalid_request_arguments` for any other shape or method.
 */
export function solanaSignRequestOf(value: unknown): SolanaSignRequest {
  const request = record(value);
  const params = record(request.params ?? {});
  if (request.method === 'signMessage') {
    base64Param(params.message, 'params.message');
    return { method: 'signMessage', params: { message: params.message as string } };
  }
  if (request.method === 'signTransaction') {
    base64Param(params.transaction, 'params.transaction');
    return { method: 'signTransaction', params: { transaction: params.transaction as string } };
  }
  throw invalid(`Unsupported method ${String(request.method)}`);
}

/**
 * Signs a Solana request with the wallet's key (issue 22). The CALLER decides that the user
 * approved it (a click inside the frame, or a no-prompt signature the policy allows): this
 * function signs whatever it is given.
 * - `signMessage`: the pure ed25519 signature (RFC 8032) of the raw message bytes.
 * - `signTransaction`: the wire transaction (legacy or v0, `@solana/kit`'s transaction codec) is
 *   decoded, its message bytes signed, the signature put in the slot of `address` (other slots
 *   kept as they are) and the transaction encoded again.
 * @param privateKey the 32-byte ed25519 private key of `address`.
 * @param address the wallet's base58 address.
 * @returns the 64-byte signature, or the signed wire transaction, in standard base64.
 * @throws CustodyError `invalid_request_arguments` when the transaction cannot be decoded or
 *   does not ask for `address`'s signature.
 */
export function signSolanaRequest(
  privateKey: Uint8Array,
  address: string,
  request: SolanaSignRequest,
): SolanaSignResponse {
  if (request.method === 'signMessage') {
    const message = base64Param(request.params.message, 'params.message');
    return { signature: toBase64(signWithSolanaKey(privateKey, message)) };
  }
  const wire = base64Param(request.params.transaction, 'params.transaction');
  let transaction: Transaction;
  try {
    transaction = getTransactionDecoder().decode(wire);
  } catch (cause) {
    throw new CustodyError(
      'invalid_request_arguments',
      'params.transaction is not a Solana wire transaction',
      { cause },
    );
  }
  if (!Object.prototype.hasOwnProperty.call(transaction.signatures, address)) {
    throw invalid("The transaction does not ask for this wallet's signature");
  }
  const signature = signWithSolanaKey(
    privateKey,
    Uint8Array.from(transaction.messageBytes),
  ) as SignatureBytes;
  const signed: Transaction = {
    ...transaction,
    signatures: { ...transaction.signatures, [address as SolanaAddress]: signature },
  };
  return { signedTransaction: toBase64(new Uint8Array(getTransactionEncoder().encode(signed))) };
}

/**
 * The frame's Solana wallet handlers (issue 22; spec section 7 events
 * `latchkey:solana-wallet:*`; design.md, Keys: one entropy per user, the Solana key at
 * `m/44'/501'/0'/0'`), over the Ethereum handlers' share client, custody steps, device store and
 * key cache (wallet-handlers.ts registers them).
 *
 * - create: with `ethereumAddress` (the user's Ethereum embedded wallet) whose device share is on
 *   this device, the Solana key is derived from its entropy (rebuilt as for an Ethereum
 *   signature) and created with `derived_from` and two proofs (ed25519 `create` by the new key,
 *   EIP-191 `derive` by the Ethereum key); a copy of the device share is stored under the
 *   Solana address. A named Ethereum wallet not on this device: `wallet_not_on_device`. No
 *   named wallet, or an imported one: fresh entropy, 2-of-3 split, automatic recovery.
 * - connect: device share (by the Solana address) + auth share (the server answers a derived
 *   wallet's address with its source's share), rebuilt, address-checked, cached; `locked` for an
 *   MFA user without a fresh verification, as for Ethereum.
 * - recover: recovery + auth share (automatic recovery only; spec section 5), then a reshare
 *   proven by the Solana key; the device share is stored under the Solana address, and under the
 *   Ethereum address of the same entropy when this device held that wallet's share.
 * - rpc: see {@link FramePayloads} `latchkey:solana-wallet:rpc`: only a no-prompt
 *   `signMessage` of printable text under a policy with `no_prompt_on_signature` is signed;
 *   everything else is `approval_required`, and the host then opens the approval page
 *   (`latchkey:solana-wallet:approve`, solana-approve-page.ts), where the user sees it and
 *   approves it with a trusted click.
 *
 * Errors are CustodyErrors with the wallet error types of spec section 8.
 */
export function createSolanaHandlers(
  parameters: SolanaHandlersParameters,
): Partial<Record<FrameEvent, FrameHandler>> {
  const { appId, store, api, custody, cache, policies } = parameters;

  function remember(
    userId: string,
    address: string,
    token: string,
    entropy: Uint8Array,
    privateKey: Uint8Array,
    expiresAtMs: number | null = null,
  ) {
    cache.set({ userId, address: asKey(address), token, entropy, privateKey, expiresAtMs });
  }

  /** A wallet proof by the Solana key: base64 ed25519 over {@link walletProofMessage}. */
  function solanaProof(
    key: SolanaKey,
    userId: string,
    nonce: string,
    action: WalletProofAction,
  ): { nonce: string; signature: string } {
    const message = walletProofMessage({ action, appId, userId, address: key.address, nonce });
    return { nonce, signature: toBase64(signWithSolanaKey(key.privateKey, utf8(message))) };
  }

  /**
   * The Solana wallet's entropy and key: from the cache when it holds this wallet for this
   * token, else device share + auth share (fetched by the Solana address), rebuilt, checked and
   * cached. The caller zeroes both.
   */
  async function keyFor(
    token: string,
    userId: string,
    address: string,
  ): Promise<{ entropy: Uint8Array; privateKey: Uint8Array }> {
    const hit = cache.get(userId, asKey(address), token);
    if (hit) {
      recordTiming('key.cache-hit', 0);
      return hit;
    }
    const session = await timed('key.share-fetch', () =>
      custody.loadDeviceSession(token, userId, asKey(address)),
    );
    const { entropy, key } = await timed('key.combine-derive', () =>
      reconstructSolanaWallet([session.device, session.auth], address),
    ).finally(() => {
      session.device.fill(0);
      session.auth.fill(0);
    });
    remember(userId, address, token, entropy, key.privateKey, api.authShareKeepUntil());
    return { entropy, privateKey: key.privateKey };
  }

  async function withKey<T>(
    token: string,
    userId: string,
    address: string,
    use: (privateKey: Uint8Array) => Promise<T> | T,
  ): Promise<T> {
    const { entropy, privateKey } = await keyFor(token, userId, address);
    try {
      return await use(privateKey);
    } finally {
      entropy.fill(0);
      privateKey.fill(0);
    }
  }

  type CreateOut = FramePayloads['latchkey:solana-wallet:create']['out'];

  /** The Solana key derived from the Ethereum wallet's entropy; null for an imported key. */
  async function createDerived(
    token: string,
    userId: string,
    ethereumAddress: Address,
    nonce: Promise<string>,
  ): Promise<CreateOut | null> {
    const source = store.get(userId, ethereumAddress);
    if (!source) {
      throw new CustodyError(
        'wallet_not_on_device',
        'The Ethereum wallet is not on this device; recover it before creating the Solana wallet.',
      );
    }
    source.share.fill(0);
    return parameters.withEthereumKey(token, userId, ethereumAddress, async (entropy, evmKey) => {
      if (entropy.length !== ENTROPY_BYTES) return null;
      const key = await timed('solana.create.derive', () => solanaKeyOfSecretAsync(entropy));
      try {
        const proof = solanaProof(key, userId, await nonce, 'create');
        const derivedFromSignature = await privateKeyToAccount(evmKey).signMessage({
          message: walletProofMessage({
            action: 'derive',
            appId,
            userId,
            address: key.address,
            nonce: proof.nonce,
          }),
        });
        await timed('solana.create.upload', () =>
          api.createWallet(token, {
            address: key.address,
            chain_type: 'solana',
            derived_from: ethereumAddress,
            derived_from_signature: derivedFromSignature,
            ...proof,
          }),
        );
        // The same device share, found by the Solana address too (the auth share the server
        // answers for it is the Ethereum wallet's, so the fingerprint is the same).
        const shared = store.get(userId, ethereumAddress);
        if (!shared) throw new CustodyError('wallet_not_on_device', 'The device share is gone.');
        const deviceStorage = store.set(userId, key.address, shared);
        shared.share.fill(0);
        remember(userId, key.address, token, entropy, key.privateKey, api.authShareKeepUntil());
        return { address: key.address, derived: true, deviceStorage } satisfies CreateOut;
      } finally {
        key.privateKey.fill(0);
      }
    });
  }

  /** Fresh entropy, split and stored exactly as an Ethereum wallet's (automatic recovery). */
  async function createFresh(
    token: string,
    userId: string,
    nonce: Promise<string>,
  ): Promise<CreateOut> {
    const entropy = generateEntropy();
    try {
      const key = await timed('solana.create.derive', () => solanaKeyOfSecretAsync(entropy));
      const shares = await splitEntropy(entropy);
      try {
        const proof = solanaProof(key, userId, await nonce, 'create');
        const upload = timed('solana.create.upload', () =>
          api.createWallet(token, {
            address: key.address,
            chain_type: 'solana',
            auth_share: toBase64(shares.auth),
            recovery_method: 'latchkey',
            recovery_share: toBase64(shares.recovery),
            ...proof,
          }),
        );
        const [authHash] = await Promise.all([sha256Hex(shares.auth), upload]);
        const deviceStorage = store.set(userId, key.address, { share: shares.device, authHash });
        remember(userId, key.address, token, entropy, key.privateKey);
        return { address: key.address, derived: false, deviceStorage } satisfies CreateOut;
      } finally {
        key.privateKey.fill(0);
        shares.device.fill(0);
        shares.auth.fill(0);
        shares.recovery.fill(0);
      }
    } finally {
      entropy.fill(0);
    }
  }

  const create: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = custody.authorize(data);
    if (data.recoveryMethod !== undefined && data.recoveryMethod !== 'latchkey') {
      throw invalid('A Solana wallet has automatic recovery only');
    }
    const ethereumAddress =
      data.ethereumAddress === undefined || data.ethereumAddress === null
        ? null
        : parameters.addressOf({ address: data.ethereumAddress });
    const started = performance.now();
    const nonce = timed('solana.create.nonce', () => api.walletNonce(token));
    nonce.catch(() => {});
    const out =
      (ethereumAddress && (await createDerived(token, userId, ethereumAddress, nonce))) ||
      (await createFresh(token, userId, nonce));
    recordTiming('solana.create', performance.now() - started);
    return out;
  };

  const connect: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = custody.authorize(data);
    const address = solanaAddressOf(data);
    try {
      await withKey(token, userId, address, () => undefined);
    } catch (error) {
      if (data.unlock === true || !isMfaRefusal(error)) throw error;
      return {
        address,
        deviceStorage: store.kind,
        locked: true,
      } satisfies FramePayloads['latchkey:solana-wallet:connect']['out'];
    }
    return {
      address,
      deviceStorage: store.kind,
    } satisfies FramePayloads['latchkey:solana-wallet:connect']['out'];
  };

  const recover: FrameHandler = async (input) => {
    const data = record(input);
    const { token, userId } = custody.authorize(data);
    const address = solanaAddressOf(data);
    const { recovery, recoveryMethod } = await custody.openRecoveryShare(token, asKey(address), {});
    try {
      if (recoveryMethod !== 'latchkey') {
        throw invalid('A Solana wallet has automatic recovery only');
      }
      const auth = await api.authShare(token, address);
      const { entropy, key } = await reconstructSolanaWallet([recovery, auth], address).finally(
        () => auth.fill(0),
      );
      const shares = await splitEntropy(entropy).catch((error: unknown) => {
        entropy.fill(0);
        key.privateKey.fill(0);
        throw error;
      });
      try {
        await api.reshare(token, {
          address,
          auth_share: toBase64(shares.auth),
          recovery_method: 'latchkey',
          recovery_share: toBase64(shares.recovery),
          ...solanaProof(key, userId, await api.walletNonce(token), 'reshare'),
        });
        const authHash = await sha256Hex(shares.auth);
        const deviceStorage = store.set(userId, address, { share: shares.device, authHash });
        // A derived wallet's reshare replaced its Ethereum source's shares: keep that wallet's
        // device share on this device in step, when this device held one.
        const evmAddress = privateKeyToAddress(await evmPrivateKeyOfSecretAsync(entropy));
        const evmShare = store.get(userId, evmAddress);
        if (evmShare) {
          evmShare.share.fill(0);
          store.set(userId, evmAddress, { share: shares.device, authHash });
        }
        remember(userId, address, token, entropy, key.privateKey, api.authShareKeepUntil());
        return {
          address,
          deviceStorage,
        } satisfies FramePayloads['latchkey:solana-wallet:recover']['out'];
      } finally {
        entropy.fill(0);
        key.privateKey.fill(0);
        shares.device.fill(0);
        shares.auth.fill(0);
        shares.recovery.fill(0);
      }
    } finally {
      recovery.fill(0);
    }
  };

  /**
   * `latchkey:solana-wallet:rpc`. The host's message is a request, never a consent (design.md,
   * Keys): as Ethereum's `personal_sign`, a `signMessage` is signed without a prompt only when
   * the host asks `noPrompt: true` and the app's wallet policy (fetched by the frame) has
   * `no_prompt_on_signature`, and only when the message is printable UTF-8 text, so its bytes
   * can never be a transaction message. `signTransaction` always answers `approval_required`
   * (the policy's caps and allow-lists are EVM ones): the host shows it on the approval page
   * (`latchkey:solana-wallet:approve`, solana-approve-page.ts) instead. A policy that cannot be
   * fetched answers `approval_required` (fails closed).
   */
  const rpc: FrameHandler = async (input) => {
    const started = performance.now();
    const data = record(input);
    const { token, userId } = custody.authorize(data);
    const address = solanaAddressOf(data);
    const request = solanaSignRequestOf(data.request);
    if (request.method === 'signTransaction') {
      throw approvalRequired('a Solana transaction is signed only on the approval page');
    }
    if (data.noPrompt !== true) throw approvalRequired('no noPrompt');
    if (!isPrintableText(fromBase64(request.params.message))) {
      throw approvalRequired('the message is not printable text');
    }
    let answer;
    try {
      answer = await timed('rpc.policy', () => policies.get());
    } catch {
      throw approvalRequired('the wallet policy could not be loaded');
    }
    if (!answer.policy.no_prompt_on_signature) throw approvalRequired('No-prompt signing is off');
    const response = await withKey(token, userId, address, (privateKey) =>
      timed('rpc.sign', async () => signSolanaRequest(privateKey, address, request)),
    );
    recordTiming('rpc', performance.now() - started);
    return response satisfies FramePayloads['latchkey:solana-wallet:rpc']['out'];
  };

  return {
    [FRAME_EVENTS.solanaCreate]: create,
    [FRAME_EVENTS.solanaConnect]: connect,
    [FRAME_EVENTS.solanaRecover]: recover,
    [FRAME_EVENTS.solanaRpc]: rpc,
  };
}
