/** The dev app's SIWE (wallet login) settings (`dev/seed.ts`, issue 11). */
import type { MethodDevSeed } from '../../dev/seed.ts';

/** The development app has `wallet_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ wallet_auth: true }) };
