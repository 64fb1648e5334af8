import { describe, expect, it } from 'vitest';
import {
  CLOUD_RECOVERY_MISMATCH,
  type CloudSealedShare,
  openFromCloud,
  sealForCloud,
} from './cloud-recovery.ts';

const WALLET = {
  appId: 'app-1',
  userId: 'user_1',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};
const SHARE = Uint8Array.from({ length: 17 }, (_, i) => i * 7);

const decode = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

describe('cloud recovery sealing (issue 23 item 1)', () => {
  it('seals under a fresh AES-256-GCM key that opens it again, and only with both halves', async () => {
    const { sealed, key } = await sealForCloud(SHARE, WALLET);
    expect(sealed).toMatchObject({ version: 1, alg: 'A256GCM' });
    expect(decode(sealed.iv)).toHaveLength(12);
    // The share plus GCM's 16-byte tag; the plain share is not in it.
    const ciphertext = decode(sealed.ciphertext);
    expect(ciphertext).toHaveLength(SHARE.length + 16);
    expect(Buffer.from(ciphertext).includes(Buffer.from(SHARE))).toBe(false);
    expect(decode(key.key)).toHaveLength(32);
    expect(key.address).toBe(WALLET.address);

    expect([...(await openFromCloud(sealed, key, WALLET))]).toEqual([...SHARE]);
    // The address as the other casing of the same 0x address opens it too.
    expect([
      ...(await openFromCloud(sealed, key, { ...WALLET, address: WALLET.address.toLowerCase() })),
    ]).toEqual([...SHARE]);
  });

  it('a fresh key each time: two seals share neither key nor ciphertext', async () => {
    const one = await sealForCloud(SHARE, WALLET);
    const two = await sealForCloud(SHARE, WALLET);
    expect(one.key.key).not.toBe(two.key.key);
    expect(one.sealed.ciphertext).not.toBe(two.sealed.ciphertext);
    await expect(openFromCloud(one.sealed, two.key, WALLET)).rejects.toMatchObject({
      code: CLOUD_RECOVERY_MISMATCH,
    });
  });

  it("refuses another wallet's or user's context, an altered ciphertext and a bad key", async () => {
    const { sealed, key } = await sealForCloud(SHARE, WALLET);
    const refused = (s: CloudSealedShare, k: typeof key, w: typeof WALLET) =>
      expect(openFromCloud(s, k, w)).rejects.toMatchObject({ code: CLOUD_RECOVERY_MISMATCH });
    await refused(sealed, key, { ...WALLET, userId: 'user_2' });
    await refused(sealed, key, { ...WALLET, appId: 'app-2' });
    await refused(sealed, key, {
      ...WALLET,
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    });
    const altered = decode(sealed.ciphertext);
    altered[0]! ^= 1;
    await refused({ ...sealed, ciphertext: btoa(String.fromCharCode(...altered)) }, key, WALLET);
    await refused(sealed, { ...key, key: btoa('short') }, WALLET);
    await refused({ ...sealed, version: 2 as 1 }, key, WALLET);
  });
});
