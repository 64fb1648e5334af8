import { base58 } from '@scure/base';
import * as z from 'zod';
import type { FarcasterSigner } from './methods/farcaster.schema.ts';
import type { MfaMethod } from './mfa.ts';
import { OPAQUE_KSF_IDS } from './opaque.ts';
import type { CloudRecoveryMethod } from './recovery-oauth.ts';
import { RECOVERY_METHODS, type RecoveryMethod, type UserWire } from './user.ts';

export * from './opaque.ts';

/**
 * The embedded wallet's server calls (design.md, Keys; issue 3). Shares travel base64-encoded;
 * the server stores them encrypted at rest and releases them only to the same user's valid
 * access token. The frame (on the API origin) makes these calls, never the host page.
 */

const base64 = (max: number) =>
  z
    .string()
    .min(4)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/);
/** An EIP-55 or lower-case EVM address. */
export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * The bytes of a base58 string (Bitcoin alphabet, as Solana writes addresses and signatures;
 * each leading `1` is a zero byte), or null when it is not base58. `@scure/base`'s codec.
 */
export function base58Decode(value: string): Uint8Array | null {
  try {
    return base58.decode(value);
  } catch {
    return null;
  }
}

/** The base58 text (Bitcoin alphabet) of `bytes`: {@link base58Decode}'s inverse. */
export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** True when `value` is base58 (Bitcoin alphabet) for exactly 32 bytes. */
function isBase58Of32Bytes(value: string): boolean {
  return value.length <= 44 && base58Decode(value)?.length === 32;
}

/**
 * A Solana address (issue 22): the wallet's 32-byte ed25519 public key in base58 (Bitcoin
 * alphabet, 32 to 44 characters). Case-sensitive: it is never lower-cased. Refused unless it
 * decodes to exactly 32 bytes (whether the bytes are a curve point is proven by the signature).
 */
export const solanaAddress = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  .refine(isBase58Of32Bytes, { message: 'A Solana address is base58 of 32 bytes' });

/** An embedded wallet's address of either chain family: {@link evmAddress} or {@link solanaAddress}. */
export const walletAddress = z.union([evmAddress, solanaAddress]);

/** The chain family of an address of {@link walletAddress}: `0x` addresses are Ethereum's. */
export function chainTypeOfAddress(address: string): 'ethereum' | 'solana' {
  return address.startsWith('0x') ? 'ethereum' : 'solana';
}

/**
 * Legacy (before issue 24): a recovery share sealed in the frame with a PBKDF2 key from the
 * user's password. Still served by `POST /embedded_wallets/recovery_share` to wallets that have
 * one, so they can be unlocked once and resealed with OPAQUE; never accepted on a new write.
 */
export const passwordEncryptedShare = z.object({
  version: z.literal(1),
  kdf: z.literal('PBKDF2-SHA256'),
  iterations: z.number().int().min(1_000).max(10_000_000),
  salt: base64(64),
  iv: base64(64),
  ciphertext: base64(512),
});
export type PasswordEncryptedShareWire = z.infer<typeof passwordEncryptedShare>;

/** An OPAQUE message of `@serenity-kit/opaque` (base64url, no padding). */
const opaqueMessage = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/**
 * The recovery share sealed in the frame (issue 24 item 5) with AES-256-GCM under
 * HKDF-SHA256(OPAQUE export key, info `OPAQUE_SEAL_INFO`), the AAD binding app id and address.
 * The server cannot open it: the export key never leaves the frame.
 */
export const opaqueSealedShare = z.object({
  version: z.literal(1),
  /** base64, 12 bytes. */
  iv: base64(24),
  /** base64, AES-GCM ciphertext with its 16-byte tag. */
  ciphertext: base64(512),
});
export type OpaqueSealedShareWire = z.infer<typeof opaqueSealedShare>;

