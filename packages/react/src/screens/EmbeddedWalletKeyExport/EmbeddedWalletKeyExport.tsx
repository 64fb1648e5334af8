import type { EmbeddedWalletExport } from '@latchkey/core';
import { createEmbeddedWalletExport } from '@latchkey/core/embedded-wallet';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useFrameEscape } from '../../wallet/useFrameEscape.ts';
import { useFrameHeight } from '../../wallet/useFrameHeight.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { keyExportCss } from './EmbeddedWalletKeyExport.css.ts';

/** Key export holds its connecting state at least this long (spec section 9). */
export const KEY_EXPORT_MIN_CONNECTING_MS = 1000;

/**
 * The export frame's height bounds in CSS px: it follows its page's content (the page reports
 * it) between these, and the room the modal card leaves it (`useFrameHeight`); 340 px (the
 * stylesheet's) until the page first reports.
 */
export const KEY_EXPORT_FRAME_HEIGHT = { min: 160, max: 560 } as const;

type ExportState = 'connecting' | 'ready' | 'error';

/**
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN (spec sections 2, 4 and 9): a frame of the wallet's export page
 * (`apiUrl` + `/apps/{appId}/embedded-wallets/export`, the API origin), themed like the modal (its
 * colour scheme, accent and locale go in the page URL). Once it is ready, core's
 * `createEmbeddedWalletExport` (for a request with `solana`, issue 22 item 4: the Solana
 * manager's `mountExport`, with the Solana wallet's base58 address; the page then shows the
 * 64-byte secret key in base58) posts `latchkey:wallet:export` {accessToken, address} to the frame's
 * exact origin; the frame shows a warning and a Reveal button, and only a real click on Reveal
 * inside the frame fetches, rebuilds and shows the key in the frame's own document, so no key
 * material ever reaches this page (design.md, Keys). The connecting state lasts at least 1 s;
 * the request settles once the frame is ready. The frame's height follows the height its page
 * reports (`useFrameHeight`, {@link KEY_EXPORT_FRAME_HEIGHT}), and gives way when the card has
 * less room (the page then scrolls inside the frame and the card's footer stays in view).
 */
export default function EmbeddedWalletKeyExport() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(keyExportCss);
  const { wallet, client, request, settle, close, messages: m, config } = useWalletScreen('export');
  // Issue 22 item 4: the Solana wallet's export (its address, MFA check and page mount).
  const solana = request.solana;
  const { colorScheme, accent, accentForeground } = config.theme;
  // The frame speaks the modal's language (issue 14 item 12): only the tag crosses.
  const { locale } = config.intl;
  const container = useRef<HTMLDivElement>(null);
  // Escape with focus inside the frame closes the modal too (the key never reaches the card).
  useFrameEscape(container);
  // The frame is as tall as its page's content (a German warning is longer than English).
  useFrameHeight(container, KEY_EXPORT_FRAME_HEIGHT);
  const [state, setState] = useState<ExportState>('connecting');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let live = true;
    let mounted: EmbeddedWalletExport | null = null;
    const started = Date.now();
    (async () => {
      const theme = { colorScheme, accent, accentForeground, locale };
      if (solana) {
        // The Solana manager's MFA check, then its export page for the Solana address.
        await solana.ensureMfa();
        if (!live) return;
        mounted = solana.mount(el, { theme });
      } else {
        const manager = await wallet.manager();
        const address = manager.getState().address;
        if (!address) throw new Error(m.unableToRecoverWallet);
        // Issue 15: an MFA user's session verifies first (the modal's MFA prompt); the export
        // page fetches the shares itself after the Reveal click and cannot ask for MFA then.
        await manager.ensureMfa();
        if (!live) return;
        mounted = createEmbeddedWalletExport({
          apiUrl: client.apiUrl,
          appId: client.appId,
          getAccessToken: () => client.getAccessToken(),
          address,
          container: el,
          theme,
        });
      }
      mounted.iframe.title = m.exportFrameTitle;
      await mounted.ready;
      const wait = KEY_EXPORT_MIN_CONNECTING_MS - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    })().then(
      () => {
        if (!live) return;
        setState('ready');
        settle(undefined);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setState('error');
      },
    );
    return () => {
      live = false;
      mounted?.destroy();
    };
  }, [wallet, client, solana, settle, m, colorScheme, accent, accentForeground, locale]);

  return (
    <div className="lk-wallet lk-export">
      <ModalHeader title={m.exportTitle} message={m.exportDetail} />
      <div className="lk-export__frame" data-state={state}>
        <div className="lk-export__host" ref={container} />
        {state === 'connecting' && (
          <div className="lk-export__busy" role="status" aria-label={m.walletConnectingTitle}>
            <span className="lk-spinner" />
          </div>
        )}
      </div>
      {error && (
        <p className="lk-wallet__error" role="alert">
          {error}
        </p>
      )}
      <Button variant="secondary" onClick={close}>
        {m.done}
      </Button>
    </div>
  );
}
