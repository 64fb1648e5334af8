/** The dev app's Farcaster settings (`dev/seed.ts`; the module's `devSeed`, issue 16). */
import type { MethodDevSeed } from '../types.ts';

/**
 * The dev app logs in with Farcaster through the development stand-ins of the relay and the
 * Farcaster app (`dev/relay.ts`, `dev/client.ts`, on the API origin).
 */
export const devSeed: MethodDevSeed = {
  settings: () => ({ farcaster_auth: true }),
};
