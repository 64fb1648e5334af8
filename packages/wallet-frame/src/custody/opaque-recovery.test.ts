import { OPAQUE_KSF_ID, opaqueUserIdentifier } from '@latchkey/api';
import * as opaque from '@serenity-kit/opaque';
import { beforeAll, describe, expect, it } from 'vitest';
import { CustodyError, InvalidRecoveryPasswordError } from './errors.ts';
import {
  type OpaqueTransport,
  openShare,
  registerRecoveryPassword,
  sealKeyFromExportKey,
  unlockRecoveryPassword,
} from './opaque-recovery.ts';

const APP = 'clpispdty00ycl80fpueukbhl';
const ADDRESS = '0x1111111111111111111111111111111111111111';
const binding = { appId: APP, address: ADDRESS };

/** An in-process OPAQUE server for one wallet, counting its calls. */
function server() {
  const setup = opaque.server.createSetup();
  const userIdentifier = opaqueUserIdentifier(APP, ADDRESS);
  let record: string | null = null;
  let sealed: Awaited<ReturnType<typeof registerRecoveryPassword>>['sealed_share'] | null = null;
  const logins = new Map<string, string>();
  const calls = { register: 0, start: 0, finish: 0 };
  const transport: OpaqueTransport = {
    register: (registrationRequest) => {
      calls.register++;
      return Promise.resolve(
        opaque.server.createRegistrationResponse({
          serverSetup: setup,
          userIdentifier,
          registrationRequest,
        }).registrationResponse,
      );
    },
    loginStart: (startLoginRequest) => {
      calls.start++;
      const { serverLoginState, loginResponse } = opaque.server.startLogin({
        serverSetup: setup,
        userIdentifier,
        registrationRecord: record,
        startLoginRequest,
      });
      const id = `login_${calls.start}_${'x'.repeat(16)}`;
      logins.set(id, serverLoginState);
      return Promise.resolve({ login_id: id, login_response: loginResponse, ksf: OPAQUE_KSF_ID });
    },
    loginFinish: (loginId, finishLoginRequest) => {
      calls.finish++;
      opaque.server.finishLogin({ serverLoginState: logins.get(loginId)!, finishLoginRequest });
      return Promise.resolve(sealed!);
    },
  };
  return {
    transport,
    calls,
    store(value: Awaited<ReturnType<typeof registerRecoveryPassword>>) {
      record = value.registration_record;
      sealed = value.sealed_share;
    },
  };
}

beforeAll(() => opaque.ready);

describe('OPAQUE recovery passwords in the frame (issue 24 item 5)', () => {
  it('registers, seals the share, and unlocks it with the right password only', async () => {
    const s = server();
    const share = crypto.getRandomValues(new Uint8Array(49));
    const uploaded = await registerRecoveryPassword({
      password: 'sunshine7',
      share,
      binding,
      transport: s.transport,
    });
    s.store(uploaded);
    expect(uploaded.ksf).toBe(OPAQUE_KSF_ID);
    expect(JSON.stringify(uploaded)).not.toContain(btoa(String.fromCharCode(...share)));
    const opened = await unlockRecoveryPassword({
      password: 'sunshine7',
      binding,
      transport: s.transport,
    });
    expect(opened).toEqual(share);
    expect(s.calls).toEqual({ register: 1, start: 1, finish: 1 });

    await expect(
      unlockRecoveryPassword({ password: 'sunshine8', binding, transport: s.transport }),
    ).rejects.toBeInstanceOf(InvalidRecoveryPasswordError);
    // A wrong password costs a server start (the counted guess) and never reaches the finish.
    expect(s.calls).toEqual({ register: 1, start: 2, finish: 1 });
  });

  it('NFKC-normalizes the password, as the legacy path did', async () => {
    const s = server();
    const share = new Uint8Array([1, 2, 3, 4]);
    s.store(
      await registerRecoveryPassword({ password: 'ﬁne', share, binding, transport: s.transport }),
    );
    expect(
      await unlockRecoveryPassword({ password: 'fine', binding, transport: s.transport }),
    ).toEqual(share);
  });

  it('binds the sealed share to the app and address (AES-GCM additional data)', async () => {
    const s = server();
    const share = new Uint8Array([9, 9, 9]);
    const uploaded = await registerRecoveryPassword({
      password: 'pw',
      share,
      binding,
      transport: s.transport,
    });
    s.store(uploaded);
    // The login's export key, as unlockRecoveryPassword gets it.
    const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password: 'pw' });
    const started = await s.transport.loginStart(startLoginRequest);
    const { exportKey } = opaque.client.finishLogin({
      clientLoginState,
      loginResponse: started.login_response,
      password: 'pw',
      keyStretching: { 'argon2id-custom': { memory: 65_536, iterations: 3, parallelism: 4 } },
    })!;
    const key = await sealKeyFromExportKey(exportKey);
    expect(await openShare(key, uploaded.sealed_share, binding)).toEqual(share);
    const other = '0x2222222222222222222222222222222222222222';
    for (const wrong of [
      { appId: APP, address: other },
      { appId: 'another-app-00000000000000', address: ADDRESS },
    ]) {
      await expect(openShare(key, uploaded.sealed_share, wrong)).rejects.toBeInstanceOf(
        CustodyError,
      );
    }
  });

  it('refuses a KSF id it does not know (no downgrade by the server)', async () => {
    const s = server();
    s.store(
      await registerRecoveryPassword({
        password: 'pw',
        share: new Uint8Array([1]),
        binding,
        transport: s.transport,
      }),
    );
    const weak: OpaqueTransport = {
      ...s.transport,
      loginStart: async (request) => ({ ...(await s.transport.loginStart(request)), ksf: 'weak' }),
    };
    await expect(
      unlockRecoveryPassword({ password: 'pw', binding, transport: weak }),
    ).rejects.toMatchObject({ type: 'error' });
    expect(s.calls.finish).toBe(0);
  });
});
