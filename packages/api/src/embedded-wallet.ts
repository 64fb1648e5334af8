import { z } from 'zod';
import { RECOVERY_METHODS, type RecoveryMethod } from './user.ts';

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

/** A recovery share sealed in the frame with a key derived from the user's password. */
export const passwordEncryptedShare = z.object({
  version: z.literal(1),
  kdf: z.literal('PBKDF2-SHA256'),
  iterations: z.number().int().min(1_000).max(10_000_000),
  salt: base64(64),
  iv: base64(64),
  ciphertext: base64(512),
});
export type PasswordEncryptedShareWire = z.infer<typeof passwordEncryptedShare>;

/**
 * The recovery share as stored: plain base64 for `latchkey` (the server seals it with its
 * recovery key) and the cloud methods (a secret from the user's drive seals it first), or the
 * password blob for `user-passcode`.
 */
const recoveryFields = {
  recovery_method: z.enum(RECOVERY_METHODS),
  recovery_share: base64(512).nullable(),
  recovery_blob: passwordEncryptedShare.nullable(),
};
const recoveryConsistent = (v: {
  recovery_method: RecoveryMethod;
  recovery_share: string | null;
  recovery_blob: unknown;
}) =>
  v.recovery_method === 'user-passcode'
    ? v.recovery_blob !== null && v.recovery_share === null
    : v.recovery_share !== null && v.recovery_blob === null;
const recoveryMessage = {
  message: 'user-passcode needs recovery_blob only; other methods need recovery_share only',
};

/**
 * Proof of possession of the wallet key (issue 10): an EIP-191 `personal_sign` signature by the
 * wallet's key over {@link walletProofMessage} with a nonce from `POST /embedded_wallets/nonce`.
 */
const walletProofFields = {
  nonce: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
};

/** What a wallet proof is for: creating the wallet, or replacing its server-held shares. */
export type WalletProofAction = 'create' | 'reshare';

/**
 * The exact text the wallet key signs (EIP-191) to prove possession when creating a wallet or
 * replacing its shares. Binding the app, user, address and action stops a signature made for
 * one of them from being used for another; the nonce is single-use and expires.
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
    `Address: ${address.toLowerCase()}`,
    `Nonce: ${nonce}`,
  ].join('\n');
}

/** `POST /api/v1/embedded_wallets/nonce` answer: a single-use nonce, `expires_at` in ms since the epoch. */
export const walletNonceResponse = z.object({ nonce: z.string(), expires_at: z.number() });
export type WalletNonceResponse = z.infer<typeof walletNonceResponse>;

/** Seconds a wallet proof nonce stays valid. */
export const WALLET_NONCE_TTL_S = 300;

/**
 * `POST /api/v1/embedded_wallets`: store a new wallet's auth and recovery shares, with a
 * signature by the new wallet's key over a server nonce. Answers `{user}`.
 */
export const createEmbeddedWalletRequest = z
  .object({
    address: evmAddress,
    chain_type: z.literal('ethereum'),
    auth_share: base64(512),
    ...recoveryFields,
    ...walletProofFields,
  })
  .refine(recoveryConsistent, recoveryMessage);
export type CreateEmbeddedWalletRequest = z.input<typeof createEmbeddedWalletRequest>;

/** Body of the share calls: which wallet. */
export const walletShareRequest = z.object({ address: evmAddress });

/** `POST /api/v1/embedded_wallets/auth_share` answer. */
export const authShareResponse = z.object({ auth_share: base64(512) });
/** `POST /api/v1/embedded_wallets/recovery_share` answer (rate limited per user). */
export const recoveryShareResponse = z.object(recoveryFields);
export type RecoveryShareResponse = z.infer<typeof recoveryShareResponse>;

/**
 * `POST /api/v1/embedded_wallets/reshare`: after a recovery or a recovery-method change the frame
 * splits the same secret anew and replaces both server-held shares (old shares become useless).
 * Carries a signature by the existing wallet's key over a server nonce. Answers `{user}`.
 */
export const reshareEmbeddedWalletRequest = z
  .object({
    address: evmAddress,
    auth_share: base64(512),
    ...recoveryFields,
    ...walletProofFields,
  })
  .refine(recoveryConsistent, recoveryMessage);
export type ReshareEmbeddedWalletRequest = z.input<typeof reshareEmbeddedWalletRequest>;

/**
 * Where the frame keeps the device share: `local` is its origin's localStorage; `memory` means
 * storage is blocked or partitioned, so the share lives only as long as the frame (the next
 * visit needs recovery). Reported so the host can warn (user-needs: handling storage loss).
 */
export type DeviceShareStorage = 'local' | 'memory';

/** Frame event payloads (`data` in, answer `data` out) of the wallet message protocol. */
export interface FramePayloads {
  'latchkey:wallet:create': {
    in: { accessToken: string; userId: string; recoveryMethod?: RecoveryMethod; password?: string };
    out: { address: string; deviceStorage?: DeviceShareStorage };
  };
  'latchkey:wallet:connect': {
    in: { accessToken: string; userId: string; address: string };
    out: { address: string; deviceStorage?: DeviceShareStorage };
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
   * trusted click on Reveal inside the frame. The answer never carries key material.
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
}
