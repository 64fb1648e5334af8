/** Elements that can take keyboard focus, in DOM order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable descendants of `container`, skipping hidden ones (`hidden` attribute or inside it). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden],[inert]'),
  );
}

/** The focused element as seen from inside `node`'s shadow root (or document). */
export function activeElementIn(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

/**
 * Keeps Tab and Shift+Tab inside `container` (WAI-ARIA dialog pattern): from the last
 * focusable element Tab goes to the first, from the first Shift+Tab goes to the last.
 *
 * @returns True when the event was handled (and default prevented).
 */
export function trapTab(
  event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableIn(container);
  if (items.length === 0) {
    event.preventDefault();
    container.focus();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = activeElementIn(container);
  const inside = active instanceof HTMLElement && container.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** Focuses the first input in `container`, else the first focusable element, else the container. */
export function focusInitial(container: HTMLElement): void {
  const input = container.querySelector<HTMLElement>('input:not([disabled])');
  // Within the screen only: a status screen (spinner, 'Welcome') keeps focus on the dialog
  // rather than on a footer link.
  const screen = container.querySelector<HTMLElement>('.lk-screen') ?? container;
  const target = input ?? focusableIn(screen).find((el) => !el.classList.contains('lk-close'));
  (target ?? container).focus();
}
