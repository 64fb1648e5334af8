import type { KeyValueStorage } from '@latchkey/core';

/**
 * A storage that picks `localStorage` on first use, not at creation, so creating the client
 * during render touches no browser global (SSR safety, user-needs theme 1). When
 * `localStorage` is missing or throws (SSR, blocked storage, private mode) it uses memory.
 */
export function deferredStorage(): KeyValueStorage {
  let resolved: KeyValueStorage | null = null;
  const get = (): KeyValueStorage => {
    if (resolved) return resolved;
    resolved = pick();
    return resolved;
  };
  return {
    getItem: (key) => get().getItem(key),
    setItem: (key, value) => get().setItem(key, value),
    removeItem: (key) => get().removeItem(key),
  };
}

function pick(): KeyValueStorage {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (storage) {
      storage.setItem('latchkey:probe', '1');
      storage.removeItem('latchkey:probe');
      return storage;
    }
  } catch {
    // fall through to memory
  }
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}