/**
 * A `user-passcode` wallet's recovery material as the frame uploads it (create and reshare): the
 * OPAQUE registration record of the password (RFC 9807), the id of the Argon2id parameters the
 * frame used (`OPAQUE_KSF_PARAMETERS`), and the sealed share. The server stores both sealed.
 */
export const opaqueRecovery = z.object({
  ksf: z.enum(OPAQUE_KSF_IDS),
  registration_record: opaqueMessage(1024),
  sealed_share: opaqueSealedShare,
});
export type OpaqueRecoveryWire = z.infer<typeof opaqueRecovery>;

/**
 * The recovery share as the frame sends it: plain base64 for `latchkey` (the server seals it
 * with its recovery key) and the cloud methods (a secret from the user's drive seals it first),
 * or `recovery_opaque` for `user-passcode` (issue 24). `recovery_blob` (legacy PBKDF2) may only
 * be null or absent.
 */
const recoveryFields = {
  recovery_method: z.enum(RECOVERY_METHODS),
  recovery_share: base64(512).nullable(),
  recovery_opaque: opaqueRecovery.nullable().optional(),
  recovery_blob: z.null().optional(),
};
const recoveryConsistent = (v: {
  recovery_method: RecoveryMethod;
  recovery_share: string | null;
  recovery_opaque?: unknown;
}) =>
  v.recovery_method === 'user-passcode'
    ? v.recovery_opaque != null && v.recovery_share === null
    : v.recovery_share !== null && v.recovery_opaque == null;
const recoveryMessage = {
  message: 'user-passcode needs recovery_opaque only; other methods need recovery_share only',
};

/** An EIP-191 `personal_sign` signature: 65 bytes, 0x hex. */
export const evmWalletSignature = z.string().regex(/^0x[0-9a-fA-F]{130}$/);

/**
 * A Solana wallet proof signature (issue 22): the 64-byte ed25519 signature (RFC 8032) of the
 * UTF-8 bytes of {@link walletProofMessage}, in standard base64 with padding (88 characters).
 */
export const solanaWalletSignature = z.string().regex(/^[A-Za-z0-9+/]{86}==$/);

const walletNonce = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * Proof of possession of the wallet key (issue 10): an EIP-191 `personal_sign` signature by the
 * wallet's key over {@link walletProofMessage} with a nonce from `POST /embedded_wallets/nonce`.
 */
const walletProofFields = {
  nonce: walletNonce,
  signature: evmWalletSignature,
};

/**
 * A wallet proof by a key of either family (reshare, issue 22): {@link evmWalletSignature} for
 * an Ethereum address, {@link solanaWalletSignature} for a Solana one (the server checks that
 * the signature's form matches the address's family).
 */
const anyWalletProofFields = {
  nonce: walletNonce,
  signature: z.union([evmWalletSignature, solanaWalletSignature]),
};

/**
 * What a wallet proof is for: creating the wallet, importing an existing key as the wallet
 * (`import`, issue 22 item 4), replacing its server-held shares, or registering a recovery
 * password with OPAQUE (`opaque-register`, issue 24: the registration answer is an OPRF
 * evaluation under the wallet's key, so only the wallet key's holder gets it). `derive` (issue
 * 22): the key of an existing wallet signs that the new wallet at `address` is derived from its
 * entropy.
 */
export type WalletProofAction = 'create' | 'import' | 'reshare' | 'opaque-register' | 'derive';

/**
 * The exact text the wallet key signs to prove possession when creating a wallet or replacing
 * its shares: EIP-191 for an Ethereum key, raw ed25519 over its UTF-8 bytes for a Solana key.
 * Binding the app, user, address and action stops a signature made for one of them from being
 * used for another; the nonce is single-use and expires. A 0x (EVM) address is lower-cased; a
 * Solana (base58) address is written as it is, since base58 is case-sensitive.
 */
