import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useFrameEscape } from '../../wallet/useFrameEscape.ts';
import { useFrameHeight } from '../../wallet/useFrameHeight.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { walletImportCss } from './EmbeddedWalletImport.css.ts';

/**
 * The import frame's height bounds in CSS px: it follows its page's content (the page reports
 * it) between these, and the room the modal card leaves it (`useFrameHeight`); 300 px (the
 * stylesheet's) until the page first reports.
 */
export const IMPORT_FRAME_HEIGHT = { min: 120, max: 560 } as const;

type ImportState = 'connecting' | 'ready' | 'done' | 'error';

/**
 * EMBEDDED_WALLET_IMPORT_SCREEN (issue 22 item 4): a frame of the wallet's key import page
 * (`apiUrl` + `/apps/{appId}/embedded-wallets/import`, the API origin), themed like the modal (its
 * colour scheme, accent and locale go in the page URL), mounted through core's
 * `manager.mountImport` (a request with `solana`, issue 22 item 4: the Solana manager's, which
 * asks the page for a Solana key). The user types or pastes an Ethereum private key (or a Solana
 * secret key) into the frame's own input; the frame checks it, shows its address, and on the
 * user's click there shards and stores it as the user's embedded wallet of that chain family
 * (`imported: true`; 15 s for the import, spec section 9). No
 * key material ever reaches this page. The request resolves with the address once the manager
 * adopted the wallet; the page's own refusal (e.g. a user who already has a wallet) rejects it,
 * and the frame keeps showing why. The frame's height follows its page (`useFrameHeight`).
 */
export default function EmbeddedWalletImport() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(walletImportCss);
  const { wallet, request, settle, fail, close, messages: m, config } = useWalletScreen('import');
  // Issue 22 item 4: a Solana key import mounts through the Solana manager (chainType solana).
  const solana = request.solana;
  const { colorScheme, accent, accentForeground } = config.theme;
  // The frame speaks the modal's language (issue 14 item 12): only the tag crosses.
  const { locale } = config.intl;
  const container = useRef<HTMLDivElement>(null);
  // Escape with focus inside the frame closes the modal too.
  useFrameEscape(container);
  useFrameHeight(container, IMPORT_FRAME_HEIGHT);
  const [state, setState] = useState<ImportState>('connecting');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let live = true;
    let mounted: { destroy(): void } | null = null;
    (async () => {
      const theme = { colorScheme, accent, accentForeground, locale };
      const mount = solana
        ? (container: HTMLElement) => solana.mount(container, { theme })
        : await wallet
            .manager()
            .then(
              (manager) => (container: HTMLElement) => manager.mountImport(container, { theme }),
            );
      if (!live) return;
      const frame = mount(el);
      mounted = frame;
      frame.iframe.title = m.importFrameTitle;
      await frame.ready;
      if (live) setState('ready');
      const { address } = await frame.result;
      if (!live) return;
      setState('done');
      settle(address);
    })().catch((e: unknown) => {
      if (!live) return;
      // After the frame is up, it shows its own failure; before, this screen says why.
      setError((current) => current ?? (e instanceof Error ? e.message : String(e)));
      setState((current) => (current === 'connecting' ? 'error' : current));
      fail(e);
    });
    return () => {
      live = false;
      mounted?.destroy();
    };
  }, [wallet, solana, settle, fail, m, colorScheme, accent, accentForeground, locale]);

  return (
    <div className="lk-wallet lk-import">
      <ModalHeader title={m.importTitle} message={m.importDetail} />
      <div className="lk-import__frame" data-state={state}>
        <div className="lk-import__host" ref={container} />
        {state === 'connecting' && (
          <div className="lk-import__busy" role="status" aria-label={m.walletConnectingTitle}>
            <span className="lk-spinner" />
          </div>
        )}
      </div>
      {state === 'error' && error && (
        <p className="lk-wallet__error" role="alert">
          {error}
        </p>
      )}
      <Button variant="secondary" onClick={close}>
        {state === 'done' ? m.done : m.close}
      </Button>
    </div>
  );
}
