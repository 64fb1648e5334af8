/**
 * The shape of a login method's frame handlers (`methods/<id>/`; issue 16), apart from the
 * registry (`./index.ts`) so a method folder imports it without an import cycle.
 */
import type { FrameEvent } from '@latchkey/api';
import type { Address, Hex } from 'viem';
import type { FrameHandler } from '../frame/router.ts';
import type { ShareApi } from '../frame/share-api.ts';

/** What a method's frame handlers get from `createWalletHandlers`. */
export interface FrameMethodTools {
  /** The frame's app id (its page's config). */
  appId: string;
  /** The frame's own origin: the API origin (`scheme://host:port`). */
  apiOrigin: string;
  /** The frame's share client (DPoP calls: `methodCall`). */
  api: ShareApi;
  /** The custody token check: the access token and its user. @throws CustodyError. */
  authorize(data: Record<string, unknown>): { token: string; userId: string };
  /** The request's `address`, checksummed. @throws CustodyError `invalid_request_arguments`. */
  addressOf(data: Record<string, unknown>): Address;
  /**
   * Runs `use` with the wallet's entropy and key (from the idle-window cache or rebuilt from its
   * shares), then zeroes this request's copies.
   */
  withKey<T>(
    token: string,
    userId: string,
    address: Address,
    use: (entropy: Uint8Array, privateKey: Hex) => Promise<T>,
  ): Promise<T>;
}

/** A method's frame handlers, built on the frame's tools. */
export type FrameMethodHandlers = (
  tools: FrameMethodTools,
) => Partial<Record<FrameEvent, FrameHandler>>;