export function walletProofMessage(parameters: {
  action: WalletProofAction;
  appId: string;
  userId: string;
  address: string;
  nonce: string;
}): string {
  const { action, appId, userId, address, nonce } = parameters;
  return [
    `Latchkey embedded wallet: ${action}`,
    `App: ${appId}`,
    `User: ${userId}`,
    `Address: ${address.startsWith('0x') ? address.toLowerCase() : address}`,
    `Nonce: ${nonce}`,
  ].join('\n');
}

/** `POST /api/v1/embedded_wallets/nonce` answer: a single-use nonce, `expires_at` in ms since the epoch. */
export const walletNonceResponse = z.object({ nonce: z.string(), expires_at: z.number() });
export type WalletNonceResponse = z.infer<typeof walletNonceResponse>;

/** Seconds a wallet proof nonce stays valid. */
export const WALLET_NONCE_TTL_S = 300;

/** The new wallet's own shares (not a derived wallet): sent as before issue 22. */
const ownShareFields = {
  imported: z.boolean().optional(),
  auth_share: base64(512),
  ...recoveryFields,
  /** Absent: a wallet with its own shares is not derived. */
  derived_from: z.undefined().optional(),
};

/**
 * `POST /api/v1/embedded_wallets`: store a new wallet's auth and recovery shares, with a
 * signature by the new wallet's key over a server nonce. Answers `{user}`.
 *
 * `imported: true` (issue 22 item 4; spec section 3, wallet `imported`): the shares are of an
 * existing private key the user typed into the frame's import page, not of fresh entropy. The
 * same creation rules hold (one embedded wallet per user and chain family,
 * `embedded_wallet_exists`; the address unused in the app), and the signature is over
 * {@link walletProofMessage} with action `import` (`invalid_wallet_signature` when it is not by
 * the address's key). The wallet account then carries `imported: true`, kept through later
 * reshares.
 *
 * Issue 22 (design.md, Keys: one entropy per user, an address per chain family), four shapes on
 * `chain_type`:
 * - `ethereum` with its own shares: exactly what clients sent before issue 22 (`address` 0x,
 *   `signature` EIP-191 0x hex, {@link evmWalletSignature}).
 * - `solana` with its own shares: `address` {@link solanaAddress}, `signature`
 *   {@link solanaWalletSignature} (base64 of the 64-byte ed25519 signature of
 *   {@link walletProofMessage}, action `create` or `import`). Only `recovery_method: 'latchkey'`
 *   is accepted by the server (spec section 5: no user-controlled recovery with Solana,
 *   `solana_wallet_user_recovery`).
 * - either family `derived_from` the address of the user's wallet of the other family whose
 *   entropy this key is derived from: no shares, no `imported`; `signature` by the new key
 *   (action `create`) and `derived_from_signature` by the `derived_from` wallet's key over
 *   {@link walletProofMessage} with action `derive`, the same nonce and the NEW wallet's
 *   address. The server stores no share for it: its share calls release the `derived_from`
 *   wallet's shares. Refused with `wallet_not_derivable` when `derived_from` is imported or
 *   itself derived, `not_found` when it is not the caller's wallet in this app.
 */
export const createEmbeddedWalletRequest = z.union([
  z
    .object({
      address: evmAddress,
      chain_type: z.literal('ethereum'),
      ...ownShareFields,
      ...walletProofFields,
    })
    .refine(recoveryConsistent, recoveryMessage),
  z
    .object({
      address: solanaAddress,
      chain_type: z.literal('solana'),
      ...ownShareFields,
      nonce: walletNonce,
      signature: solanaWalletSignature,
    })
    .refine(recoveryConsistent, recoveryMessage),
  z.strictObject({
    address: evmAddress,
    chain_type: z.literal('ethereum'),
    derived_from: solanaAddress,
    derived_from_signature: solanaWalletSignature,
    ...walletProofFields,
  }),
  z.strictObject({
    address: solanaAddress,
    chain_type: z.literal('solana'),
    derived_from: evmAddress,
    derived_from_signature: evmWalletSignature,
    nonce: walletNonce,
    signature: solanaWalletSignature,
  }),
]);
export type CreateEmbeddedWalletRequest = z.input<typeof createEmbeddedWalletRequest>;

