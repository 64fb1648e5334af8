import { elementMaker } from './dom.ts';
import type { DescriptionRow, RequestDescription } from '../custody/describe.ts';
import en from './locales/en.ts';
import { type FrameLocale, type FrameMessages, localizeFrame } from './locales/index.ts';
import { applyFrameTheme, type FrameTheme, frameThemeFromSearch } from './theme.ts';

/**
 * English texts of the in-frame approval page (the page shows its locale's catalogue,
 * `locales/<lc>.ts` `approve` and `common.wallet`; issue 14 item 12).
 */
export const APPROVE_TEXTS = { ...en.approve, wallet: en.common.wallet } as const;

/** Longest `buttonText` the page shows (longer labels fall back to the default). */
export const BUTTON_TEXT_MAX = 48;

/** Mono values longer than this (addresses, hashes) take their own line under the label. */
const STACK_AFTER_CHARS = 24;

/** The page's states (`data-state` on its root). */
export type ApproveState = 'loading' | 'ready' | 'signing' | 'signed' | 'error';

/** The approval page's DOM (built with DOM APIs and classes only: the CSP forbids inline styles). */
export interface ApproveView {
  /** The page's root element (what the click guard observes: the whole page). */
  readonly root: HTMLElement;
  /** The approve button. */
  readonly button: HTMLButtonElement;
  /** The page's texts in its locale (`locales/<lc>.ts` `approve`): e.g. the default labels. */
  readonly texts: FrameMessages['approve'];
  /** The page's locale: the request's description is written in it (`describeRequest`). */
  readonly locale: FrameLocale;
  /** Draws the request, the wallet and the button label, and sets `ready`. */
  show(description: RequestDescription, address: string, buttonText: string): void;
  /** Shows the refused-click note ({@link APPROVE_TEXTS.refused}) under the details. */
  refuse(): void;
  /** Hides the refused-click note (the guard armed again). */
  clearRefusal(): void;
  /**
   * Shows whether the click guard is armed: while not, the button is `aria-disabled` and drawn
   * outlined ('not ready', text at full contrast); armed, it is the filled accent button. It
   * stays clickable either way (a refused click shows the note); the guard decides.
   */
  setArmed(armed: boolean): void;
  /** 'Signing…' on a disabled button. */
  signing(): void;
  /** The signed state: the button says 'Signed' and stays disabled. */
  signed(): void;
  /** The error state: `message` (or the generic failure) in the note, the button disabled. */
  fail(message?: string): void;
  /** The current state. */
  state(): ApproveState;
}

/** Options of {@link mountApproveView}. */
export interface ApproveViewOptions {
  /** The modal's theme. Default: read from `doc.location.search`. */
  theme?: FrameTheme;
  /**
   * The page's locale. Default: the URL's `locale` tag, else the browser's languages, else
   * `en` (`locales/index.ts`). Only picks a built-in catalogue; no text comes from the host.
   */
  locale?: FrameLocale;
}

/** A short form of an address for the header: `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * Builds the approval page into `doc.body` in its `loading` state: a header (what is asked and
 * which wallet), the warnings, a scrolling box with the request's details, a note line and a
 * full-width button at the bottom. The layout fills the frame's viewport (the host gives the
 * iframe a fixed height; 320 px suits the sign and send screens) and only the details box
 * scrolls, so the page has no margins or scrollbars at 360-440 px widths.
 */
