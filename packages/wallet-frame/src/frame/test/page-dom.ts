/**
 * What the frame pages' tests do to the page as a user would (happy-dom): find by test id,
 * type into an input, submit the form trusted or not, read the page's state.
 */

/** The element with `data-testid="{testId}"`, or null. */
export const byTestId = <E extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<E>(`[data-testid="${testId}"]`);

/** Lets the page's pending promises and 0 ms timers run (10 ms). */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The page root's `data-state`. */
export const pageState = () => document.querySelector('main')!.getAttribute('data-state');

/** Types `value` into the input `testId` (its value set, then an `input` event). */
export function typeInto(testId: string, value: string): void {
  const input = byTestId<HTMLInputElement>(testId)!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

/** Submits the page's form as the browser does: trusted for a real click or Enter. */
export function submitForm(trusted: boolean): void {
  const form = document.querySelector('form')!;
  const event = new Event('submit', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  form.dispatchEvent(event);
}
