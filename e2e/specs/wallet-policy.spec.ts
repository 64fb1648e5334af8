/**
 * Issue 24 item 3 in Chromium + anvil: no-prompt signing only inside the app owner's wallet
 * policy, enforced by the wallet frame.
 *
 * The host page's own JavaScript posts raw `latchkey:wallet:rpc` messages with `noPrompt: true`
 * to the hidden wallet frame (the access token from its storage), as a compromised host would:
 * (a) No server policy (the demo's `?noPrompt=1`, i.e. the host's `noPromptOnSignature`, alone):
 *     `personal_sign`, a transfer, a contract call and another chain all get `approval_required`,
 *     no signature; the public policy route says `configured: false`; the demo's Sign message
 *     still shows the sign screen.
 * (b) Policy set through the admin API: chain 31337, per-transaction cap 1 ETH, 24-hour cap
 *     1.5 ETH, one allowed contract method, `outside_policy: 'refuse'`: a 0.5 ETH transfer is
 *     signed without a prompt and lands on anvil; a second 0.5 ETH too; 0.6 ETH more is over the
 *     24-hour cap (`policy_daily_cap_exceeded`) while exactly 0.5 ETH (reaching the cap) passes;
 *     2 ETH is over the per-transaction cap (`policy_value_cap_exceeded`); a call to a contract
 *     not allowed (`policy_contract_not_allowed`); chain 1 (`policy_chain_not_allowed`).
 * (c) The same policy with `outside_policy: 'ask'`: each of those gets `approval_required`.
 * (d) The demo's Sign message with `?noPrompt=1` signs without the sign screen under the policy.
 * (e) Under `refuse`, a prompted 2 ETH send (no `?noPrompt`) is refused by the approval page's
 *     `policyCheck` after the user's real click; nothing is sent.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeFunctionData, erc20Abi, parseEther, type Hex, parseTransaction, toHex } from 'viem';
import { dialog, waitForStatus } from '../demo.ts';
import { screenshot, uniqueEmail, useStackAndBrowser, withPage } from '../harness.ts';
import {
  clearResult,
  currentScreen,
  logInWithEmail,
  rpc,
  shownAddress,
  waitForResult,
  waitForScreen,
} from '../wallet.ts';

const env = useStackAndBrowser();

const RECIPIENT = '0x00000000000000000000000000000000000b0b01';
const ALLOWED_TOKEN = '0x0000000000000000000000000000000000070c01';
const OTHER_CONTRACT = '0x00000000000000000000000000000000000bad01';
const TRANSFER_DATA = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [RECIPIENT, 1n],
});

/** The policy of (b); (c) changes `outside_policy`. */
const POLICY = {
  no_prompt_on_signature: true,
  allowed_chain_ids: [31337],
  allowed_contracts: [{ address: ALLOWED_TOKEN, methods: ['transfer(address,uint256)'] }],
  max_value_wei_per_tx: parseEther('1').toString(),
  max_value_wei_per_24h: parseEther('1.5').toString(),
  outside_policy: 'refuse',
};

/**
 * The host page's script (plain JavaScript in a string: the test runner's transpiler would add
 * helpers the page does not have): one raw `latchkey:wallet:rpc` per request, `noPrompt: true`,
 * straight to the hidden wallet frame; the answers (or a timeout after 10 s).
 */
const RAW_RPC = `async ({ apiUrl, appId, address, requests }) => {
  const token = localStorage.getItem('latchkey:' + appId + ':token');
  if (!token) throw new Error('no access token in storage');
  const findFrame = () => [...document.querySelectorAll('iframe')].find((f) =>
    /\\/embedded-wallets\\?/.test(f.src));
  for (let i = 0; i < 100 && !findFrame(); i++) await new Promise((r) => setTimeout(r, 100));
  const frame = findFrame();
  if (!frame) throw new Error('no hidden wallet frame');
  const origin = new URL(apiUrl).origin;
  const out = [];
  for (const request of requests) {
    out.push(await new Promise((resolve) => {
      const id = 'policy-' + Math.random().toString(16).slice(2);
      const timer = setTimeout(() => { window.removeEventListener('message', on); resolve({ timeout: true }); }, 10000);
      function on(e) {
        if (e.origin !== origin || !e.data || e.data.id !== id) return;
        clearTimeout(timer);
        window.removeEventListener('message', on);
        resolve({ data: e.data.data, error: e.data.error });
      }
      window.addEventListener('message', on);
      frame.contentWindow.postMessage(
        { id, event: 'latchkey:wallet:rpc', data: { accessToken: token, address, request, noPrompt: true } },
        origin,
      );
    }));
  }
  return out;
}`;

interface Answer {
  data?: { response?: unknown };
  error?: { type: string; message: string };
  timeout?: true;
}

