import { type DeviceShareStorage, type FramePayloads, walletProofMessage } from '@latchkey/api';
import { type Address, type Hex, hexToBytes } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { CustodyError } from '../custody/errors.ts';
import { splitEntropy, type WalletShares } from '../custody/shares.ts';
import { signWithSolanaKey } from '../custody/solana-key.ts';
import { IMPORTED_KEY_BYTES } from '../custody/wallet-secret.ts';
import { sha256Hex, toBase64 } from './encoding.ts';
import {
  type ImportChainType,
  type ImportedKey,
  type ImportView,
  type ImportViewOptions,
  mountImportView,
} from './import-view.ts';
import { invalid } from './request-data.ts';
import type { FrameHandler } from './router.ts';
import { type ShareApi } from './share-api.ts';
import { openFrameKey } from './frame-key.ts';
import { timed } from './timings.ts';
import { createCustody, shareApiFor, type WalletHandlersParameters } from './wallet-handlers.ts';

type ImportIn = FramePayloads['latchkey:wallet:import']['in'];
type ImportOut = FramePayloads['latchkey:wallet:import']['out'];

/**
 * How long the import may take once the user confirmed (spec section 9: 15 s for create and
 * import in screens): the nonce, the split, the wallet proof and the upload.
 */
export const IMPORT_TIMEOUT_MS = 15_000;

/** The import did not finish within {@link IMPORT_TIMEOUT_MS}. */
export class ImportTimeoutError extends CustodyError {
  override name = 'ImportTimeoutError';
  readonly timedOut = true;
  constructor() {
    super('error', 'The wallet import timed out.');
  }
}

/**
 * Imports `privateKey` as the user's embedded Ethereum wallet (issue 22 item 4), sharded like a
 * created wallet: the 32-byte key is split 2-of-3 (`splitEntropy`), the auth share and the
 * recovery share (automatic recovery, `latchkey`) go to the server with `imported: true` and a
 * wallet proof by the key over action `import`; the device share is kept in this frame's store.
 * The caller's copy of the key is its own to forget; this function zeroes the bytes it made.
 * @returns the EIP-55 address and where the device share is kept.
 * @throws ShareApiError `embedded_wallet_exists` (the user has a wallet), `linked_to_another_user`
 *   (another user of the app has this address), `invalid_wallet_signature`; CustodyError
 *   `invalid_request_arguments` when `privateKey` is not a 32-byte key.
 */
export async function importEvmKey(
  parameters: Pick<WalletHandlersParameters, 'store'>,
  api: ShareApi,
  custody: ReturnType<typeof createCustody>,
  session: { token: string; userId: string },
  privateKey: Hex,
): Promise<{ address: Address; deviceStorage: DeviceShareStorage }> {
  const { token, userId } = session;
  const address = privateKeyToAddress(privateKey);
  const deviceStorage = await importSecret(
    parameters,
    api,
    session,
    hexToBytes(privateKey),
    address,
    async (secret, shares, nonce) => ({
      address,
      chain_type: 'ethereum',
      imported: true,
      auth_share: toBase64(shares.auth),
      ...(await custody.recoveryFields(shares.recovery, 'latchkey', undefined, {
        token,
        userId,
        address,
        entropy: secret,
      })),
      ...(await custody.walletProof(token, userId, address, secret, 'import', {
        nonce,
        privateKey,
      })),
    }),
  );
  return { address, deviceStorage };
}

/**
 * Imports a Solana private key as the user's embedded Solana wallet (issue 22 item 4), sharded
 * like a created wallet: the 32-byte ed25519 private key is split 2-of-3, the auth share and the
 * recovery share (automatic recovery, `latchkey`: spec section 5 allows no user-owned recovery
 * beside Solana) go to the server with `imported: true`, `chain_type: 'solana'` and an ed25519
 * wallet proof (base64) by the key over {@link walletProofMessage} action `import`; the device
 * share is kept in this frame's store. A Solana wallet row whose secret is 32 bytes is such a key
 * (a created one's is 16 bytes of entropy). Zeroes the copies it made; the caller zeroes
 * `key.privateKey`.
 * @returns the base58 address and where the device share is kept.
 * @throws ShareApiError `embedded_wallet_exists` (the user has a Solana wallet),
 *   `linked_to_another_user`, `invalid_wallet_signature`; CustodyError
 *   `invalid_request_arguments` when the key is not 32 bytes.
 */
export async function importSolanaKey(
  parameters: Pick<WalletHandlersParameters, 'store' | 'appId'>,
  api: ShareApi,
  session: { token: string; userId: string },
  key: { privateKey: Uint8Array; address: string },
): Promise<{ address: string; deviceStorage: DeviceShareStorage }> {
  const { address } = key;
  const deviceStorage = await importSecret(
    parameters,
    api,
    session,
    key.privateKey.slice(),
    address,
    async (secret, shares, nonce) => {
      const message = walletProofMessage({
        action: 'import',
        appId: parameters.appId,
        userId: session.userId,
        address,
        nonce,
      });
      return {
        address,
        chain_type: 'solana',
        imported: true,
        auth_share: toBase64(shares.auth),
        recovery_method: 'latchkey',
        recovery_share: toBase64(shares.recovery),
        nonce,
        signature: toBase64(signWithSolanaKey(secret, new TextEncoder().encode(message))),
      };
    },
  );
  return { address, deviceStorage };
}

