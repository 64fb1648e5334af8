import { FRAME_EVENTS } from '@latchkey/api';
import { createPolicyCheck } from '../custody/policy-client.ts';
import { parentOriginOf, readFrameConfig } from './config.ts';
import { type KeyValueStore, openDeviceShareStore } from './device-store.ts';
import { forwardEscapeToParent } from './escape.ts';
import { reportHeightToParent } from './resize.ts';
import { startApprovePage } from './approve-page.ts';
import { startCloudPage } from './cloud-page.ts';
import { runCloudReturn } from './cloud-return.ts';
import { mountCloudView } from './cloud-view.ts';
import { mountExportView } from './export-page.ts';
import { startImportPage } from './import-page.ts';
import { mountImportView } from './import-view.ts';
import { startPasswordPage } from './password-page.ts';
import { mountPasswordView } from './password-view.ts';
import { openFrameKey } from './frame-key.ts';
import { guardHostHandlers } from './host-guard.ts';
import { createKeyCache } from './key-cache.ts';
import { createFrameRouter, type FrameRouter, type FrameWindow } from './router.ts';
import { createExportHandler, createWalletHandlers, shareApiFor } from './wallet-handlers.ts';

/**
 * Starts the wallet frame page: reads the `latchkey-config` meta tag, opens the device-share store
 * (localStorage, or memory when blocked), routes messages from the allowed origins to the wallet
 * handlers (mode `wallet`) or the one handler of a visible page (`export`, `approve`,
 * `password`, `import`, `cloud`), and announces
 * `latchkey:iframe:ready` to the parent when its origin is allowed. The visible pages (approve,
 * password, export, import) forward the user's Escape key to that parent (`escape.ts`); the
 * export, password and import pages also tell it their content's height (`resize.ts`).
 * The `cloud-return` page (the cloud recovery pop-up's landing page; issue 23) only tells its
 * opener what the provider answered (`runCloudReturn`) and has no router.
 * @returns the router, or null when the config is missing/invalid (the frame then stays silent)
 *   or the page is `cloud-return`.
 */
export function startFrame(win: Window, doc: Document): FrameRouter | null {
  let config;
  try {
    config = readFrameConfig(doc);
  } catch (error) {
    console.error('Latchkey wallet frame: invalid configuration', error);
    return null;
  }
  if (config.mode === 'cloud-return') {
    runCloudReturn(win, doc);
    return null;
  }
  const store = openDeviceShareStore(
    config.appId,
    () => win.localStorage as KeyValueStore | undefined,
  );
  // The frame's own DPoP key (issue 10), shared by the wallet and export pages of this origin.
  const key = openFrameKey(config.appId, win.indexedDB);
  const base = { appId: config.appId, apiUrl: config.apiUrl, store, key };
  let handlers;
  let content: HTMLElement | null = null;
  if (config.mode === 'approve') {
    // Issue 24 item 3: the approval page refuses what the app's wallet policy refuses (its
    // limits are EVM ones: the Solana handler of the same page has no policy check).
    const policyCheck = createPolicyCheck(shareApiFor(base, key));
    handlers = startApprovePage(doc, win, base, { policyCheck });
  } else if (config.mode === 'password') {
    const view = mountPasswordView(doc, { clipboard: win.navigator?.clipboard });
    content = view.root;
    handlers = { [FRAME_EVENTS.walletPassword]: startPasswordPage(doc, win, base, { view }) };
  } else if (config.mode === 'cloud') {
    // Issue 23: the provider's pop-up opens, and the cloud's key is used, only here.
    const view = mountCloudView(doc);
    content = view.root;
    handlers = { [FRAME_EVENTS.walletCloud]: startCloudPage(doc, win, base, { view }) };
  } else if (config.mode === 'import') {
    // Issue 22 item 4: the private key is typed here, never on the host page.
    const view = mountImportView(doc);
    content = view.root;
    handlers = { [FRAME_EVENTS.walletImport]: startImportPage(doc, base, { view }) };
  } else if (config.mode === 'export') {
    const view = mountExportView(doc, win.navigator.clipboard);
    content = view.root;
    const exportHandler = createExportHandler({
      ...base,
      ready: (reveal, address) => view.arm(reveal, address),
      render: (privateKey, address) => view.showKey(privateKey, address),
    });
    handlers = {
      [FRAME_EVENTS.walletExport]: async (data: unknown, context: { origin: string }) => {
        try {
          return await exportHandler(data, context);
        } catch (error) {
          view.showError();
          throw error;
        }
      },
    };
  } else {
    // The rebuilt key stays in memory for an idle window (issue 13), zeroed when the page goes.
    const keyCache = createKeyCache({ idleMs: config.keyIdleMs });
    win.addEventListener('pagehide', () => keyCache.clear());
    // The hidden frame takes no password and no custody change from the host (issue 24).
    handlers = guardHostHandlers(createWalletHandlers({ ...base, keyCache }));
  }
  const router = createFrameRouter({
    window: win as unknown as FrameWindow,
    allowedOrigins: config.allowedOrigins,
    handlers,
  });
  const parent = parentOriginOf(win, doc, config.allowedOrigins);
  if (parent) {
    router.announceReady(parent);
    if (config.mode !== 'wallet') forwardEscapeToParent({ doc, parent: win.parent }, parent);
    // The export or password page's content height, so the host's frame fits it (`resize.ts`).
    if (content) {
      const target = {
        element: content,
        parent: win.parent,
        ResizeObserver: (win as Window & typeof globalThis).ResizeObserver,
      };
      reportHeightToParent(target, parent);
    }
  } else console.error('Latchkey wallet frame: the parent page is not an allowed origin');
  return router;
}
