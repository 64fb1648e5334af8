import { useEffect } from 'react';
import { fitInCard } from '../../Modal/fitInCard.ts';

/**
 * The custom property {@link useFitInCard} sets on the list: the height, in CSS px, of
 * everything else the modal card holds (its padding and border, the top bar, the header, the
 * links under the list, the footer). `LoginList.css.ts` caps the list at the card's maximum
 * height minus this, so the list is what gives way in a short window.
 */
export const LIST_REST_PROPERTY = '--lk-list-rest';

/**
 * Keeps a login list inside its modal card (issue 14 item 3, "nothing is cut in half"): writes
 * {@link LIST_REST_PROPERTY} on `list` (`fitInCard`), so the stylesheet's `max-height` (400 px,
 * spec section 9, or less when the card's maximum leaves less) lets the header, the passkey
 * links and the footer keep their height while the list scrolls, with its fade edge. Measured
 * again when the card or anything beside the list changes size or content comes and goes.
 * Outside a card (`[role="dialog"]`) or without layout it does nothing.
 *
 * @param list - The scrolling `<ul>`, or null before it mounts.
 */
export function useFitInCard(list: HTMLElement | null): void {
  useEffect(() => (list ? fitInCard(list, LIST_REST_PROPERTY) : undefined), [list]);
}