test(
  'no-prompt signing only inside the wallet policy (issue 24 item 3)',
  { timeout: 420_000 },
  async () => {
    const { stack } = env;
    await withPage(
      env,
      'wallet-policy',
      { context: { viewport: { width: 1024, height: 800 } } },
      async (page) => {
        const email = uniqueEmail('policy');
        await logInWithEmail(page, stack, email, '?noPrompt=1');
        await waitForScreen(page, 'EMBEDDED_WALLET_CREATED_SCREEN');
        await waitForStatus(page, 'authenticated');
        const address = (await shownAddress(page)) as Hex;
        const gasPrice = BigInt(await rpc<string>(stack.rpcUrl, 'eth_gasPrice'));
        let nonce = Number(
          BigInt(await rpc<string>(stack.rpcUrl, 'eth_getTransactionCount', [address, 'pending'])),
        );

        const tx = (fields: Record<string, unknown> = {}) => ({
          method: 'eth_signTransaction',
          params: [
            {
              from: address,
              to: RECIPIENT,
              value: toHex(parseEther('0.5')),
              chainId: toHex(31337),
              nonce: toHex(nonce),
              gas: toHex(100_000),
              maxFeePerGas: toHex(gasPrice * 2n),
              maxPriorityFeePerGas: toHex(1n),
              ...fields,
            },
          ],
        });
        const personal = { method: 'personal_sign', params: [toHex('no prompt please'), address] };
        const outsideRequests = () => ({
          overTx: tx({ value: toHex(parseEther('2')) }),
          contract: tx({ to: OTHER_CONTRACT, value: '0x0', data: TRANSFER_DATA }),
          chain: tx({ chainId: toHex(1) }),
        });
        const ask = async (requests: unknown[]) =>
          (await page.evaluate(
            `(${RAW_RPC})(${JSON.stringify({ apiUrl: stack.apiUrl, appId: stack.appId, address, requests })})`,
          )) as Answer[];
        const signed = (answer: Answer, what: string): Hex => {
          assert.equal(answer.error, undefined, `${what}: ${JSON.stringify(answer.error)}`);
          assert.match(String(answer.data?.response), /^0x[0-9a-f]+$/i, what);
          return answer.data!.response as Hex;
        };
        const refused = (answer: Answer, type: string, what: string) => {
          assert.equal(answer.data, undefined, `${what}: no signature`);
          assert.equal(answer.error?.type, type, `${what}: ${JSON.stringify(answer)}`);
        };
        const balance = async () =>
          BigInt(await rpc<string>(stack.rpcUrl, 'eth_getBalance', [RECIPIENT, 'latest']));
        const broadcast = async (raw: Hex) => {
          const hash = await rpc<Hex>(stack.rpcUrl, 'eth_sendRawTransaction', [raw]);
          let receipt: { status: string } | null = null;
          for (let i = 0; i < 75 && !receipt; i++) {
            receipt = await rpc<{ status: string } | null>(
              stack.rpcUrl,
              'eth_getTransactionReceipt',
              [hash],
            );
            if (!receipt) await new Promise((r) => setTimeout(r, 200));
          }
          assert.equal(receipt?.status, '0x1', 'the transaction landed on anvil');
          nonce++;
        };
        // The policy route may be cached for 5 s by the browser (max-age=5): the browser's HTTP
        // cache is emptied after each change (CDP) instead of waiting those 5 s out.
        const cdp = await page.context().newCDPSession(page);
        const dropHttpCache = () => cdp.send('Network.clearBrowserCache');
        /** Sets the policy through the admin API and reloads, so the frame fetches it afresh. */
        const setPolicy = async (policy: unknown) => {
          await stack.admin('PATCH', '', { wallet_policy: policy });
          await dropHttpCache();
          await page.reload();
          await waitForStatus(page, 'authenticated');
          // The wallet is connected again: the hidden frame is up and answering.
          assert.equal(await shownAddress(page), address);
        };

        // (a) No policy: the host's noPrompt alone does nothing.
        const publicPolicy = (await (
          await fetch(`${stack.apiUrl}/api/v1/embedded_wallets/policy`, {
            headers: { 'latchkey-app-id': stack.appId },
          })
        ).json()) as { configured: boolean; policy: { no_prompt_on_signature: boolean } };
        assert.equal(publicPolicy.configured, false);
        assert.equal(publicPolicy.policy.no_prompt_on_signature, false);
        const before = await balance();
        const o = outsideRequests();
        const none = await ask([personal, tx(), o.overTx, o.contract, o.chain]);
        none.forEach((a, i) => refused(a, 'approval_required', `no policy, request ${i}`));
        assert.equal(await balance(), before);
        // The demo's own Sign message with ?noPrompt=1 still shows the sign screen.
        await clearResult(page);
        await page.getByRole('button', { name: 'Sign message', exact: true }).click();
        await waitForScreen(page, 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');
        await page.keyboard.press('Escape');

        // (b) outside_policy 'refuse'.
        await setPolicy(POLICY);
        signed((await ask([personal]))[0]!, 'personal_sign inside the policy');
        const first = signed((await ask([tx()]))[0]!, 'first 0.5 ETH');
        assert.equal(parseTransaction(first).value, parseEther('0.5'));
        await broadcast(first);
        assert.equal(await balance(), before + parseEther('0.5'));
        await broadcast(signed((await ask([tx()]))[0]!, 'second 0.5 ETH'));
        assert.equal(await balance(), before + parseEther('1'));
        const refusals = outsideRequests();
        const [overDay, overTx, contract, chain] = await ask([
          tx({ value: toHex(parseEther('0.6')) }),
          refusals.overTx,
          refusals.contract,
          refusals.chain,
        ]);
        refused(overDay!, 'policy_daily_cap_exceeded', '0.6 ETH over the 24-hour cap');
        refused(overTx!, 'policy_value_cap_exceeded', '2 ETH over the per-transaction cap');
        refused(contract!, 'policy_contract_not_allowed', 'a contract not allowed');
        refused(chain!, 'policy_chain_not_allowed', 'chain 1');
        // Exactly the cap passes; one more does not.
        await broadcast(signed((await ask([tx()]))[0]!, 'third 0.5 ETH, exactly the 24-hour cap'));
        assert.equal(await balance(), before + parseEther('1.5'));
        refused((await ask([tx()]))[0]!, 'policy_daily_cap_exceeded', 'a fourth 0.5 ETH');

        // (c) outside_policy 'ask': the same requests get the prompt instead.
        await setPolicy({ ...POLICY, outside_policy: 'ask' });
        const asked = outsideRequests();
        const answers = await ask([tx(), asked.overTx, asked.contract, asked.chain]);
        answers.forEach((a, i) => refused(a, 'approval_required', `ask mode, request ${i}`));
        assert.equal(await balance(), before + parseEther('1.5'), 'nothing more moved');

        // (d) The demo's Sign message with ?noPrompt=1 now signs without the sign screen.
        await clearResult(page);
        await page.getByRole('button', { name: 'Sign message', exact: true }).click();
        assert.match(await waitForResult(page), /0x[0-9a-f]{130}/i);
        assert.notEqual(await currentScreen(page), 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN');

        // (e) Prompted requests under 'refuse' (the demo without ?noPrompt=1): the approval
        // page's policyCheck refuses a 2 ETH send after the user's click; nothing is sent.
        await stack.admin('PATCH', '', { wallet_policy: POLICY });
        await dropHttpCache();
        // The demo reads the chain's RPC from the API after load: wait until it shows a balance
        // (a page that raced it shows '…'; load it again).
        for (let attempt = 0; ; attempt++) {
          await page.goto(`${stack.demoUrl}/`);
          await waitForStatus(page, 'authenticated');
          assert.equal(await shownAddress(page), address);
          const shown = page.getByTestId('wallet-balance');
          const until = Date.now() + 10_000;
          while (((await shown.textContent()) ?? '…').trim() === '…' && Date.now() < until) {
            await page.waitForTimeout(200);
          }
          if (((await shown.textContent()) ?? '…').trim() !== '…') break;
          assert.ok(attempt < 3, 'the demo shows the balance');
        }
        const beforeSend = await balance();
        const sent = page
          .evaluate(
            `window.latchkeyDemo.sendTransaction({
          to: '${RECIPIENT}', value: '${toHex(parseEther('2'))}', chainId: 31337,
        }).then((r) => 'sent ' + r.transactionHash, (e) => String(e.code) + ' ' + e.message)`,
          )
          // The screen may keep the request open after the refusal; the page closes at the end.
          .catch(() => 'page closed');
        await waitForScreen(page, 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN');
        // The approval page checks the policy before it draws its button: the refusal comes
        // without a click, and the send screen shows its failure with the reason.
        await dialog(page)
          .getByText(/wallet policy refuses this request/i)
          .waitFor({ state: 'visible', timeout: 30_000 });
        await screenshot(page, 'wallet-policy-refused-send');
        const outcome = await Promise.race([
          sent,
          new Promise((r) => setTimeout(() => r('pending'), 5_000)),
        ]);
        assert.doesNotMatch(String(outcome), /^sent/, `no transaction: ${String(outcome)}`);
        console.log(`# the host's send after the refusal: ${String(outcome)}`);
        assert.equal(await balance(), beforeSend, 'nothing sent');
      },
    );
  },
);
