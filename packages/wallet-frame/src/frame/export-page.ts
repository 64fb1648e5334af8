/** Texts of the in-frame export page. */
export const EXPORT_TEXTS = {
  title: 'Your private key',
  loading: 'Loading your wallet…',
  warning:
    'Never share your private key with anyone. Anyone who has it has full control of your wallet and its funds, and Latchkey cannot recover them.',
  copy: 'Copy',
  copied: 'Copied',
  failed: 'Unable to show your private key. Please close this window and try again.',
} as const;
/** How long 'Copied' shows (spec section 9: copy feedback 1500 ms). */
export const COPY_FEEDBACK_MS = 1500;

/** The export page's DOM: built with DOM APIs and classes only (the CSP forbids inline styles). */
export interface ExportView {
  /** Shows the key inside this frame. The key is written only into this document. */
  showKey(privateKey: string, address: string): void;
  showError(): void;
}

/**
 * Builds the export page into `doc.body`: a title, the warning, the key box (filled by
 * {@link ExportView.showKey}) and a Copy button.
 */
export function mountExportView(
  doc: Document,
  clipboard: { writeText(text: string): Promise<void> } | undefined,
): ExportView {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const main = el('main', 'lk-export');
  const title = el('h1', 'lk-export__title', EXPORT_TEXTS.title);
  const warning = el('p', 'lk-export__warning', EXPORT_TEXTS.warning);
  warning.setAttribute('role', 'note');
  const key = el('output', 'lk-export__key lk-export__key--loading', EXPORT_TEXTS.loading);
  key.setAttribute('data-testid', 'export-private-key');
  key.setAttribute('aria-live', 'polite');
  const address = el('p', 'lk-export__address');
  const copy = el('button', 'lk-export__copy', EXPORT_TEXTS.copy);
  copy.type = 'button';
  copy.disabled = true;
  main.append(title, warning, address, key, copy);
  doc.body.append(main);

  let secret = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  copy.addEventListener('click', () => {
    if (!secret) return;
    const done = () => {
      copy.textContent = EXPORT_TEXTS.copied;
      clearTimeout(timer);
      timer = setTimeout(() => (copy.textContent = EXPORT_TEXTS.copy), COPY_FEEDBACK_MS);
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
    showKey(privateKey, walletAddress) {
      secret = privateKey;
      key.textContent = privateKey;
      key.classList.remove('lk-export__key--loading');
      address.textContent = walletAddress;
      copy.disabled = false;
    },
    showError() {
      key.textContent = EXPORT_TEXTS.failed;
      key.classList.remove('lk-export__key--loading');
      key.classList.add('lk-export__key--error');
    },
  };
}
