// @vitest-environment happy-dom
import { FRAME_EVENTS, ROUTES, type SolanaSignResponse } from '@latchkey/api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getApproveInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import { createNoopSigner, getTransactionDecoder } from '@solana/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustodyError } from '../custody/errors.ts';
import { splitEntropy } from '../custody/shares.ts';
import { solanaKeyOfSecret } from '../custody/solana-key.ts';
import { generateEntropy } from '../custody/wallet-secret.ts';
import { startApprovePage } from './approve-page.ts';
import { APPROVE_TEXTS } from './approve-view.ts';
import { openDeviceShareStore } from './device-store.ts';
import { fromBase64, sha256Hex, toBase64 } from './encoding.ts';
import {
  $,
  fakeVisibility,
  resetDocument,
  sleep,
  syntheticClick,
  trustedClick,
} from './test/approval-fakes.ts';
import { API_URL, APP_ID, memoryStorage, token } from './test/fakes.ts';
import {
  memo,
  randomSolanaAddress,
  transferSol,
  unitPrice,
  wireTransaction,
} from './test/solana-transactions.ts';

const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');
const ARM_MS = 40;
const CLUSTER = { name: 'Solana Devnet' };
const OTHER = randomSolanaAddress();
const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * A device holding the Solana wallet's device share, and a fake auth-share route (with the
 * frame's DPoP token) that counts its calls; `mfa: true` answers it 401 `missing_or_invalid_mfa`.
 */
async function solanaApprovePage(options: { mfa?: boolean; theme?: object } = {}) {
  const entropy = generateEntropy();
  const key = solanaKeyOfSecret(entropy);
  const shares = await splitEntropy(entropy);
  const store = openDeviceShareStore(APP_ID, () => memoryStorage());
  store.set('user_1', key.address, {
    share: shares.device,
    authHash: await sha256Hex(shares.auth),
  });
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    calls.push(url.pathname);
    const body = JSON.parse(String(init.body ?? '{}')) as { address?: string };
    if (options.mfa) {
      return new Response(
        JSON.stringify({ error: 'MFA verification required', code: 'missing_or_invalid_mfa' }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      );
    }
    const ok =
      url.pathname === ROUTES.walletAuthShare &&
      headers.get('authorization') === `DPoP ${T}` &&
      headers.get('dpop') !== null &&
      body.address === key.address;
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
      theme: options.theme ?? {},
      guard: { IntersectionObserver: io.Observer, hasVisibilityV2: true, armMs: ARM_MS },
    },
  );
  const arm = async () => {
    io.visible(true);
    await sleep(ARM_MS + 20);
  };
  return {
    handler: handlers[FRAME_EVENTS.solanaApprove],
    handlers,
    address: key.address,
    publicKey: key.publicKey,
    calls,
    io,
    arm,
  };
}

type Page = Awaited<ReturnType<typeof solanaApprovePage>>;

/** Starts a request and waits until the page drew it (or failed). */
async function request(page: Page, data: Record<string, unknown>) {
  const answer = Promise.resolve(
    page.handler({ accessToken: T, address: page.address, cluster: CLUSTER, ...data }, ORIGIN),
  ) as Promise<SolanaSignResponse>;
  const settled = answer.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.waitFor(() =>
    expect(document.querySelector('main')?.getAttribute('data-state')).not.toBe('loading'),
  );
  return { answer, settled };
}

const state = () => document.querySelector('main')!.getAttribute('data-state');
const signTransaction = (wire: string) => ({
  request: { method: 'signTransaction', params: { transaction: wire } },
});
const signMessage = (bytes: Uint8Array) => ({
  request: { method: 'signMessage', params: { message: toBase64(bytes) } },
});

afterEach(resetDocument);

