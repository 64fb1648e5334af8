/** The dev app's email settings (`dev/seed.ts`, issue 11; the module's `devSeed`). */
import type { MethodDevSeed } from '../types.ts';

/** The development app has `email_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ email_auth: true }) };
