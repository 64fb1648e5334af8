/**
 * OPAQUE recovery passwords in the frame (RFC 9807 via `@serenity-kit/opaque`; issue 24 item 5).
 *
 * - {@link registerRecoveryPassword}: OPAQUE registration of the password with the server, then
 *   the recovery share sealed with AES-256-GCM under HKDF-SHA256(export key, `OPAQUE_SEAL_INFO`),
 *   the AAD binding app id and address. The server gets the registration record and the
 *   ciphertext, neither of which lets it (or a thief of its database or of the frame's traffic)
 *   check a password without the server's OPRF key.
 * - {@link unlockRecoveryPassword}: OPAQUE login (start, client finish, server finish); only a
 *   finished login gets the sealed share back, and only the right password gives the export key
 *   that opens it.
 *
 * Argon2id is OPAQUE's key-stretching function, with the parameters of `OPAQUE_KSF_PARAMETERS`
 * (`@latchkey/api`), chosen by the KSF id stored with the record.
 */
import {
  OPAQUE_KSF_ID,
  OPAQUE_SEAL_INFO,
  type OpaqueKsfId,
  type OpaqueRecoveryWire,
  type OpaqueSealedShareWire,
  opaqueKeyStretching,
  OPAQUE_KSF_PARAMETERS,
} from '@latchkey/api';
import { CustodyError, InvalidRecoveryPasswordError } from './errors.ts';

/**
 * `@serenity-kit/opaque`, loaded on first use: its WebAssembly is compiled only by the frame pages
 * that run a password flow, not by every page load of the hidden frame or the approval page.
 */
async function loadOpaque(): Promise<typeof import('@serenity-kit/opaque')> {
  const opaque = await import('@serenity-kit/opaque');
  await opaque.ready;
  return opaque;
}

/** The three OPAQUE calls of the frame's own API (`share-api.ts`), for one wallet. */
export interface OpaqueTransport {
  /** `POST recovery/opaque/register`: the registration response for a registration request. */
  register(registrationRequest: string): Promise<string>;
  /** `POST recovery/opaque/login/start`: one counted guess. */
  loginStart(
    startLoginRequest: string,
  ): Promise<{ login_id: string; login_response: string; ksf: string }>;
  /** `POST recovery/opaque/login/finish`: the sealed share after the server's finish. */
  loginFinish(loginId: string, finishLoginRequest: string): Promise<OpaqueSealedShareWire>;
}

/** Which wallet a sealed share belongs to (the AES-GCM additional data). */
export interface SealBinding {
  appId: string;
  /** EIP-55 address. */
  address: string;
}

const encoder = new TextEncoder();
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const fromBase64Url = (text: string) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
};

/** The password as OPAQUE gets it (NFKC, as the legacy PBKDF2 path). */
const normalize = (password: string) => password.normalize('NFKC');

function ksfOf(id: string): OpaqueKsfId {
  if (!Object.hasOwn(OPAQUE_KSF_PARAMETERS, id)) {
    throw new CustodyError('error', 'Unknown recovery password parameters; update the wallet');
  }
  return id as OpaqueKsfId;
}

const aad = (binding: SealBinding) =>
  encoder.encode(`latchkey recovery share\n${binding.appId}\n${binding.address}`);

/**
 * The AES-256-GCM key sealing the recovery share: HKDF-SHA256 over the OPAQUE export key
 * (base64url, 64 bytes), empty salt, info {@link OPAQUE_SEAL_INFO} (WebCrypto, non-extractable).
 */
export async function sealKeyFromExportKey(exportKey: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    fromBase64Url(exportKey) as BufferSource,
    'HKDF',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: encoder.encode(OPAQUE_SEAL_INFO),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Seals `share` under `key` (random 12-byte IV, AAD = app id and address). */
export async function sealShare(
  key: CryptoKey,
  share: Uint8Array,
  binding: SealBinding,
): Promise<OpaqueSealedShareWire> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: aad(binding) as BufferSource },
      key,
      share as BufferSource,
    ),
  );
  return { version: 1, iv: toBase64(iv), ciphertext: toBase64(ciphertext) };
}

/**
 * Opens a share sealed by {@link sealShare}.
 * @throws CustodyError `error` when it does not open (tampered, or another wallet's).
 */
export async function openShare(
  key: CryptoKey,
  sealed: OpaqueSealedShareWire,
  binding: SealBinding,
): Promise<Uint8Array> {
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: fromBase64(sealed.iv) as BufferSource,
          additionalData: aad(binding) as BufferSource,
        },
        key,
        fromBase64(sealed.ciphertext) as BufferSource,
      ),
    );
  } catch (cause) {
    throw new CustodyError('error', 'The recovery share does not open; nothing was changed.', {
      cause,
    });
  }
}

/**
 * Registers `password` for the wallet and seals `share` under the new export key.
 * @param ksf the Argon2id parameter set (default {@link OPAQUE_KSF_ID}).
 * @returns what create and reshare upload as `recovery_opaque`.
 */
export async function registerRecoveryPassword(parameters: {
  password: string;
  share: Uint8Array;
  binding: SealBinding;
  transport: Pick<OpaqueTransport, 'register'>;
  ksf?: OpaqueKsfId;
}): Promise<OpaqueRecoveryWire> {
  const opaque = await loadOpaque();
  const ksf = parameters.ksf ?? OPAQUE_KSF_ID;
  const password = normalize(parameters.password);
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({
    password,
  });
  const registrationResponse = await parameters.transport.register(registrationRequest);
  let finished: { registrationRecord: string; exportKey: string };
  try {
    finished = opaque.client.finishRegistration({
      clientRegistrationState,
      registrationResponse,
      password,
      keyStretching: opaqueKeyStretching(ksf),
    });
  } catch (cause) {
    throw new CustodyError('error', 'The wallet service answered an invalid registration.', {
      cause,
    });
  }
  const key = await sealKeyFromExportKey(finished.exportKey);
  return {
    ksf,
    registration_record: finished.registrationRecord,
    sealed_share: await sealShare(key, parameters.share, parameters.binding),
  };
}

/**
 * Unlocks the recovery share with `password`: login start (one counted guess on the server),
 * client finish (Argon2id with the record's parameters), server finish, then opens the share.
 * @throws InvalidRecoveryPasswordError on a wrong password (`finishLogin` gives no export key);
 *   the transport's CustodyErrors (`recovery_attempts_exceeded` while locked, ...).
 */
export async function unlockRecoveryPassword(parameters: {
  password: string;
  binding: SealBinding;
  transport: Pick<OpaqueTransport, 'loginStart' | 'loginFinish'>;
}): Promise<Uint8Array> {
  const opaque = await loadOpaque();
  const password = normalize(parameters.password);
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const started = await parameters.transport.loginStart(startLoginRequest);
  let finished: { finishLoginRequest: string; exportKey: string } | undefined;
  try {
    finished = opaque.client.finishLogin({
      clientLoginState,
      loginResponse: started.login_response,
      password,
      keyStretching: opaqueKeyStretching(ksfOf(started.ksf)),
    });
  } catch (cause) {
    if (cause instanceof CustodyError) throw cause;
    throw new InvalidRecoveryPasswordError({ cause });
  }
  if (!finished) throw new InvalidRecoveryPasswordError();
  const sealed = await parameters.transport.loginFinish(
    started.login_id,
    finished.finishLoginRequest,
  );
  const key = await sealKeyFromExportKey(finished.exportKey);
  return openShare(key, sealed, parameters.binding);
}
