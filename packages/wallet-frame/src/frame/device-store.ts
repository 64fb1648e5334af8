import type { DeviceShareStorage } from '@latchkey/api';
import { fromBase64, toBase64 } from './encoding.ts';

/** A device share as kept in the frame, with the fingerprint of the auth share it pairs with. */
export interface StoredDeviceShare {
  share: Uint8Array;
  /** SHA-256 (hex) of the auth share made in the same split; tells a stale share from a bad one. */
  authHash: string;
}

/** The device-share store of the frame (design.md, Keys: "device share in the frame's own storage"). */
export interface DeviceShareStore {
  /** `memory` when the origin's storage is blocked or partitioned away (user-needs theme 2). */
  readonly kind: DeviceShareStorage;
  get(userId: string, address: string): StoredDeviceShare | null;
  /**
   * Saves the share; returns where it ended up (`memory` if writing to storage failed). The
   * user's other entries that held the same split as the one replaced (the same `authHash`: a
   * derived Solana wallet's copy of its Ethereum wallet's share, issue 22) get the new share
   * too, so a reshare of one address never leaves a stale copy under another.
   */
  set(userId: string, address: string, value: StoredDeviceShare): DeviceShareStorage;
  /** Removes this app's shares (only `userId`'s when given). */
  clear(userId?: string): void;
}

/** The storage subset used (the frame's `localStorage`, or a fake in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'latchkey:device-share:v1';

/** Storage key of a device share: namespaced by app id, user id and address. */
export function deviceShareKey(appId: string, userId: string, address: string): string {
  return `${PREFIX}:${appId}:${userId}:${address.toLowerCase()}`;
}

function probe(open: () => KeyValueStore | null | undefined): KeyValueStore | null {
  try {
    const storage = open();
    if (!storage) return null;
    const key = `${PREFIX}:probe`;
    storage.setItem(key, '1');
    const ok = storage.getItem(key) === '1';
    storage.removeItem(key);
    return ok ? storage : null;
  } catch {
    // SecurityError (blocked third-party storage), QuotaExceededError, ...
    return null;
  }
}

/**
 * Opens the device-share store over `open()` (the frame's `localStorage`). When storage cannot be
 * used, shares are kept in memory for the frame's lifetime and `kind` is `memory`: the wallet still
 * works now, and the host is told so it can warn that the next visit needs recovery.
 */
export function openDeviceShareStore(
  appId: string,
  open: () => KeyValueStore | null | undefined,
): DeviceShareStore {
  const storage = probe(open);
  const memory = new Map<string, StoredDeviceShare>();
  const appPrefix = `${PREFIX}:${appId}:`;

  const read = (key: string): StoredDeviceShare | null => {
    if (!storage) return null;
    try {
      const raw = storage.getItem(key);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as { share?: unknown; authHash?: unknown };
      if (typeof parsed.share !== 'string' || typeof parsed.authHash !== 'string') return null;
      return { share: fromBase64(parsed.share), authHash: parsed.authHash };
    } catch {
      return null;
    }
  };

  /** Writes a copy of `value` under `key`: to storage, else to memory (returned). */
  const write = (key: string, value: StoredDeviceShare): DeviceShareStorage => {
    const copy = { share: value.share.slice(), authHash: value.authHash };
    if (storage) {
      try {
        storage.setItem(
          key,
          JSON.stringify({ share: toBase64(copy.share), authHash: copy.authHash }),
        );
        memory.delete(key);
        return 'local';
      } catch {
        // Fall through to memory.
      }
    }
    memory.set(key, copy);
    return 'memory';
  };

  /** The fingerprint of the entry under `key`, if any (its share read and wiped). */
  const authHashAt = (key: string): string | undefined => {
    const held = memory.get(key);
    if (held) return held.authHash;
    const stored = read(key);
    stored?.share.fill(0);
    return stored?.authHash;
  };

  /** The keys of `userId`'s entries, in memory and in storage. */
  const userKeys = (userId: string): string[] => {
    const prefix = `${appPrefix}${userId}:`;
    const keys = new Set([...memory.keys()].filter((key) => key.startsWith(prefix)));
    try {
      for (let i = 0; storage && i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(prefix)) keys.add(key);
      }
    } catch {
      // Storage went away: the memory entries are all there is.
    }
    return [...keys];
  };

  return {
    kind: storage ? 'local' : 'memory',
    get(userId, address) {
      const key = deviceShareKey(appId, userId, address);
      const value = memory.get(key) ?? read(key);
      return value ? { share: value.share.slice(), authHash: value.authHash } : null;
    },
    set(userId, address, value) {
      const key = deviceShareKey(appId, userId, address);
      const previous = authHashAt(key);
      const siblings =
        previous === undefined || previous === value.authHash
          ? []
          : userKeys(userId).filter((other) => other !== key && authHashAt(other) === previous);
      const where = write(key, value);
      for (const sibling of siblings) write(sibling, value);
      return where;
    },
    clear(userId) {
      const prefix = userId === undefined ? appPrefix : `${appPrefix}${userId}:`;
      for (const key of [...memory.keys()]) if (key.startsWith(prefix)) memory.delete(key);
      if (!storage) return;
      try {
        const doomed: string[] = [];
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (key?.startsWith(prefix)) doomed.push(key);
        }
        for (const key of doomed) storage.removeItem(key);
      } catch {
        // Nothing more can be done.
      }
    },
  };
}