export function mountApproveView(doc: Document, options: ApproveViewOptions = {}): ApproveView {
  applyFrameTheme(doc, options.theme ?? frameThemeFromSearch(doc.location?.search ?? ''));
  const { locale, messages } = localizeFrame(doc, options.locale);
  const T: FrameMessages['approve'] = messages.approve;
  doc.documentElement.classList.add('lk-approve-page');
  const el = elementMaker(doc);

  const root = el('main', 'lk-approve');
  root.setAttribute('data-state', 'loading');
  root.setAttribute('aria-busy', 'true');
  const header = el('header', 'lk-approve__header');
  const title = el('h1', 'lk-approve__title', T.loading);
  title.setAttribute('data-testid', 'approve-title');
  const wallet = el('p', 'lk-approve__wallet');
  wallet.hidden = true;
  header.append(title, wallet);
  const warnings = el('div', 'lk-approve__warnings');
  warnings.setAttribute('role', 'alert');
  warnings.hidden = true;
  const details = el('div', 'lk-approve__details');
  details.setAttribute('data-testid', 'approve-details');
  details.tabIndex = 0;
  // A named, focusable scroll box: a region landmark (aria-label alone is not allowed on a bare div).
  details.setAttribute('role', 'region');
  details.setAttribute('aria-label', T.details);
  const note = el('p', 'lk-approve__note');
  note.setAttribute('data-testid', 'approve-note');
  note.setAttribute('aria-live', 'polite');
  note.hidden = true;
  const button = el('button', 'lk-approve__button', T.sign);
  button.type = 'button';
  button.disabled = true;
  button.setAttribute('data-testid', 'approve-button');
  root.append(header, warnings, details, note, button);
  doc.body.append(root);

  let current: ApproveState = 'loading';
  const setState = (state: ApproveState) => {
    current = state;
    root.setAttribute('data-state', state);
    if (state !== 'loading') root.removeAttribute('aria-busy');
  };

  const row = (r: DescriptionRow) => {
    // A full address does not fit beside its label at 360-440 px: it goes on its own line, whole
    // (never shortened: look-alike addresses share their first and last characters).
    const stacked = r.stacked === true || (r.tone === 'mono' && r.value.length > STACK_AFTER_CHARS);
    const line = el('div', `lk-approve__row${stacked ? ' lk-approve__row--stacked' : ''}`);
    const value = el('dd', `lk-approve__value${r.tone ? ` lk-approve__value--${r.tone}` : ''}`);
    value.textContent = r.value;
    // A shortened value (a Solana account) keeps its whole text in the tooltip.
    if (r.title !== undefined) value.title = r.title;
    line.append(el('dt', 'lk-approve__label', r.label), value);
    return line;
  };

  return {
    root,
    button,
    texts: T,
    locale,
    show(description, address, buttonText) {
      title.textContent = description.title;
      wallet.replaceChildren(
        el('span', 'lk-approve__wallet-label', messages.common.wallet),
        el('span', 'lk-approve__wallet-value', shortAddress(address)),
      );
      wallet.title = address;
      wallet.hidden = false;
      warnings.replaceChildren(
        ...description.warnings.map((text) => el('p', 'lk-approve__warning', text)),
      );
      warnings.hidden = description.warnings.length === 0;
      const parts: HTMLElement[] = [];
      if (description.message !== undefined) {
        const message = el('pre', 'lk-approve__message', description.message);
        message.setAttribute('data-testid', 'approve-message');
        parts.push(message);
      }
      for (const section of description.sections) {
        if (section.rows.length === 0) continue;
        const block = el('section', 'lk-approve__section');
        const list = el('dl', 'lk-approve__rows');
        list.append(...section.rows.map(row));
        block.append(el('h2', 'lk-approve__section-title', section.title), list);
        parts.push(block);
      }
      details.replaceChildren(...parts);
      root.setAttribute('data-kind', description.kind);
      button.textContent = buttonText;
      button.disabled = false;
      // Not armed until the click guard says so (the guard starts disarmed).
      button.setAttribute('aria-disabled', 'true');
      note.hidden = true;
      setState('ready');
    },
    refuse() {
      if (current !== 'ready') return;
      note.textContent = T.refused;
      note.className = 'lk-approve__note lk-approve__note--refused';
      note.hidden = false;
    },
    clearRefusal() {
      if (current === 'ready' && note.classList.contains('lk-approve__note--refused')) {
        note.hidden = true;
      }
    },
    setArmed(armed) {
      if (current !== 'ready') return;
      if (armed) button.removeAttribute('aria-disabled');
      else button.setAttribute('aria-disabled', 'true');
    },
    signing() {
      button.disabled = true;
      button.removeAttribute('aria-disabled');
      button.textContent = T.signing;
      note.hidden = true;
      setState('signing');
    },
    signed() {
      button.disabled = true;
      button.removeAttribute('aria-disabled');
      button.textContent = T.signed;
      setState('signed');
    },
    fail(message) {
      button.disabled = true;
      button.removeAttribute('aria-disabled');
      if (current === 'signing' || current === 'loading') button.textContent = T.sign;
      note.textContent = message ?? T.failed;
      note.className = 'lk-approve__note lk-approve__note--error';
      note.hidden = false;
      setState('error');
    },
    state: () => current,
  };
}
