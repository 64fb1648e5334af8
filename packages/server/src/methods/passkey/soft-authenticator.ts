/**
 * A small software WebAuthn authenticator for the server tests: ES256 keys from node:crypto,
 * `none` attestation in CBOR (SimpleWebAuthn's isoCBOR), and assertions signed over
 * `authenticatorData || SHA-256(clientDataJSON)`. Every field a real authenticator controls can
 * be bent (origin, RP ID, flags, counter) so the tests can prove each refusal.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags. */
export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** Options of one ceremony. */
export interface CeremonyOptions {
  /** `origin` written in clientDataJSON. */
  origin: string;
  /** RP ID whose hash goes into authenticatorData. Default: the `rpId` / `rp.id` of the options. */
  rpId?: string;
  /** Flags byte (without AT). Default UP | UV. */
  flags?: number;
  /** Sign counter to report. Default: previous + 1 (0 at registration). */
  counter?: number;
  /** Challenge to sign instead of the one in the options. */
  challenge?: string;
}

interface Credential {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

/** A platform authenticator holding discoverable ES256 credentials. */
export class SoftAuthenticator {
  readonly credentials = new Map<string, Credential>();
  readonly aaguid: Buffer;

  constructor(aaguid = Buffer.alloc(16)) {
    this.aaguid = aaguid;
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags | (attested ? FLAG_AT : 0)]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  /** Answers `navigator.credentials.create()` with the given registration options JSON. */
  register(options: Record<string, unknown>, o: CeremonyOptions) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const id = randomBytes(32);
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(id.length);
    const attested = Buffer.concat([this.aaguid, idLen, id, Buffer.from(isoCBOR.encode(cose))]);
    const counter = o.counter ?? 0;
    const authData = this.authData(
      o.rpId ?? rp.id,
      o.flags ?? FLAG_UP | FLAG_UV,
      counter,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: o.challenge ?? options.challenge,
      origin: o.origin,
      crossOrigin: false,
    });
    this.credentials.set(b64u(id), { id, key: privateKey, userHandle: user.id, counter });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(Buffer.from(clientDataJSON)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers `navigator.credentials.get()` with `credentialId` (default: the first one). */
  assert(options: Record<string, unknown>, o: CeremonyOptions, credentialId?: string) {
    const cred = credentialId
      ? this.credentials.get(credentialId)
      : this.credentials.values().next().value;
    if (!cred) throw new Error('no credential');
    cred.counter = o.counter ?? cred.counter + 1;
    const authData = this.authData(
      o.rpId ?? (options.rpId as string),
      o.flags ?? FLAG_UP | FLAG_UV,
      cred.counter,
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: o.challenge ?? options.challenge,
        origin: o.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.key);
    return {
      id: b64u(cred.id),
      rawId: b64u(cred.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: cred.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
