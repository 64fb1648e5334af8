// @vitest-environment happy-dom
import { FRAME_EVENTS, ROUTES, walletProofMessage } from '@latchkey/api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { afterEach, describe, expect, it } from 'vitest';
import { combineShares, IMPORTED_SHARE_BYTES } from '../custody/shares.ts';
import { parseSolanaSecretKey } from '../custody/solana-key.ts';
import { deviceShareKey, openDeviceShareStore } from './device-store.ts';
import { fromBase64, toBase64 } from './encoding.ts';
import { startImportPage } from './import-page.ts';
import { IMPORT_TEXTS } from './import-view.ts';
import { API_URL, APP_ID, fakeShareServer, memoryStorage, token } from './test/fakes.ts';
import { byTestId, flush, pageState, submitForm, typeInto } from './test/page-dom.ts';
import { policyOf, withPolicyRoutes } from './test/policy-fakes.ts';
import { createExportHandler, createWalletHandlers } from './wallet-handlers.ts';

/** A test key (never a real wallet): 32 bytes 1..32, its public key and Solana's forms. */
const PRIVATE_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const PUBLIC_KEY = ed25519.getPublicKey(PRIVATE_KEY);
const ADDRESS = base58.encode(PUBLIC_KEY);
const SECRET_KEY = new Uint8Array([...PRIVATE_KEY, ...PUBLIC_KEY]);
/** Phantom's export: base58 of the 64-byte secret key. */
const BASE58_SECRET = base58.encode(SECRET_KEY);
/** `solana-keygen`'s keypair file: the 64 bytes as a JSON array. */
const JSON_SECRET = JSON.stringify([...SECRET_KEY]);

const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');

const $ = byTestId;
const state = pageState;
const type = (value: string) => typeInto('import-key-input', value);
const submit = submitForm;