/**
 * The steps every key import shares: the 32-byte `secret` split 2-of-3, the upload of `body`
 * (the family's fields and wallet proof, made from the secret, the shares and a fresh nonce),
 * then the device share kept in this frame's store. Zeroes `secret` and the shares.
 * @returns where the device share is kept.
 * @throws CustodyError `invalid_request_arguments` when `secret` is not 32 bytes; the upload's
 *   ShareApiErrors.
 */
async function importSecret(
  parameters: Pick<WalletHandlersParameters, 'store'>,
  api: ShareApi,
  session: { token: string; userId: string },
  secret: Uint8Array,
  address: string,
  body: (
    secret: Uint8Array,
    shares: WalletShares,
    nonce: string,
  ) => Promise<Parameters<ShareApi['createWallet']>[1]>,
): Promise<DeviceShareStorage> {
  const nonce = api.walletNonce(session.token);
  nonce.catch(() => {});
  try {
    if (secret.length !== IMPORTED_KEY_BYTES) throw invalid('A private key is 32 bytes');
    const shares = await splitEntropy(secret);
    try {
      const upload = await body(secret, shares, await nonce);
      await timed('import.upload', () => api.createWallet(session.token, upload));
      const authHash = await sha256Hex(shares.auth);
      return parameters.store.set(session.userId, address, { share: shares.device, authHash });
    } finally {
      shares.device.fill(0);
      shares.auth.fill(0);
      shares.recovery.fill(0);
    }
  } finally {
    secret.fill(0);
  }
}

/** Checks a `latchkey:wallet:import` request's shape: a token, and never a key. */
function parseRequest(input: unknown): ImportIn {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('Request data must be an object');
  }
  const data = input as Record<string, unknown>;
  for (const field of ['privateKey', 'private_key', 'key', 'secret']) {
    if (field in data) {
      // The host page never hands the import page a key: it is typed here.
      throw new CustodyError(
        'user_gesture_required',
        'Private keys are typed in the wallet frame.',
      );
    }
  }
  if (typeof data.accessToken !== 'string' || data.accessToken === '') {
    throw new CustodyError('error', 'Missing access token');
  }
  const chainType = data.chainType ?? 'ethereum';
  if (chainType !== 'ethereum' && chainType !== 'solana') {
    throw invalid("chainType must be 'ethereum' or 'solana'");
  }
  return { accessToken: data.accessToken, chainType };
}

/** Options of {@link startImportPage} (tests). */
export interface ImportPageOptions extends ImportViewOptions {
  /** The page's view, already mounted (`app.ts` mounts it first to report its height). */
  view?: ImportView;
  /** The share client (tests). Default: the frame's own API with its DPoP key. */
  api?: ShareApi;
  /** How long the import may take after the user's click, in ms. Default {@link IMPORT_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * The key import page (`mode: import`, `/apps/{appId}/embedded-wallets/import`; issue 22 item 4):
 * the private key is typed or pasted into an input that belongs to the frame, checked there (an
 * Ethereum key: 64 hex digits, a valid secp256k1 scalar; a Solana key: its 64-byte secret key in
 * base58 or as a JSON byte array, the public half matching), its address shown, and imported
 * ({@link importEvmKey}, {@link importSolanaKey}) on the user's trusted click. The host page never
 * sees the key, and only learns the outcome.
 *
 * Its one handler takes `latchkey:wallet:import` `{accessToken, chainType?}` (default
 * `ethereum`) and answers `{address, chainType, deviceStorage}` once the wallet is imported
 * (never the key). Errors: the import's
 * ShareApiErrors (`embedded_wallet_exists`, ...), {@link ImportTimeoutError} after `timeoutMs`,
 * `user_gesture_required` for a request carrying a key. The page serves ONE request.
 */
export function startImportPage(
  doc: Document,
  base: WalletHandlersParameters,
  options: ImportPageOptions = {},
): FrameHandler {
  const view = options.view ?? mountImportView(doc, options);
  const api =
    options.api ??
    base.api ??
    shareApiFor(base, base.key ?? openFrameKey(base.appId, globalThis.indexedDB));
  const custody = createCustody(base, api);
  const timeoutMs = options.timeoutMs ?? IMPORT_TIMEOUT_MS;
  let used = false;
  return async (input) => {
    if (used) throw invalid('This import page has already been used');
    const request = parseRequest(input);
    const session = custody.authorize({ accessToken: request.accessToken });
    used = true;
    const chainType: ImportChainType = request.chainType ?? 'ethereum';
    let out: ImportOut | undefined;
    const importKey = async (key: ImportedKey) => ({
      ...(key.chainType === 'solana'
        ? await importSolanaKey(base, api, session, key)
        : await importEvmKey(base, api, custody, session, key.privateKey)),
      chainType: key.chainType,
    });
    await view.start(async (key) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ImportTimeoutError()), timeoutMs);
      });
      try {
        out = await Promise.race([importKey(key), late]);
      } finally {
        clearTimeout(timer);
      }
    }, chainType);
    return out satisfies ImportOut | undefined;
  };
}
