// @vitest-environment happy-dom
import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseEther,
  parseGwei,
  parseTransaction,
  recoverTransactionAddress,
  stringToHex,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustodyError } from '../custody/errors.ts';
import { splitEntropy } from '../custody/shares.ts';
import { deriveEvmAddress, generateEntropy } from '../custody/wallet-secret.ts';
import { type ApprovalPolicyCheck, startApprovePage } from './approve-page.ts';
import { APPROVE_TEXTS } from './approve-view.ts';
import type { FrameLocale } from './locales/index.ts';
import { openDeviceShareStore } from './device-store.ts';
import { sha256Hex, toBase64 } from './encoding.ts';
import {
  $,
  fakeVisibility,
  resetDocument,
  sleep,
  syntheticClick,
  trustedClick,
} from './test/approval-fakes.ts';
import { API_URL, APP_ID, memoryStorage, token } from './test/fakes.ts';

const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');
const ARM_MS = 40;
const CHAIN = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};
const OTHER = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x4444444444444444444444444444444444444444';

/** A device with a wallet's device share and a fake auth-share route that counts its calls. */
async function approvePage(
  options: { policyCheck?: ApprovalPolicyCheck; locale?: FrameLocale } = {},
) {
  const entropy = generateEntropy();
  const address = deriveEvmAddress(entropy);
  const shares = await splitEntropy(entropy);
  const store = openDeviceShareStore(APP_ID, () => memoryStorage());
  store.set('user_1', address, { share: shares.device, authHash: await sha256Hex(shares.auth) });
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    calls.push(url.pathname);
    const ok =
      url.pathname === ROUTES.walletAuthShare && headers.get('authorization') === `DPoP ${T}`;
    return new Response(
      JSON.stringify(ok ? { auth_share: toBase64(shares.auth) } : { error: 'Not found' }),
      { status: ok ? 200 : 404, headers: { 'content-type': 'application/json' } },
    );
  }) as typeof globalThis.fetch;
  const io = fakeVisibility();
  const handlers = startApprovePage(
    document,
    window,
    { appId: APP_ID, apiUrl: API_URL, store, fetch },
    {
      theme: {},
      ...options,
      guard: { IntersectionObserver: io.Observer, hasVisibilityV2: true, armMs: ARM_MS },
    },
  );
  const handler = handlers[FRAME_EVENTS.walletApprove];
  /** Makes the page visible and waits past the arm time. */
  const arm = async () => {
    io.visible(true);
    await sleep(ARM_MS + 20);
  };
  return { handler, handlers, address, calls, io, arm };
}

/** Starts a request and waits until the page drew it. */
async function request(
  page: Awaited<ReturnType<typeof approvePage>>,
  data: Record<string, unknown>,
) {
  const answer = Promise.resolve(
    page.handler({ accessToken: T, address: page.address, chain: CHAIN, ...data }, ORIGIN),
  );
  const settled = answer.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.waitFor(() =>
    expect(document.querySelector('main')?.getAttribute('data-state')).not.toBe('loading'),
  );
  return { answer: answer as Promise<{ response: string }>, settled };
}

afterEach(resetDocument);

