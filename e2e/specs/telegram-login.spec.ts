/**
 * Telegram logins that arrive in the page URL (issue 16; spec section 2), in Chromium against
 * the dev app, whose bot (`latchkey_dev_bot`) the dev seed sets with seamless login on:
 * 1. a Telegram Mini App launch (`#tgWebAppData=<init data>`, signed with the bot token as
 *    Telegram signs it, by `@telegram-apps/init-data-node`) logs the user in without a click,
 *    through TELEGRAM_AUTH_SCREEN; the same launch again after logging out is refused (single
 *    use) and says so;
 * 2. the Login Widget's redirect parameters (`?id&first_name&username&auth_date&hash`) log in
 *    and leave the URL;
 * 3. the landing's Telegram button opens the Login Widget's window (the script served by the
 *    API; the window is the server's development stand-in of oauth.telegram.org): declining says
 *    canceled, 'Try again' opens it again, accepting logs in;
 * 4. a user logged in by email links a Telegram account from the demo's 'Link Telegram' (the
 *    modal's TELEGRAM_AUTH_SCREEN in link mode, at 390 px) and unlinks it.
 * Screenshots: e2e/artifacts/telegram-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sign as signInitData } from '@telegram-apps/init-data-node';
import type { Page } from 'playwright-core';
import {
  DEV_TELEGRAM_BOT_TOKEN,
  signWidgetAnswer,
} from '../../packages/server/src/methods/telegram/dev/standin.ts';
import {
  dialog,
  linkedAccounts,
  openDemo,
  openLoginModal,
  shownUser,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, useStackAndBrowser, withPage } from '../harness.ts';
import { logInWithEmail } from '../wallet.ts';

const env = useStackAndBrowser();

/** A Telegram id no other run used (the dev app keeps its users). */
const freshTelegramId = () => 5_000_000 + Math.floor(Math.random() * 1_000_000_000);

/**
 * Answers the Login Widget's window (the server's stand-in) as Telegram user `id`: fills the id
 * and username, optionally takes a screenshot, and accepts. Accept closes the window inside the
 * click, so a click that ends with the window closed is done.
 */
async function acceptInWidgetWindow(popup: Page, id: number, username: string, shot?: string) {
  await popup.getByLabel('Telegram user id').fill(String(id));
  await popup.getByLabel('Username').fill(username);
  if (shot) await screenshot(popup, shot);
  await popup
    .getByRole('button', { name: 'Accept' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
}

function telegramAccount(user: Record<string, unknown> | null) {
  return linkedAccounts(user ?? {}).filter((a) => a.type === 'telegram');
}

test(
  "a Telegram Mini App's user is logged in without a click; the same launch cannot log in twice",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'telegram-mini-app',
      { context: { viewport: { width: 390, height: 844 } } },
      async (page) => {
        const id = freshTelegramId();
        const initData = signInitData(
          { user: { id, first_name: 'Mini', username: 'mini_app_user' }, query_id: 'AAE2e' },
          DEV_TELEGRAM_BOT_TOKEN,
          new Date(),
        );
        const launch = `${stack.demoUrl}/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=web`;
        await page.goto(launch);
        const step = (name: string) => dialog(page).locator(`[data-telegram-step="${name}"]`);
        await step('connected').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'telegram-1-mini-app-connected');
        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const user = await shownUser(page);
        const telegram = telegramAccount(user);
        assert.equal(telegram.length, 1, `one telegram account: ${JSON.stringify(user)}`);
        assert.equal(telegram[0]!.telegramUserId, String(id));
        assert.equal(telegram[0]!.username, 'mini_app_user');

        // Logged out, the same launch URL again: its init data was used, so it is refused.
        await page.getByRole('button', { name: 'Log out', exact: true }).click();
        await waitForStatus(page, 'unauthenticated');
        await page.goto('about:blank');
        await page.goto(launch);
        await step('failed').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.match(
          (await step('failed').textContent()) ?? '',
          /could not be verified, or it expired/,
        );
        assert.equal(await step('failed').getAttribute('data-error-code'), 'invalid_credentials');
        await screenshot(page, 'telegram-2-replay-refused');
        await waitForStatus(page, 'unauthenticated');
      },
    );
  },
);