/**
 * Body of the share calls (auth share, recovery share): which wallet, by any of the user's
 * wallet addresses (issue 22: a derived wallet's address answers the shares of the wallet whose
 * entropy it is derived from).
 */
export const walletShareRequest = z.object({ address: walletAddress });

/** `POST /api/v1/embedded_wallets/auth_share` answer. */
export const authShareResponse = z.object({
  auth_share: base64(512),
  /**
   * Issue 15: for a user with a second factor, until when (unix seconds) the session's MFA
   * verification holds; the frame keeps the rebuilt key no longer than that. Null (or absent,
   * from an older server) for a user without MFA.
   */
  mfa_verified_until: z.number().int().nullable().optional(),
});
export type AuthShareResponse = z.infer<typeof authShareResponse>;
/**
 * `POST /api/v1/embedded_wallets/recovery_share` answer (rate limited per user). For
 * `user-passcode` only a legacy PBKDF2 blob is served (`recovery_blob`, until the wallet's next
 * password recovery reseals it); an OPAQUE wallet answers both fields null and is unlocked
 * through the OPAQUE login routes.
 */
export const recoveryShareResponse = z.object({
  recovery_method: z.enum(RECOVERY_METHODS),
  recovery_share: base64(512).nullable(),
  recovery_blob: passwordEncryptedShare.nullable(),
});
export type RecoveryShareResponse = z.infer<typeof recoveryShareResponse>;

/**
 * `POST /api/v1/embedded_wallets/reshare`: after a recovery or a recovery-method change the frame
 * splits the same secret anew and replaces both server-held shares (old shares become useless).
 * Carries a signature by the existing wallet's key over a server nonce. Answers `{user}`.
 *
 * Issue 22: `address` may be either family's; the signature is by that address's key
 * ({@link evmWalletSignature} or {@link solanaWalletSignature}). A derived wallet's address
 * reshares the wallet holding its entropy's shares (the same secret). A user with a Solana
 * wallet can only reshare to `latchkey` (`solana_wallet_user_recovery`, spec section 5).
 */
export const reshareEmbeddedWalletRequest = z
  .object({
    address: walletAddress,
    auth_share: base64(512),
    ...recoveryFields,
    ...anyWalletProofFields,
  })
  .refine(recoveryConsistent, recoveryMessage);
export type ReshareEmbeddedWalletRequest = z.input<typeof reshareEmbeddedWalletRequest>;

/**
 * `POST /api/v1/embedded_wallets/recovery/opaque/register` (DPoP): the OPAQUE registration
 * request (RFC 9807 `RegistrationRequest`) for the wallet at `address`, with a wallet proof
 * (action `opaque-register`). Stateless; answers {@link OpaqueRegisterResponse}.
 */
export const opaqueRegisterRequest = z.object({
  address: evmAddress,
  registration_request: opaqueMessage(512),
  ...walletProofFields,
});
export type OpaqueRegisterRequest = z.input<typeof opaqueRegisterRequest>;
export const opaqueRegisterResponse = z.object({ registration_response: opaqueMessage(1024) });
export type OpaqueRegisterResponse = z.infer<typeof opaqueRegisterResponse>;

/**
 * `POST /api/v1/embedded_wallets/recovery/opaque/login/start` (DPoP): one password guess
 * (issue 24 item 6: counted per device key and per wallet; `recovery_attempts_exceeded` 429 with
 * `Retry-After` while locked; `not_found` when the wallet has no OPAQUE record). Answers the
 * login id (single use, 2 minutes, bound to the device key), the OPAQUE `KE2` and the KSF id.
 */
