/**
 * A development stand-in for Farcaster's signed key request API (issue 16: Farcaster signer),
 * which cannot be reached from a development machine or CI. It speaks the documented protocol
 * (https://docs.farcaster.xyz/reference/warpcast/signers):
 * - `POST /v2/signed-key-requests` `{key, requestFid, signature, deadline, redirectUrl?}` ->
 *   `{result: {signedKeyRequest: {token, deeplinkUrl, key, state: 'pending'}}}`. As Farcaster
 *   does, it checks the request: `signature` must be the EIP-712 `SignedKeyRequest` (requestFid,
 *   key, deadline) signed by the custody address of `requestFid` on the Id Registry, and the
 *   deadline in the future; else 400.
 * - `GET /v2/signed-key-request?token=` -> the same object with its `state` (`pending`, then
 *   `approved` and `completed` with `userFid`); 404 for an unknown token.
 *
 * What the user does in the Farcaster app is {@link KeyRequestStandIn.approve}: the request is
 * approved by `userFid` and the key added to the Key Registry stand-in for that fid (the
 * transaction the Farcaster app sends), then `completed`. Requests live in memory (one process).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createPublicClient, http, verifyTypedData } from 'viem';
import { z } from 'zod';
import { SIGNED_KEY_REQUEST_TYPES, SIGNED_KEY_REQUEST_VALIDATOR_DOMAIN } from '../signer.ts';
import { idRegistryStandInAbi } from './idRegistry.ts';
import { FARCASTER_ID_REGISTRY_ADDRESS } from '@latchkey/api';
import { addSignerKey } from './keyRegistry.ts';

/** A stand-in signed key request. */
export interface StandInKeyRequest {
  token: string;
  deeplinkUrl: string;
  key: `0x${string}`;
  requestFid: number;
  state: 'pending' | 'approved' | 'completed';
  userFid?: number;
}

/** The stand-in: its Hono app (mount it at the API's base) and the user's side. */
export interface KeyRequestStandIn {
  app: Hono;
  /** The request of `token`, if any. */
  request(token: string): StandInKeyRequest | undefined;
  /**
   * The user approves the request in the Farcaster app as `userFid`: state `approved`, the key
   * added for `userFid` on the Key Registry stand-in, then `completed`.
   * @throws Error for an unknown token, or what the chain throws.
   */
  approve(token: string, userFid: number): Promise<void>;
}

const createRequest = z.object({
  key: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  requestFid: z.number().int().positive(),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  deadline: z.number().int().positive(),
  redirectUrl: z.string().url().optional(),
});

/**
 * Builds the stand-in. `rpcUrl`: the development chain with the Id Registry and Key Registry
 * stand-ins; `deeplinkBase`: the URL the user opens to approve (`?token=` is added).
 */
export function createKeyRequestStandIn(options: {
  rpcUrl: string;
  deeplinkBase: string;
  now?: () => number;
}): KeyRequestStandIn {
  const now = options.now ?? Date.now;
  const requests = new Map<string, StandInKeyRequest>();
  const chain = createPublicClient({ transport: http(options.rpcUrl) });
  const app = new Hono();
  const answer = (request: StandInKeyRequest) => ({
    result: {
      signedKeyRequest: {
        token: request.token,
        deeplinkUrl: request.deeplinkUrl,
        key: request.key,
        state: request.state,
        ...(request.userFid === undefined ? {} : { userFid: request.userFid }),
      },
    },
  });

  app.post('/v2/signed-key-requests', async (c) => {
    const parsed = createRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ errors: [{ message: parsed.error.message }] }, 400);
    const { key, requestFid, signature, deadline } = parsed.data;
    if (deadline * 1000 <= now()) {
      return c.json({ errors: [{ message: 'deadline has passed' }] }, 400);
    }
    const custody = await chain.readContract({
      address: FARCASTER_ID_REGISTRY_ADDRESS,
      abi: idRegistryStandInAbi,
      functionName: 'custodyOf',
      args: [BigInt(requestFid)],
    });
    const valid = await verifyTypedData({
      address: custody,
      domain: SIGNED_KEY_REQUEST_VALIDATOR_DOMAIN,
      types: SIGNED_KEY_REQUEST_TYPES,
      primaryType: 'SignedKeyRequest',
      message: {
        requestFid: BigInt(requestFid),
        key: key as `0x${string}`,
        deadline: BigInt(deadline),
      },
      signature: signature as `0x${string}`,
    }).catch(() => false);
    if (!valid) {
      return c.json(
        { errors: [{ message: 'signature is not by the custody of requestFid' }] },
        400,
      );
    }
    const token = `0x${randomUUID().replace(/-/g, '')}`;
    const request: StandInKeyRequest = {
      token,
      deeplinkUrl: `${options.deeplinkBase}?token=${token}`,
      key: key.toLowerCase() as `0x${string}`,
      requestFid,
      state: 'pending',
    };
    requests.set(token, request);
    return c.json(answer(request));
  });

  app.get('/v2/signed-key-request', (c) => {
    const request = requests.get(c.req.query('token') ?? '');
    if (!request) return c.json({ errors: [{ message: 'Not found' }] }, 404);
    return c.json(answer(request));
  });

  return {
    app,
    request: (token) => requests.get(token),
    async approve(token, userFid) {
      const request = requests.get(token);
      if (!request) throw new Error(`No signed key request ${token}`);
      request.state = 'approved';
      request.userFid = userFid;
      await addSignerKey(options.rpcUrl, BigInt(userFid), request.key);
      request.state = 'completed';
    },
  };
}