describe('Solana approval page (issue 22 item 2)', () => {
  it('a System transfer: drawn, nothing before an armed trusted click, then signed in its slot', async () => {
    const page = await solanaApprovePage();
    const wire = wireTransaction(page.address, [transferSol(page.address, OTHER, 250_000_000n)]);
    const { answer, settled } = await request(page, signTransaction(wire));
    const text = document.body.textContent!;
    expect($('approve-title').textContent).toBe('Send SOL');
    expect(text).toContain('Solana Devnet');
    expect(text).toContain('System Program');
    expect(text).toContain(`Send 0.25 SOL to ${OTHER}`);
    expect(text).toContain('0.000005 SOL');
    expect(text).toContain('0.250005 SOL');
    // The accounts, shortened, the whole address in the tooltip.
    const account = [...document.querySelectorAll<HTMLElement>('.lk-approve__value')].find(
      (v) => v.title === OTHER,
    );
    expect(account?.textContent).toBe(`${OTHER.slice(0, 4)}…${OTHER.slice(-4)} · writable`);
    // The wallet in the header: shortened, whole in its title.
    expect(document.querySelector<HTMLElement>('.lk-approve__wallet')!.title).toBe(page.address);
    const button = $('approve-button') as HTMLButtonElement;
    expect(button.textContent).toBe(APPROVE_TEXTS.send);

    // Before the arm time: refused with the note.
    trustedClick(button);
    await sleep(10);
    expect(document.querySelector('main')!.getAttribute('data-refused')).toBe('not_armed');
    await page.arm();
    // A script's clicks sign nothing.
    button.click();
    syntheticClick(button);
    await sleep(10);
    expect(await Promise.race([settled, sleep(5).then(() => 'pending')])).toBe('pending');
    expect(state()).toBe('ready');
    // The shares were fetched while the user reads, once.
    expect(page.calls).toEqual([ROUTES.walletAuthShare]);

    trustedClick(button);
    const response = await answer;
    expect(Object.keys(response)).toEqual(['signedTransaction']);
    const signed = getTransactionDecoder().decode(
      fromBase64((response as { signedTransaction: string }).signedTransaction),
    );
    const signature = signed.signatures[page.address as keyof typeof signed.signatures];
    expect(signature).toBeInstanceOf(Uint8Array);
    expect(
      ed25519.verify(signature as Uint8Array, Uint8Array.from(signed.messageBytes), page.publicKey),
    ).toBe(true);
    // The message itself is the one shown.
    const original = getTransactionDecoder().decode(fromBase64(wire));
    expect(Uint8Array.from(signed.messageBytes)).toEqual(Uint8Array.from(original.messageBytes));
    expect(page.calls).toEqual([ROUTES.walletAuthShare]);
    expect(state()).toBe('signed');
    expect(button.textContent).toBe(APPROVE_TEXTS.signed);
    expect(document.body.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('a text message: drawn as text with the network, signed with the wallet key', async () => {
    const page = await solanaApprovePage();
    const bytes = utf8('Sign in to Example\nNonce: 7');
    const { answer } = await request(page, { ...signMessage(bytes), buttonText: 'Sign in' });
    expect($('approve-message').textContent).toBe('Sign in to Example\nNonce: 7');
    expect(document.body.textContent).toContain('Solana Devnet');
    expect($('approve-button').textContent).toBe('Sign in');
    await page.arm();
    trustedClick($('approve-button'));
    const { signature } = (await answer) as { signature: string };
    expect(ed25519.verify(fromBase64(signature), bytes, page.publicKey)).toBe(true);
  });

  it('a binary message shows as hex; a Memo shows its text; a priced transaction its fee', async () => {
    let page = await solanaApprovePage();
    await request(page, signMessage(new Uint8Array([0xde, 0xad, 0xbe, 0xef])));
    expect($('approve-message').textContent).toBe('0xdeadbeef');
    expect($('approve-button').textContent).toBe(APPROVE_TEXTS.sign);

    resetDocument();
    page = await solanaApprovePage();
    await request(
      page,
      signTransaction(
        wireTransaction(page.address, [unitPrice(10_000n), memo('Thanks for the coffee')]),
      ),
    );
    const text = document.body.textContent!;
    expect(text).toContain('Memo');
    expect(text).toContain('Thanks for the coffee');
    expect(text).toContain('Compute Budget');
    // 5000 + 10,000 micro-lamports x 200,000 units / 10^6 = 7000 lamports.
    expect(text).toContain('0.000007 SOL');
    expect(text).not.toContain('Total (max)');
  });

  it('token instructions: a transfer in tokens with the mint on hover, a delegation flagged and warned', async () => {
    const page = await solanaApprovePage();
    const [mint, source, destination, delegate] = Array.from({ length: 4 }, randomSolanaAddress);
    const owner = createNoopSigner(page.address as never);
    const wire = wireTransaction(page.address, [
      getTransferCheckedInstruction({
        source: source!,
        mint: mint!,
        destination: destination!,
        authority: owner,
        amount: 1_500_000n,
        decimals: 6,
      }),
      getApproveInstruction({ source: source!, delegate: delegate!, owner, amount: 10n }),
    ]);
    await request(page, signTransaction(wire));
    expect($('approve-title').textContent).toBe('Send tokens');
    const sentence = `Send 1.5 tokens of ${mint!.slice(0, 4)}…${mint!.slice(-4)} to ${destination}`;
    const drawn = [...document.querySelectorAll('*')].find((e) => e.textContent === sentence);
    expect(drawn?.getAttribute('title')).toBe(mint);
    expect(document.querySelector('.lk-approve__warning')!.textContent).toMatch(
      /lets another account spend your tokens/,
    );
    expect(document.body.textContent).toContain(
      `Allows ${delegate} to spend up to 10 base units from ${source}`,
    );
  });

  it('a v0 transaction with a lookup table is shown, with its warning, and signed', async () => {
    const page = await solanaApprovePage();
    const table = randomSolanaAddress();
    const wire = wireTransaction(page.address, [transferSol(page.address, OTHER, 1_000n)], {
      version: 0,
      lookups: { [table]: [OTHER] },
    });
    const { answer } = await request(page, signTransaction(wire));
    expect(document.querySelector('.lk-approve__warning')!.textContent).toMatch(
      /address lookup tables/,
    );
    expect(document.body.textContent).toContain(
      `Send 0.000001 SOL to from lookup table ${table.slice(0, 4)}…${table.slice(-4)} (#0)`,
    );
    await page.arm();
    trustedClick($('approve-button'));
    const { signedTransaction } = (await answer) as { signedTransaction: string };
    const signed = getTransactionDecoder().decode(fromBase64(signedTransaction));
    expect(
      ed25519.verify(
        signed.signatures[page.address as keyof typeof signed.signatures] as Uint8Array,
        Uint8Array.from(signed.messageBytes),
        page.publicKey,
      ),
    ).toBe(true);
  });

  it('refuses, before any share request: a transaction the wallet does not sign, a wrong or malformed address, bad data', async () => {
    const someone = randomSolanaAddress();
    const cases: [Record<string, unknown>, string][] = [
      [
        signTransaction(wireTransaction(someone, [transferSol(someone, OTHER, 1n)])),
        "does not ask for this wallet's signature",
      ],
      [
        { ...signMessage(utf8('hi')), address: '0x2222222222222222222222222222222222222222' },
        'Solana address',
      ],
      [{ ...signMessage(utf8('hi')), address: 'not base58 0OIl' }, 'Solana address'],
      [{ request: { method: 'signMessage', params: { message: '***' } } }, 'base64'],
      [{ request: { method: 'signAndSendTransaction', params: {} } }, 'Unsupported method'],
      [{ ...signMessage(utf8('hi')), cluster: { name: '' } }, 'cluster.name'],
      [{ ...signMessage(utf8('hi')), cluster: undefined }, 'cluster'],
    ];
    for (const [data, message] of cases) {
      resetDocument();
      const page = await solanaApprovePage();
      const { settled } = await request(page, data);
      const { error } = (await settled) as { error?: CustodyError };
      expect(error, message).toBeInstanceOf(CustodyError);
      expect(error!.type).toBe('invalid_request_arguments');
      expect(error!.message).toContain(message);
      expect(state()).toBe('error');
      expect($('approve-note').hidden).toBe(false);
      expect(($('approve-button') as HTMLButtonElement).disabled).toBe(true);
      expect(page.calls).toEqual([]);
    }
  });

  it("another Solana wallet (not this device's): wallet_not_on_device, nothing fetched", async () => {
    const page = await solanaApprovePage();
    const { settled } = await request(page, { ...signMessage(utf8('hi')), address: OTHER });
    expect((await settled) as { error?: CustodyError }).toMatchObject({
      error: { type: 'wallet_not_on_device' },
    });
    expect(page.calls).toEqual([]);
  });

  it('an MFA user without a fresh verification: missing_or_invalid_mfa, nothing signed', async () => {
    const page = await solanaApprovePage({ mfa: true });
    const { settled } = await request(page, signMessage(utf8('hi')));
    await page.arm();
    trustedClick($('approve-button'));
    expect((await settled) as { error?: CustodyError }).toMatchObject({
      error: { type: 'missing_or_invalid_mfa' },
    });
    expect(state()).toBe('error');
  });

  it('serves one request of either chain: valid requests after the first are refused', async () => {
    const page = await solanaApprovePage();
    await request(page, signMessage(utf8('hi')));
    const again = [
      page.handlers[FRAME_EVENTS.walletApprove](
        {
          accessToken: T,
          address: '0x2222222222222222222222222222222222222222',
          chain: {
            id: 1,
            name: 'Ethereum',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
          request: {
            method: 'personal_sign',
            params: ['0x6869', '0x2222222222222222222222222222222222222222'],
          },
        },
        ORIGIN,
      ),
      page.handler(
        { accessToken: T, address: page.address, cluster: CLUSTER, ...signMessage(utf8('hi')) },
        ORIGIN,
      ),
    ];
    for (const refused of again) {
      const error = await Promise.resolve(refused).then(
        () => null,
        (e: unknown) => e as CustodyError,
      );
      expect(error?.type).toBe('invalid_request_arguments');
      expect(error?.message).toBe('This approval page has already been used');
    }
  });

  it('follows the theme and the locale of the URL', async () => {
    window.history.replaceState(null, '', '/?locale=de');
    const page = await solanaApprovePage({ theme: { colorScheme: 'dark', accent: '#0ea5e9' } });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--lk-accent')).toBe('#0ea5e9');
    await request(
      page,
      signTransaction(wireTransaction(page.address, [transferSol(page.address, OTHER, 1n)])),
    );
    expect($('approve-title').textContent).toBe('SOL senden');
    expect($('approve-button').textContent).toBe('Senden');
    expect(document.body.textContent).toContain(`0,000000001 SOL an ${OTHER} senden`);
  });
});
