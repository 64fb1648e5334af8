import type { EmbeddedWalletApproval, EmbeddedWalletManager } from '@latchkey/core';
import { vi } from 'vitest';

/** One fake approval frame mounted by a screen: what it was handed, and its controls. */
export interface FakeApproval {
  container: HTMLElement;
  parameters: Parameters<EmbeddedWalletManager['mountApproval']>[1];
  iframe: HTMLIFrameElement;
  destroyed: boolean;
  /** The frame loaded (`ready` resolves). */
  load(): void;
  /** The user approved inside the frame: `result` resolves with `response`. */
  approve(response: unknown): void;
  /** The frame answered an error. */
  fail(error: unknown): void;
}

/**
 * A fake `manager.mountApproval` (issue 24): appends an iframe to the container and records the
 * mount in `mounts`; the test plays the frame (load, approve, fail). Real frames are tested in
 * core and in Chromium (e2e/specs/approval.spec.ts).
 */
export function createFakeApprovalMount() {
  const mounts: FakeApproval[] = [];
  const mountApproval = vi.fn(
    (
      container: HTMLElement,
      parameters: Parameters<EmbeddedWalletManager['mountApproval']>[1],
    ): EmbeddedWalletApproval => {
      // A stand-in element (happy-dom does not load iframes); marked for the tests.
      const iframe = container.ownerDocument.createElement('div') as unknown as HTMLIFrameElement;
      iframe.setAttribute('data-fake-approval-frame', '');
      container.appendChild(iframe);
      let load!: () => void;
      let settle!: { resolve: (v: unknown) => void; reject: (e: unknown) => void };
      const ready = new Promise<void>((r) => {
        load = r;
      });
      const result = new Promise<unknown>((resolve, reject) => {
        settle = { resolve, reject };
      });
      const mount: FakeApproval = {
        container,
        parameters,
        iframe,
        destroyed: false,
        load,
        approve: (response) => settle.resolve(response),
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
  return { mounts, mountApproval };
}