describe('approval page', () => {
  it('personal_sign: shows the message; early, synthetic and covered clicks sign nothing; an armed real click signs', async () => {
    const page = await approvePage();
    const button = $('approve-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const { answer, settled } = await request(page, {
      request: {
        method: 'personal_sign',
        params: [stringToHex('Log in to Example\nNonce 42'), page.address],
      },
    });
    expect($('approve-message').textContent).toBe('Log in to Example\nNonce 42');
    expect(button.textContent).toBe(APPROVE_TEXTS.sign);
    expect(document.body.textContent).toContain(page.address.slice(0, 6));

    // Not armed: 'not ready' for assistive technology and drawn outlined (frame.css).
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // Before the page was seen for the arm time: refused with the note, nothing signed.
    trustedClick(button);
    await sleep(10);
    expect($('approve-note').hidden).toBe(false);
    expect($('approve-note').textContent).toBe(APPROVE_TEXTS.refused);
    expect(document.querySelector('main')!.getAttribute('data-refused')).toBe('not_armed');

    await page.arm();
    // Armed again: the note goes, and the button is no longer aria-disabled.
    expect($('approve-note').hidden).toBe(true);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    // A script's click: ignored.
    button.click();
    syntheticClick(button);
    // Covered (the browser reports isVisible false): refused.
    page.io.visible(false);
    trustedClick(button);
    await sleep(10);
    expect(document.querySelector('main')!.getAttribute('data-refused')).toBe('not_armed');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // The shares were fetched while the user reads (so the click does not wait), once.
    expect(page.calls).toEqual([ROUTES.walletAuthShare]);
    expect(await Promise.race([settled, sleep(5).then(() => 'pending')])).toBe('pending');

    await page.arm();
    trustedClick(button);
    const { response } = await answer;
    expect(
      await verifyMessage({
        address: page.address,
        message: 'Log in to Example\nNonce 42',
        signature: response as `0x${string}`,
      }),
    ).toBe(true);
    expect(page.calls).toEqual([ROUTES.walletAuthShare]);
    expect(button.textContent).toBe(APPROVE_TEXTS.signed);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(document.querySelector('main')!.getAttribute('data-state')).toBe('signed');
    // The CSP forbids inline style markup.
    expect(document.body.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('an unlimited Permit: spender and Unlimited spelled out, flagged; signed after approval', async () => {
    const page = await approvePage();
    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: TOKEN },
      message: {
        owner: page.address,
        spender: OTHER,
        value: maxUint256.toString(),
        nonce: '0',
        deadline: '1893456000',
      },
    };
    const { answer } = await request(page, {
      request: { method: 'eth_signTypedData_v4', params: [page.address, JSON.stringify(typed)] },
      buttonText: 'Approve permit',
    });
    const text = document.body.textContent!;
    expect($('approve-title').textContent).toBe('Token permit');
    expect(text).toContain('Unlimited');
    expect(text).toContain('unlimited amount');
    expect(text).toContain(OTHER);
    expect(document.querySelector('.lk-approve__value--danger')?.textContent).toBe('Unlimited');
    const button = $('approve-button');
    expect(button.textContent).toBe('Approve permit');
    await page.arm();
    trustedClick(button);
    const { response } = await answer;
    const { EIP712Domain: _d, ...types } = typed.types;
    expect(
      await verifyTypedData({
        address: page.address,
        domain: { ...typed.domain, verifyingContract: TOKEN },
        types,
        primaryType: 'Permit',
        message: { ...typed.message, value: maxUint256, nonce: 0n, deadline: 1893456000n },
        signature: response as `0x${string}`,
      }),
    ).toBe(true);
  });

  it('an ERC-20 transfer transaction: decoded, Submit by default, signed by the wallet', async () => {
    const page = await approvePage();
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [OTHER, 2500n],
    });
    const tx = {
      from: page.address,
      to: TOKEN,
      data,
      value: '0x0',
      chainId: toHex(31337),
      gas: toHex(60000),
      maxFeePerGas: toHex(parseGwei('3')),
      maxPriorityFeePerGas: toHex(parseGwei('1')),
      nonce: '0x0',
    };
    const { answer } = await request(page, {
      request: { method: 'eth_signTransaction', params: [tx] },
    });
    const text = document.body.textContent!;
    expect($('approve-title').textContent).toBe('Token transfer');
    expect(text).toContain('Anvil (31337)');
    expect(text).toContain('0.00018 ETH');
    expect(text).toContain('2,500');
    expect($('approve-button').textContent).toBe(APPROVE_TEXTS.send);
    await page.arm();
    trustedClick($('approve-button'));
    const { response } = await answer;
    const signed = response as `0x${string}`;
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      page.address,
    );
    expect(parseTransaction(signed).to?.toLowerCase()).toBe(TOKEN);
  });

  it('serves one request; a second is refused', async () => {
    const page = await approvePage();
    await request(page, { request: { method: 'personal_sign', params: ['0x6869', page.address] } });
    await expect(
      page.handler({ accessToken: T, address: page.address, chain: CHAIN, request: {} }, ORIGIN),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
  });

  it('a wallet this device holds no share of: wallet_not_on_device, before any share request', async () => {
    const page = await approvePage();
    await expect(
      page.handler(
        {
          accessToken: T,
          address: OTHER,
          chain: CHAIN,
          request: { method: 'personal_sign', params: ['0x6869', OTHER] },
        },
        ORIGIN,
      ),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    expect(page.calls).toEqual([]);
    expect(document.querySelector('main')!.getAttribute('data-state')).toBe('error');
  });

  it('malformed requests are refused and shown: foreign signer, wrong chainId, other methods, bad chain', async () => {
    for (const data of [
      { request: { method: 'personal_sign', params: ['0x6869', OTHER] } },
      { request: { method: 'eth_signTransaction', params: [{ to: OTHER, chainId: '0x1' }] } },
      { request: { method: 'eth_accounts' } },
      { request: { method: 'personal_sign', params: ['0x6869'] }, chain: { id: 'x' } },
    ]) {
      document.body.replaceChildren();
      const page = await approvePage();
      await expect(
        page.handler({ accessToken: T, address: page.address, chain: CHAIN, ...data }, ORIGIN),
      ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
      expect($('approve-note').hidden).toBe(false);
      expect(($('approve-button') as HTMLButtonElement).disabled).toBe(true);
      expect(page.calls).toEqual([]);
    }
  });

  it('policyCheck runs before the button is drawn: a refused request is refused without a click', async () => {
    const policyCheck = vi.fn(async () => {
      throw new CustodyError('error', 'Refused by the wallet policy');
    });
    const page = await approvePage({ policyCheck });
    const { settled } = await request(page, {
      request: { method: 'personal_sign', params: ['0x6869', page.address] },
    });
    const result = (await settled) as { error?: CustodyError };
    expect(result.error).toBeInstanceOf(CustodyError);
    expect(result.error!.message).toBe('Refused by the wallet policy');
    expect(policyCheck).toHaveBeenCalledWith(
      { method: 'personal_sign', params: ['0x6869', page.address] },
      CHAIN,
    );
    expect($('approve-note').textContent).toBe('Refused by the wallet policy');
    expect(($('approve-button') as HTMLButtonElement).disabled).toBe(true);
    // A click afterwards signs nothing either.
    await page.arm();
    trustedClick($('approve-button'));
    await sleep(10);
    expect(document.querySelector('main')!.getAttribute('data-state')).not.toBe('signed');
  });

  it('follows the theme of the URL', async () => {
    startApprovePage(
      document,
      window,
      {
        appId: APP_ID,
        apiUrl: API_URL,
        store: openDeviceShareStore(APP_ID, () => memoryStorage()),
      },
      { theme: { colorScheme: 'dark', accent: '#0ea5e9' } },
    );
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--lk-accent')).toBe('#0ea5e9');
  });

  it('speaks the locale of its URL (issue 14 item 12): French texts, default label and lang', async () => {
    window.history.replaceState(null, '', '/?locale=fr-CA');
    const page = await approvePage();
    expect(document.documentElement.lang).toBe('fr');
    expect($('approve-title').textContent).toBe('Chargement de la demande…');
    await request(page, {
      request: { method: 'personal_sign', params: [stringToHex('hi'), page.address] },
    });
    expect($('approve-button').textContent).toBe('Signer et continuer');
    expect($('approve-details').getAttribute('aria-label')).toBe('Détails de la demande');
    expect(document.querySelector('.lk-approve__wallet-label')!.textContent).toBe('Portefeuille');
  });

  it('describes the request in the locale of its URL: a German transfer, Intl digits', async () => {
    window.history.replaceState(null, '', '/?locale=de');
    const page = await approvePage();
    const tx = {
      from: page.address,
      to: OTHER,
      value: toHex(parseEther('1234.5')),
      chainId: toHex(31337),
      gas: toHex(21000),
      maxFeePerGas: toHex(parseGwei('2')),
    };
    await request(page, { request: { method: 'eth_signTransaction', params: [tx] } });
    expect($('approve-title').textContent).toBe('Senden');
    const labels = [...document.querySelectorAll('.lk-approve__label')].map((l) => l.textContent);
    expect(labels).toEqual(['Netzwerk', 'An', 'Betrag', 'Max. Netzwerkgebühr']);
    const values = [...document.querySelectorAll('.lk-approve__value')].map((v) => v.textContent);
    expect(values).toContain('1.234,5 ETH');
    expect(values).toContain('0,000042 ETH');
    expect(document.querySelector('.lk-approve__section-title')!.textContent).toBe('Transaktion');
  });

  it("the host's buttonText keeps its rules in any locale; a hostile locale only gives English", async () => {
    window.history.replaceState(
      null,
      '',
      `/?locale=${encodeURIComponent('Approve everything"><b>')}`,
    );
    const page = await approvePage();
    expect(document.documentElement.lang).toBe('en');
    await request(page, {
      request: { method: 'personal_sign', params: [stringToHex('hi'), page.address] },
      buttonText: 'x'.repeat(80),
    });
    // Too long a label falls back to the page's own default, as before; nothing of the URL shows.
    expect($('approve-button').textContent).toBe(APPROVE_TEXTS.sign);
    expect(document.body.textContent).not.toContain('Approve everything');
    expect(document.querySelector('b')).toBeNull();
  });
});
