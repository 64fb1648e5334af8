/**
 * What a person does on the demo app, as Playwright steps. Locators go by role, label and
 * test id (Playwright's CSS and role engines pierce the modal's open shadow root).
 * Every wait is on visible state; the only fixed durations are the product's own timers.
 */
import type { Locator, Page } from 'playwright-core';

/** Message the code screen shows for a wrong or dead code (spec section 8, "Code entry"). */
export const INVALID_CODE_TEXT = 'Invalid or expired verification code';
/** Digits in a code (spec section 9). */
export const CODE_LENGTH = 6;
/** Generous ceiling for UI state changes on a busy 2-core box. */
export const UI_TIMEOUT_MS = 20_000;

export type DemoStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The login modal. */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** The six code boxes, in order. */
export function digitBoxes(page: Page): Locator[] {
  return Array.from({ length: CODE_LENGTH }, (_, i) =>
    dialog(page).getByRole('textbox', { name: `Digit ${i + 1}`, exact: true }),
  );
}

/** Waits until the demo's `data-testid="status"` reads exactly `status`. */
export async function waitForStatus(
  page: Page,
  status: DemoStatus,
  timeout = UI_TIMEOUT_MS,
): Promise<void> {
  await page
    .getByTestId('status')
    .filter({ hasText: new RegExp(`^\\s*${status}\\s*$`) })
    .waitFor({ state: 'visible', timeout });
}

/** The demo's current status text. */
export async function currentStatus(page: Page): Promise<string> {
  return ((await page.getByTestId('status').textContent()) ?? '').trim();
}

/** Opens the demo and waits until it has checked for a stored session. */
export async function openDemo(
  page: Page,
  demoUrl: string,
  expected: DemoStatus = 'unauthenticated',
) {
  await page.goto(demoUrl);
  await waitForStatus(page, expected);
}

/** Clicks "Log in" and waits for the dialog's email field. */
export async function openLoginModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await dialog(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await emailField(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** The email field of the landing screen. */
export function emailField(page: Page): Locator {
  return dialog(page).getByRole('textbox', { name: 'Email address' });
}

/** Types `email` into the landing screen, presses Enter and waits for the code boxes. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  await emailField(page).click();
  await page.keyboard.type(email, { delay: 10 });
  await page.keyboard.press('Enter');
  await digitBoxes(page)[0]!.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** Clicks the first box and types `code` digit by digit, as a person would. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await digitBoxes(page)[0]!.click();
  await page.keyboard.type(code, { delay: 40 });
}

/** The values of the six boxes. */
export async function boxValues(page: Page): Promise<string[]> {
  return Promise.all(digitBoxes(page).map((box) => box.inputValue()));
}

/** Waits until every code box is empty. */
export async function waitForEmptyBoxes(page: Page, timeout = UI_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const values = await boxValues(page);
    if (values.every((v) => v === '')) return;
    if (Date.now() > deadline) throw new Error(`code boxes not reset: ${JSON.stringify(values)}`);
    await page.waitForTimeout(25);
  }
}

/** The user JSON the demo shows in `<pre data-testid="user">`, parsed; null when absent or empty. */
export async function shownUser(page: Page): Promise<Record<string, unknown> | null> {
  const pre = page.getByTestId('user');
  if ((await pre.count()) === 0) return null;
  const text = ((await pre.first().textContent()) ?? '').trim();
  if (text === '' || text === 'null') return null;
  return JSON.parse(text) as Record<string, unknown>;
}

/** Linked accounts of a shown user, whether the demo prints the camelCase or wire shape. */
export function linkedAccounts(user: Record<string, unknown>): Record<string, unknown>[] {
  const accounts = (user.linkedAccounts ?? user.linked_accounts) as unknown;
  return Array.isArray(accounts) ? (accounts as Record<string, unknown>[]) : [];
}

/** Types `email` into the landing screen and presses Enter (no wait: the next screen varies). */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await emailField(page).click();
  await page.keyboard.type(email, { delay: 10 });
  await page.keyboard.press('Enter');
}

/** The title of the modal's current screen (its `<h2>`), once `name` shows. */
export function screenTitle(page: Page, name: string | RegExp): Locator {
  return dialog(page).getByRole('heading', { name, exact: typeof name === 'string' });
}

/** Whether a shown user has accepted the terms, whichever shape the demo prints. */
export function hasAcceptedTerms(user: Record<string, unknown>): boolean {
  return (user.hasAcceptedTerms ?? user.has_accepted_terms) === true;
}
