import { elementMaker } from './dom.ts';
import en from './locales/en.ts';
import { type FrameLocale, localizeFrame } from './locales/index.ts';
import {
  applyFrameTheme,
  FRAME_THEME_PARAMS,
  type FrameTheme,
  frameThemeFromSearch,
} from './theme.ts';

/**
 * English texts of the in-frame export page (the page shows its locale's catalogue,
 * `locales/<lc>.ts` `export` and `common`; issue 14 item 12).
 */
export const EXPORT_TEXTS = {
  ...en.export,
  address: en.common.wallet,
  copy: en.common.copy,
  copied: en.common.copied,
} as const;
/** How long 'Copied' shows (spec section 9: copy feedback 1500 ms). */
export const COPY_FEEDBACK_MS = 1500;

/** The export page's theme: the shared frame page theme (theme.ts), under its former names. */
export type ExportTheme = FrameTheme;
/** Query parameter names of {@link ExportTheme} (see theme.ts). */
export const EXPORT_THEME_PARAMS = FRAME_THEME_PARAMS;
/** Reads the theme from the page's query string (see `frameThemeFromSearch`). */
export const exportThemeFromSearch = frameThemeFromSearch;
/** Applies the theme to the page (see `applyFrameTheme`). */
export const applyExportTheme = applyFrameTheme;

/** The export page's DOM: built with DOM APIs and classes only (the CSP forbids inline styles). */
export interface ExportView {
  /**
   * Enables the Reveal button. A trusted click on it (`event.isTrusted`, a real user gesture in
   * this frame) calls `reveal`, which rebuilds the key and calls {@link ExportView.showKey}.
   * Nothing of the key exists in this page before that click. `address` (the wallet's) is shown
   * above the key box.
   */
  arm(reveal: () => Promise<void>, address?: string): void;
  /** Shows the key inside this frame, with Copy and Hide. The key is written only into this document. */
  showKey(privateKey: string, address: string): void;
  showError(): void;
  /** The page's content (`main.lk-export`): its height is what the parent sizes the frame to. */
  readonly root: HTMLElement;
}

/** Options of {@link mountExportView}. */
export interface ExportViewOptions {
  /** The modal's theme. Default: read from `doc.location.search` ({@link exportThemeFromSearch}). */
  theme?: ExportTheme;
  /**
   * The page's locale. Default: the URL's `locale` tag, else the browser's languages, else
   * `en` (`locales/index.ts`). Only picks a built-in catalogue; no text comes from the host.
   */
  locale?: FrameLocale;
}

/**
 * Builds the export page into `doc.body`: the warning, a masked key box and a Reveal
 * button (enabled by {@link ExportView.arm}). After a trusted click on Reveal the key shows in
 * monospace with Copy (the frame's own clipboard; 'Copied' feedback) and Hide, which wipes it
 * from the page again.
 */
export function mountExportView(
  doc: Document,
  clipboard: { writeText(text: string): Promise<void> } | undefined,
  options: ExportViewOptions = {},
): ExportView {
  applyExportTheme(doc, options.theme ?? exportThemeFromSearch(doc.location?.search ?? ''));
  const { messages } = localizeFrame(doc, options.locale);
  const T = {
    ...messages.export,
    address: messages.common.wallet,
    copy: messages.common.copy,
    copied: messages.common.copied,
  };
  const el = elementMaker(doc);
  const button = (className: string, text: string) => {
    const node = el('button', `lk-export__button ${className}`, text);
    node.type = 'button';
    return node;
  };
  const main = el('main', 'lk-export');
  main.setAttribute('data-state', 'waiting');
  const warning = el('section', 'lk-export__warning');
  warning.setAttribute('role', 'note');
  warning.append(
    el('h1', 'lk-export__title', T.title),
    el('p', 'lk-export__warning-text', T.warning),
  );
  const address = el('p', 'lk-export__address');
  const addressValue = el('span', 'lk-export__address-value');
  address.append(el('span', 'lk-export__address-label', T.address), addressValue);
  address.hidden = true;
  const key = el('output', 'lk-export__key lk-export__key--hidden', T.hidden);
  key.setAttribute('data-testid', 'export-private-key');
  key.setAttribute('aria-live', 'polite');
  const reveal = button('lk-export__reveal', T.reveal);
  reveal.setAttribute('data-testid', 'export-reveal');
  reveal.disabled = true;
  const copy = button('lk-export__copy', T.copy);
  copy.setAttribute('data-testid', 'export-copy');
  const hide = button('lk-export__hide', T.hide);
  hide.setAttribute('data-testid', 'export-hide');
  const actions = el('div', 'lk-export__actions');
  actions.append(reveal, copy, hide);
  copy.hidden = true;
  hide.hidden = true;
  main.append(warning, address, key, actions);
  doc.body.append(main);

  let secret = '';
  let armed: (() => Promise<void>) | null = null;
  let busy = false;
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setState = (state: 'waiting' | 'armed' | 'revealing' | 'shown' | 'error') =>
    main.setAttribute('data-state', state);

  const conceal = () => {
    secret = '';
    clearTimeout(timer);
    key.textContent = T.hidden;
    key.className = 'lk-export__key lk-export__key--hidden';
    doc.getSelection()?.removeAllRanges();
    copy.hidden = true;
    copy.textContent = T.copy;
    hide.hidden = true;
    reveal.hidden = false;
    reveal.disabled = armed === null;
    reveal.textContent = T.reveal;
    setState(armed ? 'armed' : 'waiting');
  };

  const fail = () => {
    failed = true;
    secret = '';
    key.textContent = T.failed;
    key.className = 'lk-export__key lk-export__key--error';
    reveal.hidden = true;
    copy.hidden = true;
    hide.hidden = true;
    setState('error');
  };

  reveal.addEventListener('click', (event) => {
    // Only a real click in this frame reveals: never a script's synthetic `click()`/dispatch.
    if (!event.isTrusted || !armed || busy || failed || secret) return;
    busy = true;
    reveal.disabled = true;
    reveal.textContent = T.revealing;
    setState('revealing');
    armed().then(
      () => {
        busy = false;
      },
      () => {
        busy = false;
        fail();
      },
    );
  });

  hide.addEventListener('click', () => {
    conceal();
    reveal.focus({ preventScroll: true });
  });

  copy.addEventListener('click', () => {
    if (!secret) return;
    const done = () => {
      copy.textContent = T.copied;
      clearTimeout(timer);
      timer = setTimeout(() => (copy.textContent = T.copy), COPY_FEEDBACK_MS);
    };
    const selectKey = () => {
      const range = doc.createRange();
      range.selectNodeContents(key);
      const selection = doc.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    };
    if (clipboard) {
      clipboard.writeText(secret).then(done, selectKey);
    } else {
      selectKey();
    }
  });

  return {
    root: main,
    arm(next, walletAddress) {
      if (failed) return;
      armed = next;
      if (walletAddress) {
        addressValue.textContent = walletAddress;
        address.hidden = false;
      }
      if (!secret && !busy) conceal();
    },
    showKey(privateKey, walletAddress) {
      if (failed) return;
      secret = privateKey;
      key.textContent = privateKey;
      key.className = 'lk-export__key lk-export__key--shown';
      addressValue.textContent = walletAddress;
      address.hidden = false;
      reveal.hidden = true;
      copy.hidden = false;
      hide.hidden = false;
      setState('shown');
      copy.focus({ preventScroll: true });
    },
    showError() {
      fail();
    },
  };
}
