/**
 * SMS login on the demo app, as a person does it: Log in, switch to SMS, pick a country (the
 * number clears), type a number (Submit stays disabled until it is valid), submit, read the
 * texted code from the dev outbox (standing in for the phone), type it and land logged in with
 * a `phone` account in E.164. Screenshots go to e2e/artifacts/sms-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dialog,
  digitBoxes,
  linkedAccounts,
  openDemo,
  openLoginModal,
  shownUser,
  typeCode,
  UI_TIMEOUT_MS,
  waitForStatus,
} from '../demo.ts';
import { screenshot, useStackAndBrowser, withPage } from '../harness.ts';

const env = useStackAndBrowser();

test(
  'a person logs in with an SMS code read from the dev outbox',
  { timeout: 180_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'sms-login',
      { context: { viewport: { width: 1024, height: 768 } } },
      async (page) => {
        // A fresh valid US number: (415) 555-XXXX.
        const line = String(1000 + Math.floor(Math.random() * 9000));
        const e164 = `+1415555${line}`;
        await openDemo(page, stack.demoUrl, 'unauthenticated');
        await openLoginModal(page);

        // Email is expanded (configured first); SMS is the alternative.
        await dialog(page).getByRole('button', { name: 'Use SMS instead' }).click();
        const phone = dialog(page).getByRole('textbox', { name: 'Phone number' });
        await phone.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.equal(
          await dialog(page).getByRole('textbox', { name: 'Email address' }).count(),
          0,
          'one of email and SMS is expanded at a time',
        );
        const country = dialog(page).getByRole('combobox', { name: 'Country' });
        const submit = dialog(page).getByRole('button', { name: 'Submit' });
        assert.equal(await country.inputValue(), 'US', 'the default country is US');
        assert.equal(await phone.getAttribute('placeholder'), '(201) 555-0123');
        assert.ok(await submit.isDisabled(), 'Submit is disabled while the input is empty');

        // Another country: its placeholder; changing country clears the input.
        await phone.click();
        await page.keyboard.type('7400 123456', { delay: 10 });
        await country.selectOption('GB');
        assert.equal(await phone.inputValue(), '', 'changing country clears the input');
        assert.equal(await phone.getAttribute('placeholder'), '07400 123456');
        await country.selectOption('US');

        await phone.click();
        await page.keyboard.type(`415 555`, { delay: 10 });
        assert.ok(await submit.isDisabled(), 'Submit is disabled for an incomplete number');
        await page.keyboard.type(` ${line}`, { delay: 10 });
        assert.ok(await submit.isEnabled(), 'Submit is enabled for a valid number');
        await screenshot(page, 'sms-1-landing');

        const before = (await stack.outbox(e164)).length;
        await page.keyboard.press('Enter');
        await digitBoxes(page)[0]!.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        const message = await stack.waitForCode(e164, { after: before });
        assert.equal(message.channel, 'sms');
        assert.equal(message.subject, null);
        assert.match(message.code ?? '', /^[0-9]{6}$/);
        assert.ok(message.text.includes(message.code!), 'the text contains the code');
        await dialog(page)
          .getByText(`+1 415 555 ${line}`)
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        assert.match(
          (await dialog(page).locator('.lk-header__message').textContent()) ?? '',
          /^Please check \+1 415 555 \d{4} for a text from .+ and enter your code below\.$/,
        );
        await screenshot(page, 'sms-2-code');

        await typeCode(page, message.code!);
        await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
        await waitForStatus(page, 'authenticated');
        const user = await shownUser(page);
        assert.ok(user, 'the demo shows the user JSON');
        const phones = linkedAccounts(user).filter((a) => a.type === 'phone');
        assert.equal(phones.length, 1, `one linked phone account: ${JSON.stringify(user)}`);
        assert.equal(phones[0]!.number, e164, 'the number is stored in E.164');
        await screenshot(page, 'sms-3-logged-in');
      },
    );
  },
);
