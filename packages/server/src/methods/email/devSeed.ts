/** The dev app's email settings (`dev/seed.ts`, issue 11). */
import type { MethodDevSeed } from '../../dev/seed.ts';

/** The development app has `email_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ email_auth: true }) };
