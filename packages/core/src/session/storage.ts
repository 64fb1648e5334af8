/** The subset of the Web Storage API the client uses (`localStorage` fits). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * An in-memory {@link KeyValueStorage}; nothing survives a reload.
 *
 * @example createLatchkeyClient({ appId, apiUrl, storage: memoryStorage() })
 */
export function memoryStorage(): KeyValueStorage {
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

/**
 * Wraps a storage so it never throws: on its first failure (blocked third-party storage,
 * Safari private mode, quota) it switches to memory for good and keeps working.
 * Writes made before the failure are carried over when they can still be read.
 *
 * @param storage - The storage to protect.
 * @returns A storage whose methods never throw.
 */
export function safeStorage(
  storage: KeyValueStorage,
): KeyValueStorage & { readonly failed: boolean } {
  const fallback = memoryStorage();
  let failed = false;
  const fail = () => {
    failed = true;
  };
  return {
    get failed() {
      return failed;
    },
    getItem(key) {
      if (failed) return fallback.getItem(key);
      try {
        return storage.getItem(key);
      } catch {
        fail();
        return fallback.getItem(key);
      }
    },
    setItem(key, value) {
      fallback.setItem(key, value);
      if (failed) return;
      try {
        storage.setItem(key, value);
      } catch {
        fail();
      }
    },
    removeItem(key) {
      fallback.removeItem(key);
      if (failed) return;
      try {
        storage.removeItem(key);
      } catch {
        fail();
      }
    },
  };
}

/**
 * The default storage: `localStorage` when it exists and accepts a write, else memory.
 * Never throws (reading `window.localStorage` itself throws when storage is blocked).
 * The choice is made on first use, not at creation, so creating a client during server
 * rendering touches no browser global (user-needs theme 1).
 */
export function defaultStorage(): KeyValueStorage {
  let chosen: KeyValueStorage | null = null;
  const pick = (): KeyValueStorage => {
    if (chosen) return chosen;
    chosen = memoryStorage();
    try {
      const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
      if (storage) {
        const probe = 'latchkey:probe';
        storage.setItem(probe, '1');
        storage.removeItem(probe);
        chosen = storage;
      }
    } catch {
      // blocked or full: keep memory
    }
    return chosen;
  };
  return {
    getItem: (key) => pick().getItem(key),
    setItem: (key, value) => pick().setItem(key, value),
    removeItem: (key) => pick().removeItem(key),
  };
}

/** Storage keys, namespaced by app id so two apps on one origin never share a session. */
export function storageKeys(appId: string) {
  return {
    token: `latchkey:${appId}:token`,
    refreshToken: `latchkey:${appId}:refresh_token`,
    /** Set when the server may hold the session in HttpOnly cookies (spec section 3). */
    cookies: `latchkey:${appId}:session_cookies`,
    /** Values that live and die with the session (`SessionStore.getSessionData`). */
    sessionData: `latchkey:${appId}:session_data`,
  } as const;
}
