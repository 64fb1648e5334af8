/** The dev app's passkey (WebAuthn) settings (`dev/seed.ts`, issue 11). */
import type { MethodDevSeed } from '../../dev/seed.ts';

/** The development app has `passkey_auth` on. */
export const devSeed: MethodDevSeed = { settings: () => ({ passkey_auth: true }) };
