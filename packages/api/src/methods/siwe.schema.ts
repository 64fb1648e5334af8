import * as z from 'zod';
import { user } from '../user.ts';

/**
 * Sign-In With Ethereum (EIP-4361) calls (spec section 7, "siwe"; security catalogue 32-35).
 * The client asks for a nonce, the wallet signs an EIP-4361 message carrying it, and the server
 * checks domain, nonce, times, chain id and signature before it logs in or links.
 */

/** A nonce is valid this long after `POST /api/v1/siwe/init` issued it. */
export const SIWE_NONCE_TTL_S = 10 * 60;
/** Shortest nonce EIP-4361 allows (catalogue 33). Ours are longer. */
export const SIWE_NONCE_MIN_LENGTH = 8;

/** A 20-byte hex address, any case. */
export const ethereumAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address');

/** `POST /api/v1/siwe/init`: a nonce for `address`. `token` is a captcha token. */
export const siweInitRequest = z.object({
  address: ethereumAddress,
  token: z.string().max(4096).optional(),
});
export type SiweInitRequest = z.input<typeof siweInitRequest>;

/** Answer of `POST /api/v1/siwe/init`. */
export const siweInitResponse = z.object({
  nonce: z.string(),
  /** Seconds since the epoch after which the nonce is refused. */
  expires_at: z.number().int(),
});
export type SiweInitResponse = z.infer<typeof siweInitResponse>;

/**
 * `POST /api/v1/siwe/authenticate` and `POST /api/v1/siwe/link`: the signed EIP-4361 message.
 * `chainId` is the wallet's chain as a number or CAIP-2 (`eip155:31337`); it must equal the
 * message's `Chain ID`. `walletClientType` (`metamask`, `coinbase_wallet`, ...) and
 * `connectorType` (`injected`, `wallet_connect`, ...) are stored on the linked account as sent.
 */
export const siweAuthenticateRequest = z.object({
  message: z.string().min(1).max(4096),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'Invalid signature')
    .max(20_000),
  chainId: z.union([z.number().int().positive(), z.string().regex(/^(eip155:)?\d+$/)]),
  walletClientType: z.string().min(1).max(64),
  connectorType: z.string().min(1).max(64),
});
export type SiweAuthenticateRequest = z.input<typeof siweAuthenticateRequest>;

/** `POST /api/v1/siwe/unlink`: removes an external wallet from the logged-in user. */
export const siweUnlinkRequest = z.object({ address: ethereumAddress });
export type SiweUnlinkRequest = z.input<typeof siweUnlinkRequest>;

/** Answer of link and unlink: the updated user. */
export const siweLinkResponse = z.object({ user });
export type SiweLinkResponse = z.infer<typeof siweLinkResponse>;