export const opaqueLoginStartRequest = z.object({
  /** Issue 22: any of the user's wallet addresses (a derived one names its entropy's wallet). */
  address: walletAddress,
  start_login_request: opaqueMessage(512),
});
export type OpaqueLoginStartRequest = z.input<typeof opaqueLoginStartRequest>;
export const opaqueLoginStartResponse = z.object({
  login_id: z.string().min(16).max(128),
  login_response: opaqueMessage(2048),
  ksf: z.enum(OPAQUE_KSF_IDS),
});
export type OpaqueLoginStartResponse = z.infer<typeof opaqueLoginStartResponse>;

/**
 * `POST /api/v1/embedded_wallets/recovery/opaque/login/finish` (DPoP, same device key as the
 * start): the OPAQUE `KE3`. Answers the sealed share once the server's `finishLogin` succeeds;
 * an unknown, expired, used or foreign login id, or a failed finish, is `invalid_credentials`.
 */
export const opaqueLoginFinishRequest = z.object({
  login_id: z.string().min(16).max(128),
  finish_login_request: opaqueMessage(512),
});
export type OpaqueLoginFinishRequest = z.input<typeof opaqueLoginFinishRequest>;
export const opaqueLoginFinishResponse = z.object({ sealed_share: opaqueSealedShare });
export type OpaqueLoginFinishResponse = z.infer<typeof opaqueLoginFinishResponse>;

/**
 * Where the frame keeps the device share: `local` is its origin's localStorage; `memory` means
 * storage is blocked or partitioned, so the share lives only as long as the frame (the next
 * visit needs recovery). Reported so the host can warn (user-needs: handling storage loss).
 */
export type DeviceShareStorage = 'local' | 'memory';

/**
 * A Solana signing request of `latchkey:solana-wallet:rpc` (issue 22), bytes in standard base64:
 * `signMessage` signs the raw message bytes (ed25519); `signTransaction` signs the message of a
 * wire-format transaction (legacy or v0) in the wallet's signature slot.
 */
export type SolanaSignRequest =
  | { method: 'signMessage'; params: { message: string } }
  | { method: 'signTransaction'; params: { transaction: string } };

/**
 * The answer to a {@link SolanaSignRequest}: the 64-byte ed25519 signature, or the whole wire
 * transaction with the wallet's signature in place, both in standard base64.
 */
export type SolanaSignResponse = { signature: string } | { signedTransaction: string };

