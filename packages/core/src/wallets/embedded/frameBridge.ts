import { createMfaClient, mfaClientOf } from '../../mfa/client.ts';
import type { MfaClient } from '../../mfa/types.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import { createEmbeddedWalletBridge, type EmbeddedWalletBridge } from './bridge.ts';

/**
 * The hidden wallet frame a wallet manager talks to, and the MFA client of its calls: the
 * Ethereum and the Solana managers share them (issue 10: the client's shared frame is the one
 * whose key the login bound the session to; issue 22: both wallets live in that one frame).
 *
 * - `given.bridge` (tests, a host that mounts its own frame) is used as is, with `given.mfa` or
 *   an MFA client over that bridge;
 * - otherwise the client's shared frame (`client.sharedWalletBridge`) with the client's MFA
 *   client;
 * - otherwise (a client without a shared frame) a frame of its own.
 *
 * `shared`: the bridge is the client's shared frame, which a manager only resets on destroy
 * (the client's login proofs use it too), never destroys.
 */
export function frameBridgeFor(
  client: LatchkeyClient,
  given: { bridge?: EmbeddedWalletBridge; mfa?: MfaClient },
): { bridge: EmbeddedWalletBridge; mfa: MfaClient; shared: boolean } {
  const sharedBridge = given.bridge
    ? undefined
    : client.sharedWalletBridge?.(createEmbeddedWalletBridge);
  const bridge =
    given.bridge ??
    sharedBridge ??
    createEmbeddedWalletBridge({
      apiUrl: client.apiUrl,
      appId: client.appId,
      getAccessToken: () => client.getAccessToken(),
    });
  const mfa =
    given.mfa ?? (sharedBridge ? mfaClientOf(client) : createMfaClient({ client, bridge }));
  return { bridge, mfa, shared: sharedBridge !== undefined };
}
