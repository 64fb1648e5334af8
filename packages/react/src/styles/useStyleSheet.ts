import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * Where the modal's stylesheets are adopted: the modal's shadow root (normal case) or the
 * document. Styles are constructable stylesheets (`new CSSStyleSheet()` + `replaceSync`) added
 * to `adoptedStyleSheets`, never `<style>` tags, so a strict CSP (`style-src 'self'`) holds.
 */
export const StyleRootContext = createContext<ShadowRoot | Document | null>(null);

type Adopted = { sheet: CSSStyleSheet; refs: number };
const adopted = new WeakMap<ShadowRoot | Document, Map<string, Adopted>>();

/** Adopts `css` into `root` (shared and reference-counted per root); returns the release function. */
export function adoptCss(root: ShadowRoot | Document, css: string): () => void {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in root)) return () => {};
  let byCss = adopted.get(root);
  if (!byCss) {
    byCss = new Map();
    adopted.set(root, byCss);
  }
  let entry = byCss.get(css);
  if (entry) {
    entry.refs += 1;
  } else {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    entry = { sheet, refs: 1 };
    byCss.set(css, entry);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  const current = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.refs -= 1;
    if (current.refs > 0) return;
    byCss.delete(css);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== current.sheet);
  };
}

/**
 * Adopts a component's stylesheet into the nearest style root while the component is mounted.
 * Call it at the top of any component that has a `*.css.ts` beside it.
 *
 * @param css - The component's CSS text (a module-level constant, so it is shared).
 */
export function useStyleSheet(css: string): void {
  const root = useContext(StyleRootContext);
  useLayoutEffect(() => {
    const target = root ?? document;
    return adoptCss(target, css);
  }, [root, css]);
}
