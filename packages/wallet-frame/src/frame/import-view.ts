import type { Address, Hex } from 'viem';
import { parseSolanaSecretKey } from '../custody/solana-key.ts';
import { parseEvmPrivateKey } from '../custody/wallet-secret.ts';
import { elementMaker, secretField } from './dom.ts';
import en from './locales/en.ts';
import { type FrameLocale, localizeFrame } from './locales/index.ts';
import { applyFrameTheme, type FrameTheme, frameThemeFromSearch } from './theme.ts';

/**
 * English texts of the in-frame key import page (issue 22 item 4). The page shows its locale's
 * catalogue (`locales/<lc>.ts` `import`); the host screen keeps its own title above the frame.
 */
export const IMPORT_TEXTS = en.import;

/** Options of {@link mountImportView}. */
export interface ImportViewOptions {
  /** The modal's theme. Default: read from `doc.location.search` (same parameters as export). */
  theme?: FrameTheme;
  /**
   * The page's locale. Default: the URL's `locale` tag, else the browser's languages, else `en`
   * (`locales/index.ts`). Only picks a built-in catalogue; no text comes from the host.
   */
  locale?: FrameLocale;
}

/** The chain family of the key the page reads (issue 22 item 4). */
export type ImportChainType = 'ethereum' | 'solana';

/**
 * A key the user typed, checked: an Ethereum key (0x hex, 32 bytes, a valid secp256k1 scalar)
 * and its EIP-55 address, or a Solana private key (the 32 bytes of a 64-byte secret key whose
 * public half matched) and its base58 address. The Solana bytes are zeroed by the page once
 * `submit` settles; copy them to keep them.
 */
export type ImportedKey =
  | { chainType: 'ethereum'; privateKey: Hex; address: Address }
  | { chainType: 'solana'; privateKey: Uint8Array; address: string };

/** Reads `text` as a key of `chainType`; null when it is not one. */
function parseKey(text: string, chainType: ImportChainType): ImportedKey | null {
  if (chainType === 'solana') {
    const key = parseSolanaSecretKey(text);
    return key && { chainType, ...key };
  }
  const key = parseEvmPrivateKey(text);
  return key && { chainType, ...key };
}

/** The error shapes the page tells apart (a CustodyError or ShareApiError of the import). */
interface SubmitError {
  /** The server's refusal code (`ShareApiError.code`). */
  code?: unknown;
  /** The import did not finish in time (`ImportTimeoutError`). */
  timedOut?: unknown;
}

/** The import page's DOM (vanilla, classes only: the frame's CSP forbids inline styles). */
export interface ImportView {
  /**
   * Draws the key input and waits for the user. While the input holds a valid key of
   * `chainType` (default `ethereum`: 64 hex digits, `0x` optional, a valid secp256k1 scalar;
   * `solana`: a 64-byte secret key in base58 or as a JSON byte array, its halves matching), the
   * page shows its address and enables 'Import wallet'; `submit(key)` runs only from a trusted event in this frame
   * (`event.isTrusted`: a real click, or Enter in the input). Resolves once `submit` succeeded;
   * rejects with its error (the page then shows why and stays in its `failed` state). The typed
   * key is wiped from the input either way. Called once per page.
   */
  start(submit: (key: ImportedKey) => Promise<void>, chainType?: ImportChainType): Promise<void>;
  /** The current state (`data-state` on the root), for tests. */
  state(): string;
  /**
   * The page's content (`main.lk-pwf`): its height (CSS px; 0 until {@link ImportView.start}) is
   * what the parent sizes the frame to (`resize.ts`).
   */
  readonly root: HTMLElement;
}

/**
 * Builds the key import page into `doc.body` (issue 22 item 4: the private key is typed or pasted
 * only here, on the API origin; the host page never sees it). Nothing is drawn until
 * {@link ImportView.start}: a masked key input with a show/hide toggle; under it either 'This is
 * not a valid Ethereum private key.' or the key's address with 'Check that this is the address
 * of the wallet you want to import.'; then 'Import wallet'. Styled as the password page (the
 * modal's theme from the URL: light or dark palette, accent colour).
 */
