/** The dev app's SIWE (wallet login) settings (`dev/seed.ts`, issue 11; the module's `devSeed`). */
import type { MethodDevSeed } from '../types.ts';

/** The development app has `wallet_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ wallet_auth: true }) };
