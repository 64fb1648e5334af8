/** The dev app's Farcaster settings (`dev/seed.ts`; the module's `devSeed`, issue 16). */
import { privateKeyToAccount } from 'viem/accounts';
import { findApp } from '../../apps/records.ts';
import type { MethodDevSeed } from '../types.ts';
import { installIdRegistryStandIn, registerFid } from './dev/idRegistry.ts';
import { installKeyRegistryStandIn } from './dev/keyRegistry.ts';
import { setFarcasterSignerApp } from './signer.ts';

/**
 * The custody key of the dev app's own Farcaster account, which requests signers (anvil's test
 * account #8: a public test key, never used on a real chain).
 */
export const DEV_FARCASTER_APP_KEY =
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';

/** How long (ms) the seed waits for the development chain, which `npm start` starts alongside. */
const CHAIN_WAIT_MS = 15_000;

/**
 * The dev app logs in with Farcaster through the development stand-ins of the relay and the
 * Farcaster app (`dev/relay.ts`, `dev/client.ts`, on the API origin). With a development chain
 * (`LATCHKEY_RPC_URL`), the seed also places the Id Registry and Key Registry stand-ins there and
 * registers the dev app's own Farcaster account, which then requests signers; without one, or
 * when the chain does not answer in time, signers stay unconfigured (a warning says so).
 */
export const devSeed: MethodDevSeed = {
  settings: () => ({ farcaster_auth: true }),
  async seed(ctx, appId, devApp) {
    const rpcUrl = devApp.chainRpcUrl;
    const app = await findApp(ctx.db, appId);
    if (!rpcUrl || !app) return;
    const deadline = Date.now() + CHAIN_WAIT_MS;
    for (;;) {
      try {
        await installIdRegistryStandIn(rpcUrl);
        await installKeyRegistryStandIn(rpcUrl);
        const fid = await registerFid(rpcUrl, privateKeyToAccount(DEV_FARCASTER_APP_KEY).address);
        await setFarcasterSignerApp(ctx, app, {
          signer_request_fid: Number(fid),
          signer_request_key: DEV_FARCASTER_APP_KEY,
        });
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          console.warn(
            `[latchkey] Farcaster signers are not set up for the dev app: ${(error as Error).message}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  },
};
