/**
 * Height of the card's content at its natural size, in CSS px, with the card's padding and
 * border, whatever the card's own (animated or capped) height: its children's boxes and margins
 * (the card is a flex column, so margins do not collapse) and the gaps between them. Not the
 * card's `scrollHeight`, which never drops below the card's height while it animates down to a
 * smaller screen; not a `Range` over the card, whose box takes in rows scrolled out of a list.
 * Null without layout (test DOMs).
 */
function contentHeightOf(card: HTMLElement): number | null {
  const style = getComputedStyle(card);
  const px = (value: string) => parseFloat(value) || 0;
  let height =
    px(style.paddingTop) +
    px(style.paddingBottom) +
    px(style.borderTopWidth) +
    px(style.borderBottomWidth);
  let shown = 0;
  for (const child of Array.from(card.children)) {
    const box = child.getBoundingClientRect().height;
    const own = getComputedStyle(child);
    if (own.display === 'none' || own.position === 'absolute' || own.position === 'fixed') continue;
    height += box + px(own.marginTop) + px(own.marginBottom);
    shown++;
  }
  if (!card.getBoundingClientRect().height) return null;
  return height + Math.max(0, shown - 1) * px(style.rowGap);
}

/**
 * Lets `element` be the part of its modal card that gives way in a short window (issue 14):
 * writes `property` on `element` as the height, in CSS px (`'<n>px'`, rounded up), of
 * everything else the card holds at its natural size (its padding and border, the top bar, the
 * header, the buttons, the footer). A stylesheet (or inline style) then caps `element`, or what
 * it holds, at the card's maximum height (`--lk-card-max`, `Modal.css.ts`) minus that property,
 * so the rest keeps its full height. Measured again when the card or anything beside `element`
 * on its way up to the card changes size (`ResizeObserver`), content comes and goes
 * (`MutationObserver`), or an animation of the card ends (`animationend`: its scale made the
 * boxes look shorter). The rest does not depend on `element`'s own height, so the cap cannot
 * loop. Outside a card (`[role="dialog"]`) or without layout it writes nothing.
 *
 * @param element - The box that gives way (the login list; a wallet frame's container).
 * @param property - The custom property to write, e.g. `'--lk-list-rest'`.
 * @returns A function that stops measuring and removes the property.
 */
export function fitInCard(element: HTMLElement, property: string): () => void {
  const card = element.closest<HTMLElement>('[role="dialog"]');
  if (!card) return () => undefined;
  const measure = () => {
    const content = contentHeightOf(card);
    if (content === null) return;
    const rest = Math.max(0, Math.ceil(content - element.getBoundingClientRect().height));
    if (element.style.getPropertyValue(property) !== `${rest}px`)
      element.style.setProperty(property, `${rest}px`);
  };
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  // The card, and every box beside the element on its way up to the card.
  const observeAll = () => {
    if (!resize) return;
    resize.disconnect();
    resize.observe(card);
    for (let el: HTMLElement | null = element; el && el !== card; el = el.parentElement) {
      for (const sibling of Array.from(el.parentElement?.children ?? []))
        if (sibling !== el) resize.observe(sibling);
    }
  };
  observeAll();
  measure();
  const mutation =
    typeof MutationObserver === 'undefined'
      ? null
      : new MutationObserver(() => {
          observeAll();
          measure();
        });
  mutation?.observe(card, { childList: true, subtree: true });
  // Boxes are measured with their transforms: while the card's entry animation scales it (the
  // modal opening, or a media query swapping sheet and centred card), every height is a little
  // short, and the animation's end resizes nothing. So measure again once it is over.
  card.addEventListener('animationend', measure);
  return () => {
    resize?.disconnect();
    mutation?.disconnect();
    card.removeEventListener('animationend', measure);
    element.style.removeProperty(property);
  };
}
