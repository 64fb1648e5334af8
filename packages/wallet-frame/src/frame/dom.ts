/**
 * The frame pages' one DOM helper: they build their views with DOM APIs and classes only (the
 * pages' CSP forbids inline styles and markup strings).
 */

/**
 * A maker of elements in `doc`: `el(tag, className, text?)` creates `tag` with that class and,
 * when given, that text (as `textContent`, never as markup).
 */
export function elementMaker(doc: Document) {
  return <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
    text?: string,
  ): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
}

/**
 * Appends the modal's eye icon (an SVG built through the DOM; no markup strings) to `parent`, a
 * show/hide toggle of a secret input (class `lk-pwf__eye`). Returns its slash, to hide while the
 * secret is hidden.
 */
export function eyeIcon(doc: Document, parent: HTMLElement): Element {
  const NS = 'http://www.w3.org/2000/svg';
  const node = (tag: string, attributes: Record<string, string>) => {
    const n = doc.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attributes)) n.setAttribute(k, v);
    return n;
  };
  const stroke = { stroke: 'currentColor', 'stroke-width': '1.8' };
  const svg = node('svg', { viewBox: '0 0 24 24', fill: 'none', 'aria-hidden': 'true' });
  svg.setAttribute('class', 'lk-pwf__eye');
  const slash = node('path', { d: 'M4 4l16 16', 'stroke-linecap': 'round', ...stroke });
  svg.append(
    node('path', {
      d: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z',
      'stroke-linejoin': 'round',
      ...stroke,
    }),
    node('circle', { cx: '12', cy: '12', r: '3', ...stroke }),
    slash,
  );
  parent.append(svg);
  return slash;
}

/**
 * A labelled secret input of a frame page (the recovery password's, the import's private key):
 * masked, no spell check or capitalisation, a show/hide toggle with the eye icon
 * (`aria-pressed`), and a message line under it that `setError(text)` fills (an alert, with
 * `aria-invalid` on the input) or clears (null). Nothing typed leaves the frame's document.
 *
 * @param options.id - the input's id (the message is `{id}-message`).
 * @param options.testIds - `data-testid`s of the input, the toggle and the message.
 * @param options.show / options.hide - the toggle's accessible names in each state.
 * @returns the wrapper to append, the input, the toggle and `setError`.
 */
export function secretField(
  doc: Document,
  options: {
    label: string;
    id: string;
    inputClass?: string;
    autocomplete: AutoFill;
    testIds: { input: string; toggle: string; message: string };
    show: string;
    hide: string;
  },
) {
  const el = elementMaker(doc);
  const wrap = el('div', 'lk-pwf__password');
  const label = el('label', 'lk-pwf__label', options.label);
  label.htmlFor = options.id;
  const row = el('div', 'lk-pwf__field');
  const input = el('input', `lk-pwf__input${options.inputClass ? ` ${options.inputClass}` : ''}`);
  input.id = options.id;
  input.type = 'password';
  input.autocomplete = options.autocomplete;
  input.spellcheck = false;
  input.setAttribute('autocapitalize', 'off');
  input.setAttribute('autocorrect', 'off');
  input.setAttribute('data-testid', options.testIds.input);
  input.setAttribute('aria-describedby', `${options.id}-message`);
  const toggle = el('button', 'lk-pwf__toggle');
  toggle.type = 'button';
  toggle.setAttribute('aria-label', options.show);
  toggle.setAttribute('aria-pressed', 'false');
  toggle.setAttribute('data-testid', options.testIds.toggle);
  const slash = eyeIcon(doc, toggle);
  slash.setAttribute('hidden', '');
  toggle.addEventListener('click', () => {
    const visible = input.type === 'password';
    input.type = visible ? 'text' : 'password';
    toggle.setAttribute('aria-label', visible ? options.hide : options.show);
    toggle.setAttribute('aria-pressed', String(visible));
    toggle.classList.toggle('lk-pwf__toggle--on', visible);
    slash.toggleAttribute('hidden', !visible);
  });
  row.append(input, toggle);
  const message = el('p', 'lk-pwf__message');
  message.id = `${options.id}-message`;
  message.setAttribute('data-testid', options.testIds.message);
  wrap.append(label, row, message);
  const setError = (text: string | null) => {
    message.textContent = text ?? '';
    if (text) {
      message.setAttribute('role', 'alert');
      row.setAttribute('data-invalid', 'true');
      input.setAttribute('aria-invalid', 'true');
    } else {
      message.removeAttribute('role');
      row.removeAttribute('data-invalid');
      input.removeAttribute('aria-invalid');
    }
  };
  return { wrap, input, toggle, setError };
}
