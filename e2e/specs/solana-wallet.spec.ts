/**
 * The embedded Solana wallet (issue 22) through the real stack in Chromium, on the local
 * LiteSVM JSON-RPC endpoint the stack runs (test-support/solana-rpc.ts):
 * log in (an Ethereum wallet is made at login) -> "Create Solana wallet": a base58 address
 * derived in the frame -> airdrop 1 SOL -> "Sign Solana message": the sign screen frames the
 * approval page, which shows the text; a real click there signs, and the signature verifies
 * (ed25519, node:crypto) against the address -> "Send 0.1 SOL": the send screen's approval page
 * shows the System transfer and the fee in SOL; approved, it lands: the recipient holds 0.1 SOL
 * more -> "Find Solana wallets": a Wallet Standard consumer on the page finds 'Latchkey' with the
 * address -> the frame's localStorage cleared (its device share gone) and the page reloaded: the
 * wallet is recovered and signs again with the same address.
 * Screenshots: e2e/artifacts/solana-{sign,send}-{light,dark}.png.
 */
import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { base58 } from '@scure/base';
import type { Page } from 'playwright-core';
import { dialog, UI_TIMEOUT_MS, waitForStatus } from '../demo.ts';
import { artifactsDir, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  approvalFrame,
  approveInFrame,
  clearFrameStorage,
  logInWithEmail,
  rpc,
  shownAddress,
  WALLET_TIMEOUT_MS,
  waitForArmed,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

const DEMO_MESSAGE = 'Hello from the Latchkey demo';
const RECIPIENT = 'GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB';
const LAMPORTS_PER_SOL = 1_000_000_000n;

const balanceOf = async (address: string) =>
  BigInt((await rpc<{ value: number }>(env.stack.solanaRpcUrl, 'getBalance', [address])).value);

/** The Solana card's result line once it is not empty; cleared before each action. */
async function solanaResult(page: Page, timeout = WALLET_TIMEOUT_MS): Promise<string> {
  const el = page.getByTestId('solana-result');
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = ((await el.textContent()) ?? '').trim();
    if (text) return text;
    if (Date.now() > deadline) throw new Error('no Solana result shown');
    await page.waitForTimeout(100);
  }
}

async function press(page: Page, name: string) {
  await page.getByTestId('solana-result').evaluate((el) => {
    el.textContent = '';
  });
  await page
    .getByRole('button', { name, exact: true })
    .and(page.locator('[data-testid="solana-card"] button'))
    .click();
}

/** True when `signature` (base58, 64 bytes) is `address`'s ed25519 signature of `message`. */
function verifies(address: string, message: string, signature: string): boolean {
  // The address is the raw 32-byte public key: wrap it as an SPKI DER for node:crypto.
  const spki = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(base58.decode(address)),
  ]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return verify(null, Buffer.from(message), key, Buffer.from(base58.decode(signature)));
}

async function shoot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await dialog(page).screenshot({
    path: path.join(artifactsDir, `${name}.png`),
    animations: 'disabled',
  });
}

test(
  'Solana wallet: create, airdrop, sign, send SOL on the local cluster, Wallet Standard, recover',
  { timeout: 300_000 },
  async () => {
    for (const theme of ['light', 'dark'] as const) {
      const email = uniqueEmail(`solana-${theme}`);
      await withPage(
        env,
        `solana-wallet-${theme}`,
        { context: { viewport: { width: 1280, height: 900 } } },
        async (page) => {
          await logInWithEmail(page, env.stack, email, `?theme=${theme}`);
          await waitForStatus(page, 'authenticated');
          await shownAddress(page);
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

          // 1. Create: a base58 address (32 bytes) from the frame.
          await press(page, 'Create Solana wallet');
          const address = await solanaResult(page);
          assert.equal(base58.decode(address).length, 32, `a Solana address: ${address}`);
          await page
            .getByTestId('solana-address')
            .filter({ hasText: address })
            .waitFor({ timeout: WALLET_TIMEOUT_MS });

          // 2. Airdrop 1 SOL on the local cluster.
          await press(page, 'Airdrop 1 SOL');
          assert.match(await solanaResult(page), /^Airdrop: /);
          assert.equal(await balanceOf(address), LAMPORTS_PER_SOL);

          // 3. Sign a message: the approval page shows it; a real click signs.
          await press(page, 'Sign Solana message');
          await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
          await approvalFrame(page)
            .getByText(DEMO_MESSAGE)
            .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
          await waitForArmed(page);
          await shoot(page, `solana-sign-${theme}`);
          await approveInFrame(page);
          const signature = await solanaResult(page);
          assert.ok(verifies(address, DEMO_MESSAGE, signature), 'the signature verifies');
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

          // 4. Send 0.1 SOL: the approval page shows the transfer and the fee in SOL.
          const before = await balanceOf(RECIPIENT).catch(() => 0n);
          await press(page, 'Send 0.1 SOL');
          await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
          await approvalFrame(page)
            .getByText(/0\.1 SOL/)
            .first()
            .waitFor({ state: 'visible', timeout: WALLET_TIMEOUT_MS });
          await approvalFrame(page)
            .getByText(/0\.000005 SOL/)
            .first()
            .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
          await waitForArmed(page);
          await shoot(page, `solana-send-${theme}`);
          await approveInFrame(page);
          const sent = await solanaResult(page);
          assert.equal(base58.decode(sent).length, 64, `a transaction signature: ${sent}`);
          assert.equal(await balanceOf(RECIPIENT), before + LAMPORTS_PER_SOL / 10n);
          assert.equal(
            await balanceOf(address),
            LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 10n - 5000n,
            'the wallet paid 0.1 SOL and the 5000-lamport fee',
          );
          await dialog(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

          // 5. A Wallet Standard consumer on the page finds the wallet and its account.
          await press(page, 'Find Solana wallets');
          assert.match(await solanaResult(page), new RegExp(`^Latchkey: ${address}$`, 'm'));

          // 6. The frame's storage cleared (the device share gone; the frame's DPoP key, to
          // which the session is bound, stays), the page reloaded: the wallet is recovered on
          // connect and signs again with the same address.
          await clearFrameStorage(page, env.stack.apiUrl, 'local_storage');
          await page.reload();
          await waitForStatus(page, 'authenticated');
          await page
            .getByTestId('solana-address')
            .filter({ hasText: address })
            .waitFor({ timeout: WALLET_TIMEOUT_MS });
          await press(page, 'Sign Solana message');
          await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
          await approveInFrame(page);
          assert.ok(verifies(address, DEMO_MESSAGE, await solanaResult(page)));
        },
      );
    }
  },
);
