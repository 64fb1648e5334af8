import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultStorage,
  type KeyValueStorage,
  memoryStorage,
  safeStorage,
  storageKeys,
} from './storage.ts';

const throwing = (): KeyValueStorage => ({
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('Quota exceeded', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('memoryStorage', () => {
  it('stores, reads and removes', () => {
    const s = memoryStorage();
    expect(s.getItem('k')).toBeNull();
    s.setItem('k', 'v');
    expect(s.getItem('k')).toBe('v');
    s.removeItem('k');
    expect(s.getItem('k')).toBeNull();
  });
});

describe('safeStorage', () => {
  it('falls back to memory when every call throws, and keeps working', () => {
    const s = safeStorage(throwing());
    expect(() => s.setItem('k', 'v')).not.toThrow();
    expect(s.failed).toBe(true);
    expect(s.getItem('k')).toBe('v');
    s.removeItem('k');
    expect(s.getItem('k')).toBeNull();
  });

  it('keeps values written before the storage started to throw', () => {
    const inner = memoryStorage();
    let broken = false;
    const flaky: KeyValueStorage = {
      getItem: (k) => {
        if (broken) throw new Error('blocked');
        return inner.getItem(k);
      },
      setItem: (k, v) => inner.setItem(k, v),
      removeItem: (k) => inner.removeItem(k),
    };
    const s = safeStorage(flaky);
    s.setItem('k', 'v');
    broken = true;
    expect(s.getItem('k')).toBe('v');
  });

  it('uses the real storage while it works', () => {
    const inner = memoryStorage();
    const s = safeStorage(inner);
    s.setItem('k', 'v');
    expect(inner.getItem('k')).toBe('v');
    expect(s.failed).toBe(false);
  });
});

describe('defaultStorage', () => {
  it('uses memory when there is no localStorage', () => {
    vi.stubGlobal('localStorage', undefined);
    const s = defaultStorage();
    s.setItem('k', 'v');
    expect(s.getItem('k')).toBe('v');
  });

  it('uses memory when localStorage throws on write (Safari private mode)', () => {
    vi.stubGlobal('localStorage', throwing());
    const s = defaultStorage();
    expect(() => s.setItem('k', 'v')).not.toThrow();
    expect(s.getItem('k')).toBe('v');
  });

  it('uses a working localStorage', () => {
    const local = memoryStorage();
    vi.stubGlobal('localStorage', local);
    defaultStorage().setItem('k', 'v');
    expect(local.getItem('k')).toBe('v');
  });

  it('touches no global until first used (server rendering)', () => {
    const get = vi.fn(() => memoryStorage());
    vi.stubGlobal('localStorage', undefined);
    Object.defineProperty(globalThis, 'localStorage', { get, configurable: true });
    const s = defaultStorage();
    expect(get).not.toHaveBeenCalled();
    s.getItem('k');
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('storageKeys', () => {
  it('namespaces keys by app id', () => {
    expect(storageKeys('app_a').token).not.toBe(storageKeys('app_b').token);
    expect(storageKeys('app_a').token).toContain('app_a');
  });
});
