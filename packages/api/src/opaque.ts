/**
 * OPAQUE recovery passwords (RFC 9807; issue 24 item 5): the key-stretching function's
 * parameters, versioned with the wire. The frame (client) runs Argon2id inside OPAQUE with these
 * parameters; the server never runs it but stores the parameters' id with each registration
 * record and hands it back at login, so new registrations can move to new parameters while old
 * records keep working.
 */

/** Argon2id parameters as `@serenity-kit/opaque` takes them (`argon2id-custom`). */
export interface Argon2idParameters {
  /** Memory in KiB. */
  memory: number;
  /** Passes over the memory (t). */
  iterations: number;
  /** Lanes (p). */
  parallelism: number;
}

/**
 * Every Argon2id parameter set a registration record may name, by id. Never change an entry:
 * add one and point {@link OPAQUE_KSF_ID} at it.
 *
 * `argon2id-m64m-t3-p4` is RFC 9106's second recommended option (64 MiB, t=3, p=4). Measured on
 * the 2-core CI machine (issue 24, shared with other jobs): a client `finishLogin` takes about
 * 170-190 ms in Node 22 and 215-300 ms in headless Chromium (WebAssembly, one thread), which is
 * about 0.6-1 s on a phone-class CPU (3-4x slower); `bench/opaque.ts` prints the current numbers.
 */
export const OPAQUE_KSF_PARAMETERS = {
  'argon2id-m64m-t3-p4': { memory: 65_536, iterations: 3, parallelism: 4 },
} as const satisfies Record<string, Argon2idParameters>;

/** The id of a key-stretching parameter set in {@link OPAQUE_KSF_PARAMETERS}. */
export type OpaqueKsfId = keyof typeof OPAQUE_KSF_PARAMETERS;

/** Every known KSF id (for schemas). */
export const OPAQUE_KSF_IDS = Object.keys(OPAQUE_KSF_PARAMETERS) as [OpaqueKsfId, ...OpaqueKsfId[]];

/** The parameters new registrations use. */
export const OPAQUE_KSF_ID: OpaqueKsfId = 'argon2id-m64m-t3-p4';

/** The `keyStretching` option of `@serenity-kit/opaque` for a KSF id. */
export function opaqueKeyStretching(id: OpaqueKsfId): {
  'argon2id-custom': Argon2idParameters;
} {
  const parameters = OPAQUE_KSF_PARAMETERS[id];
  return { 'argon2id-custom': { ...parameters } };
}

/**
 * The OPAQUE user identifier (credential identifier, RFC 9807 section 4) of a wallet's recovery
 * password: app id and EIP-55 address, known before the wallet exists (registration at create).
 */
export function opaqueUserIdentifier(appId: string, address: string): string {
  return `latchkey-recovery:${appId}:${address}`;
}

/**
 * Info label of the HKDF-SHA256 that turns the OPAQUE export key into the AES-256-GCM key sealing
 * the recovery share (the frame only).
 */
export const OPAQUE_SEAL_INFO = 'latchkey recovery-share seal v1';
