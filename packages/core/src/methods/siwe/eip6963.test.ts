import { describe, expect, it } from 'vitest';
import { watchEip6963Wallets } from './eip6963.ts';
import { walletClientTypeOf } from './walletCatalog.ts';

describe('EIP-6963 discovery', () => {
  it('asks wallets to announce, collects them by uuid and stops listening', () => {
    const target = new EventTarget();
    const provider = { request: async () => null };
    target.addEventListener('eip6963:requestProvider', () => {
      const detail = {
        info: { uuid: 'u1', name: 'Test Wallet', icon: 'data:,', rdns: 'io.metamask' },
        provider,
      };
      target.dispatchEvent(Object.assign(new Event('eip6963:announceProvider'), { detail }));
    });
    const seen: number[] = [];
    const stop = watchEip6963Wallets(target, (wallets) => seen.push(wallets.length));
    expect(seen).toEqual([1]);
    target.dispatchEvent(new Event('eip6963:requestProvider')); // same uuid again
    expect(seen).toEqual([1, 1]);
    // Malformed announcements are ignored.
    target.dispatchEvent(
      Object.assign(new Event('eip6963:announceProvider'), { detail: { info: {} } }),
    );
    expect(seen).toEqual([1, 1]);
    stop();
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(seen).toEqual([1, 1]);
  });

  it('names known wallets by id and others by their name', () => {
    expect(walletClientTypeOf({ rdns: 'io.metamask', name: 'MetaMask' })).toBe('metamask');
    expect(walletClientTypeOf({ rdns: 'io.rabby', name: 'Rabby' })).toBe('rabby_wallet');
    expect(walletClientTypeOf({ rdns: 'dev.latchkey.test', name: 'Latchkey Test Wallet' })).toBe(
      'latchkey_test_wallet',
    );
  });
});
