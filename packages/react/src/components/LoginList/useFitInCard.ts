import { useEffect } from 'react';

/**
 * The custom property {@link useFitInCard} sets on the list: the height, in CSS px, of
 * everything else the modal card holds (its padding and border, the top bar, the header, the
 * links under the list, the footer). `LoginList.css.ts` caps the list at the card's maximum
 * height minus this, so the list is what gives way in a short window.
 */
export const LIST_REST_PROPERTY = '--lk-list-rest';

/**
 * Height of the card's content at its natural size, in CSS px, with the card's padding and
 * border, whatever the card's own (animated or capped) height: its children's boxes and margins
 * (the card is a flex column, so margins do not collapse) and the gaps between them. Not the
 * card's `scrollHeight`, which never drops below the card's height while it animates down to a
 * smaller screen; not a `Range` over the card, whose box takes in rows scrolled out of the list.
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
 * Keeps a login list inside its modal card (issue 14 item 3, "nothing is cut in half"): writes
 * {@link LIST_REST_PROPERTY} on `list`, so the stylesheet's `max-height` (400 px, spec section
 * 9, or less when the card's maximum leaves less) lets the header, the passkey links and the
 * footer keep their height while the list scrolls, with its fade edge. Measured again when the
 * card or anything beside the list changes size (`ResizeObserver`) or content comes and goes
 * (`MutationObserver`). The rest does not depend on the list's own height, so setting it cannot
 * loop. Outside a card (`[role="dialog"]`) or without layout it does nothing.
 *
 * @param list - The scrolling `<ul>`, or null before it mounts.
 */
export function useFitInCard(list: HTMLElement | null): void {
  useEffect(() => {
    const card = list?.closest<HTMLElement>('[role="dialog"]');
    if (!list || !card) return;
    const measure = () => {
      const content = contentHeightOf(card);
      if (content === null) return;
      const rest = Math.max(0, Math.ceil(content - list.getBoundingClientRect().height));
      if (list.style.getPropertyValue(LIST_REST_PROPERTY) !== `${rest}px`)
        list.style.setProperty(LIST_REST_PROPERTY, `${rest}px`);
    };
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // The card, and every box beside the list on its way up to the card.
    const observeAll = () => {
      if (!resize) return;
      resize.disconnect();
      resize.observe(card);
      for (let el: HTMLElement | null = list; el && el !== card; el = el.parentElement) {
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
    return () => {
      resize?.disconnect();
      mutation?.disconnect();
      list.style.removeProperty(LIST_REST_PROPERTY);
    };
  }, [list]);
}
