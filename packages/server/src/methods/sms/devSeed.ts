/** The dev app's SMS settings (`dev/seed.ts`, issue 11; the module's `devSeed`). */
import type { MethodDevSeed } from '../types.ts';

/** The development app has `sms_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ sms_auth: true }) };
