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