export function mountImportView(doc: Document, options: ImportViewOptions = {}): ImportView {
  const search = doc.location?.search ?? '';
  applyFrameTheme(doc, options.theme ?? frameThemeFromSearch(search));
  const { messages } = localizeFrame(doc, options.locale);
  const T = messages.import;
  const el = elementMaker(doc);

  const main = el('main', 'lk-pwf lk-import');
  main.setAttribute('data-state', 'waiting');
  main.append(el('h1', 'lk-visually-hidden', T.pageTitle));
  doc.body.append(main);
  const setState = (state: string) => main.setAttribute('data-state', state);
  let started = false;

  function startImport(
    submit: (key: ImportedKey) => Promise<void>,
    chainType: ImportChainType,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const form = el('form', 'lk-pwf__body');
      form.noValidate = true;
      // The key field: masked, no autofill, no spell check (nothing of it leaves the frame).
      const { wrap, input, toggle, setError } = secretField(doc, {
        label: T.keyLabel,
        id: 'lk-import-key',
        inputClass: 'lk-import__key',
        autocomplete: 'off',
        testIds: {
          input: 'import-key-input',
          toggle: 'import-key-toggle',
          message: 'import-key-message',
        },
        show: T.show,
        hide: T.hide,
      });

      // The key's address, shown before the user confirms.
      const found = el('div', 'lk-import__address');
      found.setAttribute('data-testid', 'import-address-box');
      found.hidden = true;
      const addressLabel = el('span', 'lk-pwf__label', T.addressLabel);
      const address = el('output', 'lk-import__value');
      address.setAttribute('data-testid', 'import-address');
      const check = el('span', 'lk-pwf__hint', T.checkAddress);
      found.append(addressLabel, address, check);

      const go = el('button', 'lk-pwf__button lk-pwf__button--primary', T.submit);
      go.type = 'submit';
      go.disabled = true;
      go.setAttribute('data-testid', 'import-submit');
      const submitRow = el('div', 'lk-pwf__submit');
      submitRow.append(go);
      const failure = el('p', 'lk-pwf__failure');
      failure.setAttribute('role', 'alert');
      failure.setAttribute('data-testid', 'import-failure');
      form.append(wrap, found, submitRow);
      main.append(form);
      setState('typing');

      let parsed: ImportedKey | null = null;
      let busy = false;
      /** Forgets the parsed key (a Solana key's bytes zeroed). */
      const forget = () => {
        if (parsed?.chainType === 'solana') parsed.privateKey.fill(0);
        parsed = null;
      };
      const wipe = () => {
        input.value = '';
        forget();
      };
      input.addEventListener('input', () => {
        if (busy) return;
        forget();
        parsed = parseKey(input.value, chainType);
        const invalid = input.value.trim() !== '' && parsed === null;
        setError(invalid ? (chainType === 'solana' ? T.invalidSolanaKey : T.invalidKey) : null);
        address.textContent = parsed?.address ?? '';
        found.hidden = parsed === null;
        go.disabled = busy || parsed === null;
        setState(parsed ? 'valid' : invalid ? 'invalid' : 'typing');
      });
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        // The import runs only on a real click or Enter in this frame (as the password page).
        if (!event.isTrusted || busy || !parsed) return;
        busy = true;
        const key = parsed;
        go.disabled = toggle.disabled = input.disabled = true;
        go.textContent = T.importing;
        setState('importing');
        submit(key).then(
          () => {
            wipe();
            form.replaceChildren(found, el('p', 'lk-pwf__done', T.done));
            setState('done');
            resolve();
          },
          (thrown: unknown) => {
            wipe();
            const error = (thrown ?? {}) as SubmitError;
            failure.textContent =
              error.code === 'embedded_wallet_exists'
                ? T.exists
                : error.code === 'linked_to_another_user'
                  ? T.taken
                  : error.timedOut === true
                    ? T.timedOut
                    : T.failed;
            form.replaceChildren(failure);
            setState('failed');
            reject(thrown);
          },
        );
      });
      input.focus({ preventScroll: true });
    });
  }

  return {
    root: main,
    start(submit, chainType = 'ethereum') {
      if (started) return Promise.reject(new Error('The import page has already started'));
      started = true;
      return startImport(submit, chainType);
    },
    state: () => main.getAttribute('data-state') ?? '',
  };
}
