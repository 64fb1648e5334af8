import { describe, expect, it } from 'vitest';
import { deviceShareKey, openDeviceShareStore } from './device-store.ts';
import { memoryStorage } from './test/fakes.ts';

const APP = 'app-1';
const EVM = '0x1111111111111111111111111111111111111111';
const SOLANA = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
const OTHER = '0x2222222222222222222222222222222222222222';

const share = (byte: number, authHash: string) => ({
  share: new Uint8Array(4).fill(byte),
  authHash,
});

describe('device-share store', () => {
  for (const kind of ['local', 'memory'] as const) {
    describe(`in ${kind} storage`, () => {
      const open = () =>
        openDeviceShareStore(APP, () => (kind === 'local' ? memoryStorage() : null));

      it('a reshare of one address updates the copies of the same split under the user (a derived Solana wallet), nothing else', () => {
        const store = open();
        expect(store.kind).toBe(kind);
        // A derived Solana wallet keeps a copy of its Ethereum wallet's device share.
        store.set('u1', EVM, share(1, 'h1'));
        store.set('u1', SOLANA, share(1, 'h1'));
        // Another wallet of the user from another split, and the same split under another user.
        store.set('u1', OTHER, share(9, 'h9'));
        store.set('u2', EVM, share(1, 'h1'));

        // The Ethereum wallet is reshared (a password set): new device share, new fingerprint.
        expect(store.set('u1', EVM, share(2, 'h2'))).toBe(kind);

        expect(store.get('u1', EVM)).toEqual(share(2, 'h2'));
        expect(store.get('u1', SOLANA)).toEqual(share(2, 'h2'));
        expect(store.get('u1', OTHER)).toEqual(share(9, 'h9'));
        expect(store.get('u2', EVM)).toEqual(share(1, 'h1'));
      });

      it('a first set and a set of the same split touch only their own entry', () => {
        const store = open();
        store.set('u1', EVM, share(1, 'h1'));
        store.set('u1', SOLANA, share(1, 'h1'));
        store.set('u1', SOLANA, share(3, 'h1'));
        expect(store.get('u1', EVM)).toEqual(share(1, 'h1'));
        expect(store.get('u1', SOLANA)).toEqual(share(3, 'h1'));
      });
    });
  }

  it('keeps entries under the app, user and address (addresses compared case-blind)', () => {
    const storage = memoryStorage();
    const store = openDeviceShareStore(APP, () => storage);
    store.set('u1', EVM.toUpperCase().replace('0X', '0x'), share(5, 'h5'));
    expect(storage.getItem(deviceShareKey(APP, 'u1', EVM))).not.toBeNull();
    expect(store.get('u1', EVM)).toEqual(share(5, 'h5'));
    store.clear('u1');
    expect(store.get('u1', EVM)).toBeNull();
  });
});