function importPage(server = fakeShareServer(), storage = memoryStorage()) {
  const store = openDeviceShareStore(APP_ID, () => storage);
  const handle = startImportPage(document, {
    appId: APP_ID,
    apiUrl: API_URL,
    store,
    fetch: server.fetch,
  });
  return { server, storage, handle };
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('parseSolanaSecretKey (issue 22 item 4)', () => {
  it("reads the 64-byte secret key in base58 (Phantom's export) and as solana-keygen's JSON array", () => {
    for (const text of [BASE58_SECRET, `  ${BASE58_SECRET}\n`, JSON_SECRET]) {
      const parsed = parseSolanaSecretKey(text);
      expect(parsed?.address).toBe(ADDRESS);
      expect([...parsed!.privateKey]).toEqual([...PRIVATE_KEY]);
    }
  });

  it('refuses an address (32 bytes), halves that do not match, and anything else', () => {
    const wrongHalf = new Uint8Array([...PRIVATE_KEY, ...ed25519.getPublicKey(new Uint8Array(32))]);
    for (const text of [
      '',
      ADDRESS, // a public address is never taken for a private key
      base58.encode(wrongHalf),
      BASE58_SECRET.slice(0, -1),
      `${BASE58_SECRET}0`, // 0 is not in base58's alphabet
      JSON.stringify([...SECRET_KEY.slice(0, 63)]),
      JSON.stringify([...SECRET_KEY.slice(0, 63), 256]),
      '[1, 2',
      `0x${'11'.repeat(32)}`, // an Ethereum key
    ]) {
      expect(parseSolanaSecretKey(text), text).toBeNull();
    }
  });
});

describe('import page, Solana (issue 22 item 4)', () => {
  it('reads a Solana key when asked for one, and refuses an Ethereum key there', async () => {
    const { handle } = importPage();
    void handle({ accessToken: T, chainType: 'solana' }, ORIGIN);
    await flush();
    type(`0x${'11'.repeat(32)}`);
    expect(state()).toBe('invalid');
    expect($('import-key-message')!.textContent).toBe(IMPORT_TEXTS.invalidSolanaKey);
    type(ADDRESS);
    expect(state()).toBe('invalid');
    type(BASE58_SECRET);
    expect(state()).toBe('valid');
    expect($('import-address')!.textContent).toBe(ADDRESS);
    expect($<HTMLButtonElement>('import-submit')!.disabled).toBe(false);
  });

  it('imports on a trusted submit: Solana shares, imported: true, an ed25519 import proof, the key never sent', async () => {
    const { server, storage, handle } = importPage();
    const answer = Promise.resolve(handle({ accessToken: T, chainType: 'solana' }, ORIGIN));
    await flush();
    type(JSON_SECRET);
    submit(false);
    await flush();
    expect(server.wallets.size).toBe(0);

    submit(true);
    await expect(answer).resolves.toEqual({
      address: ADDRESS,
      chainType: 'solana',
      deviceStorage: 'local',
    });
    expect(state()).toBe('done');

    const create = server.calls.find((c) => c.path === ROUTES.embeddedWallets)!;
    expect(create.body).toMatchObject({
      address: ADDRESS,
      chain_type: 'solana',
      imported: true,
      recovery_method: 'latchkey',
    });
    // The proof: ed25519 by the imported key over the import message with the issued nonce
    // (the fake server checked it as the real one does; checked here once more).
    const message = walletProofMessage({
      action: 'import',
      appId: APP_ID,
      userId: 'user_1',
      address: ADDRESS,
      nonce: String(create.body.nonce),
    });
    expect(
      ed25519.verify(
        fromBase64(String(create.body.signature)),
        new TextEncoder().encode(message),
        PUBLIC_KEY,
      ),
    ).toBe(true);
    // Nothing sent holds the key, in either form.
    const sent = JSON.stringify(server.calls);
    expect(sent).not.toContain(BASE58_SECRET);
    expect(sent).not.toContain(Buffer.from(PRIVATE_KEY).toString('base64'));

    // Device + auth and auth + recovery rebuild the private key.
    const wallet = server.wallets.get(ADDRESS.toLowerCase())!;
    expect(wallet).toMatchObject({ userId: 'user_1', imported: true });
    const stored = JSON.parse(storage.map.get(deviceShareKey(APP_ID, 'user_1', ADDRESS))!);
    const [device, auth, recovery] = [stored.share, wallet.auth_share, wallet.recovery_share!].map(
      (share: string) => fromBase64(share),
    );
    for (const pair of [
      [device!, auth!],
      [auth!, recovery!],
    ] as const) {
      const secret = await combineShares(pair, [IMPORTED_SHARE_BYTES]);
      expect([...secret]).toEqual([...PRIVATE_KEY]);
    }
  });

  it('the imported Solana wallet signs, and recovers on a fresh device', async () => {
    const server = fakeShareServer();
    const { storage, handle } = importPage(server);
    const answer = Promise.resolve(handle({ accessToken: T, chainType: 'solana' }, ORIGIN));
    await flush();
    type(BASE58_SECRET);
    submit(true);
    await answer;

    /** The hidden frame of a device; the app's policy allows no-prompt message signatures. */
    const device = (deviceStorage = memoryStorage()) => {
      const handlers = createWalletHandlers({
        appId: APP_ID,
        apiUrl: API_URL,
        store: openDeviceShareStore(APP_ID, () => deviceStorage),
        fetch: withPolicyRoutes(server.fetch, policyOf({ no_prompt_on_signature: true })).fetch,
      });
      return async (event: keyof typeof handlers, data: Record<string, unknown>) =>
        (await handlers[event]!(
          { accessToken: T, userId: 'user_1', address: ADDRESS, ...data },
          ORIGIN,
        )) as Record<string, unknown>;
    };
    const signs = async (call: ReturnType<typeof device>, text: string) => {
      const message = new TextEncoder().encode(text);
      const { signature } = await call(FRAME_EVENTS.solanaRpc, {
        noPrompt: true,
        request: { method: 'signMessage', params: { message: toBase64(message) } },
      });
      return ed25519.verify(fromBase64(String(signature)), message, PUBLIC_KEY);
    };

    // This device: device share + auth share rebuild the imported key.
    const here = device(storage);
    await here(FRAME_EVENTS.solanaConnect, {});
    expect(await signs(here, 'hello')).toBe(true);

    // A fresh device: not there until recovered (recovery + auth share), then it signs.
    const laptop = device();
    await expect(laptop(FRAME_EVENTS.solanaConnect, {})).rejects.toMatchObject({
      type: 'wallet_not_on_device',
    });
    await expect(laptop(FRAME_EVENTS.solanaRecover, {})).resolves.toMatchObject({
      address: ADDRESS,
    });
    expect(await signs(laptop, 'from the laptop')).toBe(true);
  });

  it("exports the imported key in the form it came in (base58 secret key), and a created wallet's as a key of its address", async () => {
    const server = fakeShareServer();
    const { storage, handle } = importPage(server);
    const answer = Promise.resolve(handle({ accessToken: T, chainType: 'solana' }, ORIGIN));
    await flush();
    type(JSON_SECRET);
    submit(true);
    await answer;

    /** The export page's handler on a device: what it renders after Reveal (address: key). */
    const exported = async (
      deviceStorage: ReturnType<typeof memoryStorage>,
      accessToken: string,
      address: string,
    ) => {
      const rendered: string[] = [];
      let reveal: (() => Promise<void>) | null = null;
      const exportHandler = createExportHandler({
        appId: APP_ID,
        apiUrl: API_URL,
        store: openDeviceShareStore(APP_ID, () => deviceStorage),
        fetch: server.fetch,
        ready: (fn) => (reveal = fn),
        render: (key, shown) => rendered.push(`${shown}:${key}`),
      });
      await expect(exportHandler({ accessToken, address }, ORIGIN)).resolves.toEqual({
        ready: true,
      });
      expect(rendered).toEqual([]);
      await reveal!();
      return rendered;
    };
    expect(await exported(storage, T, ADDRESS)).toEqual([`${ADDRESS}:${BASE58_SECRET}`]);

    // Another user's created Solana wallet exports a 64-byte secret key of its own address.
    const T2 = token('user_2');
    const otherStorage = memoryStorage();
    const created = (await createWalletHandlers({
      appId: APP_ID,
      apiUrl: API_URL,
      store: openDeviceShareStore(APP_ID, () => otherStorage),
      fetch: server.fetch,
    })[FRAME_EVENTS.solanaCreate]!({ accessToken: T2, userId: 'user_2' }, ORIGIN)) as {
      address: string;
    };
    const [shown] = await exported(otherStorage, T2, created.address);
    const secretKey = base58.decode(shown!.slice(created.address.length + 1));
    expect(secretKey).toHaveLength(64);
    expect(base58.encode(ed25519.getPublicKey(secretKey.subarray(0, 32)))).toBe(created.address);
    expect(base58.encode(secretKey.subarray(32))).toBe(created.address);
  });

  it('refuses a chain type it does not know', async () => {
    const { handle } = importPage();
    await expect(
      Promise.resolve(handle({ accessToken: T, chainType: 'bitcoin' }, ORIGIN)),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
  });
});
