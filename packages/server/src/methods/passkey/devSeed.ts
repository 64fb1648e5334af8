/** The dev app's passkey (WebAuthn) settings (`dev/seed.ts`, issue 11; the module's `devSeed`). */
import type { MethodDevSeed } from '../types.ts';

/** The development app has `passkey_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ passkey_auth: true }) };
