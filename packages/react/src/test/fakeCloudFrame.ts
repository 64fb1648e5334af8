import type { EmbeddedWalletCloudResult, EmbeddedWalletManager } from '@latchkey/core';
import { vi } from 'vitest';

/** One fake cloud frame mounted by a screen: what it was handed, and its controls. */
export interface FakeCloudFrame {
  container: HTMLElement;
  parameters: Parameters<EmbeddedWalletManager['mountCloud']>[1];
  destroyed: boolean;
  /** The frame loaded and drew the provider's button (`ready` resolves). */
  load(): void;
  /** The page answered (`done`, or `redirect`). */
  finish(out: EmbeddedWalletCloudResult): void;
  /** The frame answered an error. */
  fail(error: unknown): void;
}

/**
 * A fake `manager.mountCloud` (issue 23): appends a stand-in frame element to the container and
 * records the mount in `mounts`; the test plays the frame. The real page is the wallet frame's.
 */
export function createFakeCloudMount() {
  const mounts: FakeCloudFrame[] = [];
  const mountCloud = vi.fn(
    (container: HTMLElement, parameters: Parameters<EmbeddedWalletManager['mountCloud']>[1]) => {
      // happy-dom does not load iframes: a marked stand-in.
      const iframe = container.ownerDocument.createElement('div') as unknown as HTMLIFrameElement;
      iframe.setAttribute('data-fake-cloud-frame', `${parameters.action}:${parameters.provider}`);
      container.appendChild(iframe);
      let load!: () => void;
      let settle!: {
        resolve: (v: EmbeddedWalletCloudResult) => void;
        reject: (e: unknown) => void;
      };
      const ready = new Promise<void>((r) => {
        load = r;
      });
      const result = new Promise<EmbeddedWalletCloudResult>((resolve, reject) => {
        settle = { resolve, reject };
      });
      result.catch(() => {});
      const mount: FakeCloudFrame = {
        container,
        parameters,
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
  return { mounts, mountCloud };
}