/** Frame event payloads (`data` in, answer `data` out) of the wallet message protocol. */
export interface FramePayloads {
  'latchkey:wallet:create': {
    in: { accessToken: string; userId: string; recoveryMethod?: RecoveryMethod; password?: string };
    out: { address: string; deviceStorage?: DeviceShareStorage };
  };
  'latchkey:wallet:connect': {
    in: {
      accessToken: string;
      userId: string;
      address: string;
      /**
       * Issue 15: also rebuild the key now, so an MFA user's unverified session is refused with
       * `missing_or_invalid_mfa` (the host's `ensureMfa`, before an approval or export page
       * fetches the share itself). Without it such a connect answers `locked: true` instead.
       */
      unlock?: boolean;
    };
    /**
     * `locked`: the wallet is on this device but its key waits for an MFA verification (the
     * user is enrolled and this session has no fresh one); the first signature asks for it.
     */
    out: { address: string; deviceStorage?: DeviceShareStorage; locked?: boolean };
  };
  'latchkey:wallet:recover': {
    in: { accessToken: string; userId: string; address: string; password?: string };
    out: { address: string; deviceStorage?: DeviceShareStorage };
  };
  'latchkey:wallet:rpc': {
    in: {
      accessToken: string;
      userId: string;
      address: string;
      request: { method: string; params?: unknown };
      /**
       * The host asks to sign without a prompt (its `noPromptOnSignature`). The frame signs only
       * when the app's server-side wallet policy allows no-prompt signing and the request is
       * inside it (issue 24 item 3); otherwise it answers `approval_required` or a policy code.
       * Signing methods without `noPrompt` always answer `approval_required`.
       */
      noPrompt?: boolean;
    };
    out: { response: unknown };
  };
  'latchkey:wallet:set-recovery': {
    in: {
      accessToken: string;
      userId: string;
      address: string;
      recoveryMethod: RecoveryMethod;
      password?: string;
    };
    out: { address: string; recoveryMethod: RecoveryMethod; deviceStorage?: DeviceShareStorage };
  };
  'latchkey:wallet:clear': { in: { userId?: string }; out: Record<string, never> };
  /**
   * Issue 22: the user's Solana wallet (`m/44'/501'/0'/0'`). When the host names the user's
   * Ethereum embedded wallet (`ethereumAddress`) and its device share is on this device, the
   * Solana key is derived from its entropy (`derived: true`; no new shares); a named wallet
   * that is not on this device answers `wallet_not_on_device` (recover it first). Without one,
   * or when it is an imported key, fresh entropy is split as for `latchkey:wallet:create`, with
   * automatic (`latchkey`) recovery only (spec section 5).
   */
  'latchkey:solana-wallet:create': {
    in: { accessToken: string; userId: string; ethereumAddress?: string };
    out: { address: string; derived: boolean; deviceStorage?: DeviceShareStorage };
  };
  /** Issue 22: as `latchkey:wallet:connect`, by the Solana (base58) address. */
  'latchkey:solana-wallet:connect': {
    in: { accessToken: string; userId: string; address: string; unlock?: boolean };
    out: { address: string; deviceStorage?: DeviceShareStorage; locked?: boolean };
  };
  /** Issue 22: as `latchkey:wallet:recover`, by the Solana address (automatic recovery only). */
  'latchkey:solana-wallet:recover': {
    in: { accessToken: string; userId: string; address: string };
    out: { address: string; deviceStorage?: DeviceShareStorage };
  };
  /**
   * Issue 22: a Solana signature. As for `latchkey:wallet:rpc`, a message from the host is a
   * request, never a consent: the hidden frame signs only a `signMessage` of printable UTF-8
   * text (never transaction bytes) asked with `noPrompt: true` under a wallet policy with
   * `no_prompt_on_signature`; anything else answers `approval_required`.
   */
  'latchkey:solana-wallet:rpc': {
    in: {
      accessToken: string;
      userId: string;
      address: string;
      request: SolanaSignRequest;
      noPrompt?: boolean;
    };
    out: SolanaSignResponse;
  };
  /**
   * Approval page only (issue 22 item 2; the same page as `latchkey:wallet:approve`). `address`
   * is the user's Solana wallet (base58); `request` what the frame signs once the user approved
   * it inside the frame; `cluster` what the page names as the network (e.g. `{ name: 'Solana
   * Devnet' }`). The frame draws the message (text, else hex) or the decoded transaction (fee
   * payer, each instruction's program and accounts, SOL transfers, the fee in SOL) and answers
   * only after a trusted, unobscured click on its approve button. A transaction the wallet does
   * not sign (no signature slot for `address`) is refused (`invalid_request_arguments`).
   */
  'latchkey:solana-wallet:approve': {
    in: {
      accessToken: string;
      address: string;
      request: SolanaSignRequest;
      cluster: { name: string };
      buttonText?: string;
    };
    out: SolanaSignResponse;
  };
  'latchkey:wallet:login-proof': {
    /**
     * `serverTimeMs`: the server's clock as the host last saw it (ms since the epoch); the proof's
     * `iat` follows it, so a device clock that is off does not break the login.
     */
    in: { htu: string; htm?: 'POST'; serverTimeMs?: number };
    /** `proof`: the DPoP JWT; `jkt`: the RFC 7638 thumbprint of the frame's public key. */
    out: { proof: string; jkt: string };
  };
  /**
   * Export page only. The frame checks the request and shows its warning and Reveal button
   * (`ready`); the key is fetched, rebuilt and rendered into the frame's own DOM only after a
   * trusted click on Reveal inside the frame. The answer never carries key material. `address`:
   * an Ethereum wallet (its key shown as 0x hex) or a Solana wallet (base58; its 64-byte secret
   * key shown in base58, as Phantom and Solflare import it; issue 22).
   */
  'latchkey:wallet:export': {
    in: { accessToken: string; address: string };
    out: { ready: true };
  };
  /**
   * Approval page only (issue 24). `request` is the EIP-1193 request the frame will sign
   * (`personal_sign`, `eth_signTypedData_v4`, `eth_signTransaction`, with a filled transaction);
   * `chain` is what the frame shows for it. `buttonText` is the spec's approve label (UI option).
   * The answer comes only after a trusted, unobscured click on the frame's approve button:
   * `response` is the signature or the signed serialized transaction.
   */
  'latchkey:wallet:approve': {
    in: {
      accessToken: string;
      address: string;
      request: { method: string; params?: unknown };
      chain: {
        id: number;
        name: string;
        nativeCurrency: { name: string; symbol: string; decimals: number };
      };
      buttonText?: string;
    };
    out: { response: unknown };
  };
  /**
   * Password page only (issue 24). `action`: `create` a wallet sealed by a new password, `recover`
   * the wallet with its password, `set` a password on a wallet with automatic recovery, `change`
   * the password. The frame draws the inputs and answers after the user's click inside it.
   */
  'latchkey:wallet:password': {
    in: {
      accessToken: string;
      action: 'create' | 'recover' | 'set' | 'change';
      /** Required for every action but `create`. */
      address?: string;
    };
    out: { address: string; recoveryMethod: RecoveryMethod; deviceStorage?: DeviceShareStorage };
  };
  /**
   * Cloud recovery page only (issue 23; spec sections 2, 4, 5, 8). `action`: `create` a wallet
   * backed up to `provider`, `recover` the wallet from it on this device, `set` (or change) the
   * wallet's recovery to it. The frame draws the provider's button; the user's trusted click
   * there opens the provider's pop-up (Google's authorization with `drive.appdata`, or
   * CloudKit's sign-in), and the frame alone holds the PKCE verifier, the provider's token and
   * the cloud key. Failures the user can retry (denied, an invalid code, '{Recovery|Back up}
   * with {provider} unsuccessful' with its hint) are shown and retried inside the frame.
   *
   * A blocked pop-up with `returnUrl` given (Google Drive only): the frame answers `{status:
   * 'redirect', url}` and keeps its flow; the host navigates the top window to `url` and, when
   * the provider sends the browser back to `returnUrl` with `latchkey_oauth_code` /
   * `latchkey_oauth_state` / `latchkey_oauth_provider`, mounts the page again with the same
   * `action`, `provider`, `address` and `oauthReturn`; the frame checks the state against its
   * stored flow and finishes after another click inside it.
   */
  'latchkey:wallet:cloud': {
    in: {
      accessToken: string;
      action: 'create' | 'recover' | 'set';
      provider: CloudRecoveryMethod;
      /** Required for `recover` and `set`. */
      address?: string;
      /** The host page to come back to after a redirect (one of the app's allowed origins). */
      returnUrl?: string;
      /** What the provider's redirect brought back to `returnUrl`. */
      oauthReturn?: { code: string; state: string };
    };
    out:
      | {
          status: 'done';
          address: string;
          recoveryMethod: CloudRecoveryMethod;
          deviceStorage?: DeviceShareStorage;
        }
      | { status: 'redirect'; url: string };
  };
  /**
   * Import page only (issue 22 item 4). The frame draws the private key input; the user types
   * or pastes an Ethereum or Solana key there (never on the host page), sees its address, and
   * confirms with a trusted click; the frame then shards and uploads the key as `imported:
   * true`. The answer comes once the wallet is imported and never carries the key. A request
   * carrying a key is refused (`user_gesture_required`).
   */
  'latchkey:wallet:import': {
    /**
     * `chainType`: the family of the key the page asks for (default `ethereum`: 64 hex digits;
     * `solana`: the 64-byte secret key in base58 or as `solana-keygen`'s JSON array).
     */
    in: { accessToken: string; chainType?: 'ethereum' | 'solana' };
    /** `address`: EIP-55 for Ethereum, base58 for Solana; `chainType` as asked. */
    out: { address: string; chainType?: 'ethereum' | 'solana'; deviceStorage?: DeviceShareStorage };
  };
  /**
   * Issue 15: the frame makes the MFA calls with its DPoP key (`/api/v1/mfa/...`). `init` texts
   * an SMS code (TOTP needs none; a passkey's options come from the host's own bearer call to
   * `POST /api/v1/mfa/passkeys/init`); `submit` sends the code (`totp`, `sms`) or the WebAuthn
   * assertion (`passkey`). `verifiedUntil`: ms since the epoch (submit only).
   */
  'latchkey:mfa:verify': {
    in: {
      accessToken: string;
      method: MfaMethod;
      action: 'init' | 'submit';
      code?: string;
      response?: unknown;
    };
    out: { verifiedUntil?: number };
  };
  /** Issue 15: starts a TOTP enrolment (`{secret, authUrl}`) or texts an SMS enrolment code. */
  'latchkey:mfa:init-enrollment': {
    in: { accessToken: string; method: 'totp' | 'sms'; phoneNumber?: string };
    out: { secret?: string; authUrl?: string };
  };
  /**
   * Issue 15: finishes an enrolment: `code` for TOTP, `phoneNumber` + `code` for SMS,
   * `credentialIds` (linked passkeys) for passkeys. Answers the updated user.
   */
  'latchkey:mfa:submit-enrollment': {
    in: {
      accessToken: string;
      method: MfaMethod;
      code?: string;
      phoneNumber?: string;
      credentialIds?: string[];
    };
    out: { user: UserWire };
  };
  /** Issue 15: removes a method (the session must be MFA-verified). Answers the updated user. */
  'latchkey:mfa:unenroll': {
    in: { accessToken: string; method: MfaMethod };
    out: { user: UserWire };
  };
  /**
   * Issue 16: the Farcaster signer of the user's embedded wallet `address`. The frame derives an
   * ed25519 key from the wallet's secret (the key never leaves the frame; the same wallet gives
   * the same signer on every device) and asks the server, with its DPoP key, for the user's
   * Farcaster approval. The answer is the signer (`public_key` 0x hex, `status`,
   * `signer_approval_url` while pending): what `POST /api/v1/farcaster/signer/init` answers.
   */
  'latchkey:farcaster:init-signer': {
    in: { accessToken: string; userId: string; address: string };
    out: FarcasterSigner;
  };
  /**
   * Issue 16: signs `hash` (0x hex, 1 to 64 bytes: a Farcaster message's BLAKE3 hash is 20) with
   * the Farcaster signer of `address` (ed25519). The frame signs only while the server reports
   * the signer `approved` for this user (the user's approval in their Farcaster app is the
   * consent); else it answers `invalid_request_arguments`. `signature`: 64 bytes, 0x hex.
   */
  'latchkey:farcaster:sign': {
    in: { accessToken: string; userId: string; address: string; hash: string };
    out: { signature: string; publicKey: string };
  };
  /**
   * Issue 21: the consent of the provider app's user to the pending cross-app sign-in `uid` (the
   * interaction id of `{issuer}/interaction/{uid}`), sent by the frame to
   * `POST CROSS_APP_ROUTES.interactionConfirm(appId, uid)` with `Authorization: DPoP` and a proof
   * by its own key. Only the provider's sign-in page (the frame's own origin) may ask; any other
   * parent gets `invalid_request_arguments`. `redirect_to`: the provider's URL that resumes the
   * authorization (on the frame's origin).
   */
  'latchkey:crossapp:confirm': {
    in: { accessToken: string; userId: string; uid: string };
    out: { redirect_to: string };
  };
}
