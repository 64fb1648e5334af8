import type { EmbeddedWalletManager, EmbeddedWalletPasswordResult } from '@latchkey/core';
import { vi } from 'vitest';

/** One fake password frame mounted by a screen: what it was handed, and its controls. */
export interface FakePasswordFrame {
  container: HTMLElement;
  parameters: Parameters<EmbeddedWalletManager['mountPassword']>[1];
  iframe: HTMLIFrameElement;
  destroyed: boolean;
  /** The frame loaded and drew its inputs (`ready` resolves). */
  load(): void;
  /** The user finished inside the frame: `result` resolves with `out`. */
  finish(out: EmbeddedWalletPasswordResult): void;
  /** The frame answered an error (e.g. `recovery_attempts_exceeded`). */
  fail(error: unknown): void;
}

/**
 * A fake `manager.mountPassword` (issue 24 item 4): appends a stand-in frame element to the
 * container and records the mount in `mounts`; the test plays the frame (load, finish, fail).
 * The real page is tested in wallet-frame and in Chromium (e2e/specs/password-frame.spec.ts).
 */
export function createFakePasswordMount() {
  const mounts: FakePasswordFrame[] = [];
  const mountPassword = vi.fn(
    (container: HTMLElement, parameters: Parameters<EmbeddedWalletManager['mountPassword']>[1]) => {
      // happy-dom does not load iframes: a marked stand-in.
      const iframe = container.ownerDocument.createElement('div') as unknown as HTMLIFrameElement;
      iframe.setAttribute('data-fake-password-frame', parameters.action);
      container.appendChild(iframe);
      let load!: () => void;
      let settle!: {
        resolve: (v: EmbeddedWalletPasswordResult) => void;
        reject: (e: unknown) => void;
      };
      const ready = new Promise<void>((r) => {
        load = r;
      });
      const result = new Promise<EmbeddedWalletPasswordResult>((resolve, reject) => {
        settle = { resolve, reject };
      });
      result.catch(() => {});
      const mount: FakePasswordFrame = {
        container,
        parameters,
        iframe,
        destroyed: false,
        load,
        finish: (out) => settle.resolve(out),
        fail: (error) => settle.reject(error),
      };
      mounts.push(mount);
      return {
        iframe,
        ready,
        result,
        destroy() {
          mount.destroyed = true;
          iframe.remove();
          settle.reject(new Error('destroyed'));
        },
      };
    },
  );
  return { mounts, mountPassword };
}