test(
  "the Login Widget's redirect parameters log in and leave the URL",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'telegram-login-url',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        const id = freshTelegramId();
        const answer = signWidgetAnswer(
          {
            id,
            first_name: 'Widget',
            username: 'widget_user',
            auth_date: Math.floor(Date.now() / 1000),
          },
          DEV_TELEGRAM_BOT_TOKEN,
        );
        const query = new URLSearchParams(
          Object.entries(answer).map(([k, v]) => [k, String(v)] as [string, string]),
        );
        await page.goto(`${stack.demoUrl}/?${query.toString()}`);
        await dialog(page)
          .locator('[data-telegram-step="connected"]')
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(new URL(page.url()).search, '', 'the parameters left the URL at once');
        await screenshot(page, 'telegram-3-login-url-connected');
        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const telegram = telegramAccount(await shownUser(page));
        assert.equal(telegram.length, 1);
        assert.equal(telegram[0]!.telegramUserId, String(id));
      },
    );
  },
);

test(
  "the landing's Telegram button logs in through the Login Widget's window",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'telegram-widget',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);
        const button = dialog(page).getByRole('button', { name: 'Telegram', exact: true });
        await button.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        // The widget script loads while the button shows; give it a moment on a slow machine.
        await page.waitForFunction(
          () => Boolean((window as { Telegram?: unknown }).Telegram),
          null,
          {
            timeout: UI_TIMEOUT_MS,
          },
        );
        await screenshot(page, 'telegram-4-landing');
        const step = (name: string) => dialog(page).locator(`[data-telegram-step="${name}"]`);

        // Declined: the screen says canceled and offers Try again.
        let popupPromise = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
        await button.click();
        let popup = await popupPromise;
        assert.ok(
          popup.url().startsWith(`${stack.apiUrl}/dev/telegram/auth?bot_id=7000000000&origin=`),
          `the window is the stand-in's: ${popup.url()}`,
        );
        await step('verifying').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        // Decline closes the window inside the click: a click that ends with it closed is done.
        await popup
          .getByRole('button', { name: 'Decline' })
          .click()
          .catch((error: unknown) => {
            if (!popup.isClosed()) throw error;
          });
        await step('failed').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.match((await step('failed').textContent()) ?? '', /Telegram login was canceled/);
        await screenshot(page, 'telegram-5-canceled');

        // Try again, accept as a fresh Telegram user: logged in.
        const id = freshTelegramId();
        popupPromise = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
        await dialog(page).getByRole('button', { name: 'Try again' }).click();
        popup = await popupPromise;
        await acceptInWidgetWindow(popup, id, 'widget_popup_user', 'telegram-6-stand-in-window');
        await step('connected').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'telegram-7-widget-connected');
        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        const telegram = telegramAccount(await shownUser(page));
        assert.equal(telegram.length, 1);
        assert.equal(telegram[0]!.telegramUserId, String(id));
        assert.equal(telegram[0]!.username, 'widget_popup_user');
      },
    );
  },
);

test(
  "a user logged in by email links a Telegram account from 'Link Telegram', then unlinks it",
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'telegram-link',
      { context: { viewport: { width: 390, height: 844 } } },
      async (page) => {
        await logInWithEmail(page, stack, `telegram-link-${Date.now()}@example.com`);
        await waitForStatus(page, 'authenticated');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });

        // TELEGRAM_AUTH_SCREEN in link mode opens the widget's window inside the click.
        const id = freshTelegramId();
        const popupPromise = page.waitForEvent('popup', { timeout: UI_TIMEOUT_MS });
        await page.getByRole('button', { name: 'Link Telegram' }).click();
        const popup = await popupPromise;
        const step = (name: string) => dialog(page).locator(`[data-telegram-step="${name}"]`);
        await step('verifying').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'telegram-8-link-verifying-390');
        await acceptInWidgetWindow(popup, id, 'linked_tg_user');
        await step('connected').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'telegram-9-link-connected-390');
        await dialog(page).waitFor({ state: 'hidden', timeout: 60_000 });
        let user = await shownUser(page);
        const telegram = telegramAccount(user);
        assert.equal(telegram.length, 1, JSON.stringify(user));
        assert.equal(telegram[0]!.telegramUserId, String(id));
        assert.equal(telegram[0]!.username, 'linked_tg_user');
        assert.ok(
          linkedAccounts(user ?? {}).some((a) => a.type === 'email'),
          'the email account stays',
        );
        await screenshot(page, 'telegram-10-linked-390');

        await page.getByTestId('unlink-telegram').click();
        await page
          .getByTestId('linked-telegram')
          .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        user = await shownUser(page);
        assert.equal(telegramAccount(user).length, 0, 'unlinked');
      },
    );
  },
);
