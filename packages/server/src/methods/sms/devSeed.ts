/** The dev app's SMS settings (`dev/seed.ts`, issue 11). */
import type { MethodDevSeed } from '../../dev/seed.ts';

/** The development app has `sms_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ sms_auth: true }) };
