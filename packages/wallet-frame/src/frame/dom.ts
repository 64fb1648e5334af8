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
