// @vitest-environment happy-dom
import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import { type Hex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { reconstructWallet } from '../custody/shares.ts';
import { parseEvmPrivateKey } from '../custody/wallet-secret.ts';
import { deviceShareKey, openDeviceShareStore } from './device-store.ts';
import { fromBase64 } from './encoding.ts';
import { ImportTimeoutError, startImportPage } from './import-page.ts';
import { IMPORT_TEXTS, mountImportView } from './import-view.ts';
import en from './locales/en.ts';
import fr from './locales/fr.ts';
import { createShareApi } from './share-api.ts';
import { API_URL, APP_ID, fakeShareServer, memoryStorage, token } from './test/fakes.ts';
import { byTestId, flush, pageState, submitForm, typeInto } from './test/page-dom.ts';
import { policyOf, withPolicyRoutes } from './test/policy-fakes.ts';
import { createExportHandler, createWalletHandlers } from './wallet-handlers.ts';

/** Anvil's first test key and its address (public test vectors, never a real wallet). */
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ANVIL_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** secp256k1's group order n: not a valid private key, nor anything above it. */
const CURVE_ORDER = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');
const base = { accessToken: T, userId: 'user_1' };

const $ = byTestId;
const state = pageState;
const type = (value: string) => typeInto('import-key-input', value);
const submit = submitForm;

/** An import page on a device with its own storage, talking to `server`. */
function importPage(
  server = fakeShareServer(),
  options: Parameters<typeof startImportPage>[2] = {},
  storage = memoryStorage(),
) {
  const store = openDeviceShareStore(APP_ID, () => storage);
  const handle = startImportPage(
    document,
    { appId: APP_ID, apiUrl: API_URL, store, fetch: server.fetch },
    { theme: { colorScheme: 'dark' }, ...options },
  );
  return { server, storage, store, handle };
}

/**
 * The wallet handlers of a device using `storage` (the hidden frame), whose app's wallet policy
 * lets it sign messages without a prompt (issue 24 item 3).
 */
function walletFrame(server: ReturnType<typeof fakeShareServer>, storage = memoryStorage()) {
  const store = openDeviceShareStore(APP_ID, () => storage);
  const handlers = createWalletHandlers({
    appId: APP_ID,
    apiUrl: API_URL,
    store,
    fetch: withPolicyRoutes(server.fetch, policyOf({ no_prompt_on_signature: true })).fetch,
  });
  const call = async (event: keyof typeof handlers, data: unknown) =>
    (await handlers[event]!(data, ORIGIN)) as Record<string, unknown>;
  return { store, call };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});

describe('parseEvmPrivateKey (issue 22 item 4)', () => {
  it('reads 64 hex digits with or without 0x and white space, and gives the address', () => {
    const bare = ANVIL_KEY.slice(2);
    for (const text of [ANVIL_KEY, bare, `  ${bare.toUpperCase()}\n`, `0X${bare}`]) {
      expect(parseEvmPrivateKey(text)).toEqual({ privateKey: ANVIL_KEY, address: ANVIL_ADDRESS });
    }
  });

  it('refuses what is not a valid secp256k1 scalar', () => {
    for (const text of [
      '',
      '0x',
      ANVIL_KEY.slice(0, 65), // 63 digits
      `${ANVIL_KEY}00`, // 33 bytes
      `0x${'zz'.repeat(32)}`,
      `0x${'00'.repeat(32)}`, // zero
      `0x${CURVE_ORDER}`, // n
      `0x${'ff'.repeat(32)}`, // above n
      'test test test test test test test test test test test junk', // a mnemonic
    ]) {
      expect(parseEvmPrivateKey(text), text).toBeNull();
    }
    // n - 1 is the largest valid key.
    expect(parseEvmPrivateKey(`0x${CURVE_ORDER.slice(0, -1)}0`)).not.toBeNull();
  });
});

describe('import page (issue 22 item 4)', () => {
  it('checks the key as it is typed and shows its address before the user confirms', async () => {
    const { handle } = importPage();
    void handle({ accessToken: T }, ORIGIN);
    await flush();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(state()).toBe('typing');
    const input = $<HTMLInputElement>('import-key-input')!;
    // A masked, frame-owned input with no autofill.
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('off');
    const button = $<HTMLButtonElement>('import-submit')!;
    expect(button.textContent).toBe(IMPORT_TEXTS.submit);
    expect(button.disabled).toBe(true);
    expect($('import-address-box')!.hidden).toBe(true);

    type(`0x${CURVE_ORDER}`);
    expect(state()).toBe('invalid');
    expect($('import-key-message')!.textContent).toBe(IMPORT_TEXTS.invalidKey);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(button.disabled).toBe(true);
    expect($('import-address-box')!.hidden).toBe(true);

    type(ANVIL_KEY.slice(2));
    expect(state()).toBe('valid');
    expect($('import-key-message')!.textContent).toBe('');
    expect($('import-address-box')!.hidden).toBe(false);
    expect($('import-address')!.textContent).toBe(ANVIL_ADDRESS);
    expect(button.disabled).toBe(false);

    // The show/hide toggle.
    $('import-key-toggle')!.click();
    expect(input.type).toBe('text');
    $('import-key-toggle')!.click();
    expect(input.type).toBe('password');
  });

  it('imports only on a trusted submit: sharded like a created key, imported: true, the key never sent', async () => {
    const { server, storage, handle } = importPage();
    const answer = Promise.resolve(handle({ accessToken: T }, ORIGIN));
    await flush();
    type(ANVIL_KEY);
    // A script's submit does nothing.
    submit(false);
    await flush();
    expect(state()).toBe('valid');
    expect(server.wallets.size).toBe(0);

    submit(true);
    await expect(answer).resolves.toEqual({
      address: ANVIL_ADDRESS,
      chainType: 'ethereum',
      deviceStorage: 'local',
    });
    expect(state()).toBe('done');
    expect($<HTMLInputElement>('import-key-input')).toBeNull();
    expect(document.body.textContent).toContain(IMPORT_TEXTS.done);
    expect(document.body.textContent).not.toContain(ANVIL_KEY.slice(2));

    // The server has the auth and recovery shares, imported: true, and a valid `import` proof
    // (the fake server checks it as the real one does).
    const wallet = server.wallets.get(ANVIL_ADDRESS.toLowerCase())!;
    expect(wallet).toMatchObject({ userId: 'user_1', recovery_method: 'latchkey', imported: true });
    const create = server.calls.find((c) => c.path === ROUTES.embeddedWallets)!;
    expect(create.body).toMatchObject({ address: ANVIL_ADDRESS, imported: true });
    // Nothing sent holds the key.
    expect(JSON.stringify(server.calls).toLowerCase()).not.toContain(ANVIL_KEY.slice(2));

    // The device share stays here; device + auth and auth + recovery rebuild the same key.
    const stored = JSON.parse(storage.map.get(deviceShareKey(APP_ID, 'user_1', ANVIL_ADDRESS))!);
    const device = fromBase64(stored.share);
    const auth = fromBase64(wallet.auth_share);
    const recovery = fromBase64(wallet.recovery_share!);
    expect(new Set([stored.share, wallet.auth_share, wallet.recovery_share]).size).toBe(3);
    for (const pair of [
      [device, auth],
      [auth, recovery],
    ] as const) {
      const rebuilt = await reconstructWallet(pair, ANVIL_ADDRESS);
      expect(rebuilt.privateKey).toBe(ANVIL_KEY);
      expect(rebuilt.entropy).toHaveLength(32);
    }
  });

  it('the imported wallet signs, recovers on a fresh device, and exports like any other', async () => {
    const server = fakeShareServer();
    const { storage, handle } = importPage(server);
    const answer = Promise.resolve(handle({ accessToken: T }, ORIGIN));
    await flush();
    type(ANVIL_KEY);
    submit(true);
    await answer;

    // The hidden frame on the same device signs with the imported key.
    const frame = walletFrame(server, storage);
    await frame.call(FRAME_EVENTS.walletConnect, { ...base, address: ANVIL_ADDRESS });
    const sign = async (f: ReturnType<typeof walletFrame>, message: string) => {
      const { response } = await f.call(FRAME_EVENTS.walletRpc, {
        ...base,
        address: ANVIL_ADDRESS,
        noPrompt: true,
        request: { method: 'personal_sign', params: [message, ANVIL_ADDRESS] },
      });
      return response as Hex;
    };
    const signature = await sign(frame, 'hello');
    expect(await verifyMessage({ address: ANVIL_ADDRESS, message: 'hello', signature })).toBe(true);

    // A fresh device (empty storage) recovers the same address: recovery + auth share.
    const laptop = walletFrame(server);
    await expect(
      laptop.call(FRAME_EVENTS.walletConnect, { ...base, address: ANVIL_ADDRESS }),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' });
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address: ANVIL_ADDRESS }),
    ).resolves.toEqual({ address: ANVIL_ADDRESS, deviceStorage: 'local' });
    await expect(
      laptop.call(FRAME_EVENTS.walletConnect, { ...base, address: ANVIL_ADDRESS }),
    ).resolves.toMatchObject({ address: ANVIL_ADDRESS });
    const again = await sign(laptop, 'from the laptop');
    expect(
      await verifyMessage({ address: ANVIL_ADDRESS, message: 'from the laptop', signature: again }),
    ).toBe(true);
    // The recovery resharded the key: the first device's share is now stale.
    await expect(
      walletFrame(server, storage).call(FRAME_EVENTS.walletConnect, {
        ...base,
        address: ANVIL_ADDRESS,
      }),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' });

    // Export on the recovered device shows the imported key itself.
    const rendered: string[] = [];
    let reveal: (() => Promise<void>) | undefined;
    const exportHandler = createExportHandler({
      appId: APP_ID,
      apiUrl: API_URL,
      store: laptop.store,
      fetch: server.fetch,
      ready: (run) => (reveal = run),
      render: (privateKey, address) => {
        expect(address).toBe(ANVIL_ADDRESS);
        rendered.push(privateKey);
      },
    });
    await exportHandler({ accessToken: T, address: ANVIL_ADDRESS }, ORIGIN);
    await reveal!();
    expect(rendered).toEqual([ANVIL_KEY]);
  });

  it('answers the server refusal of a user who has a wallet, and says so in the page', async () => {
    const server = fakeShareServer();
    // The user already has a wallet (made in the frame).
    const frame = walletFrame(server);
    await frame.call(FRAME_EVENTS.walletCreate, base);
    const { handle } = importPage(server);
    const answer = Promise.resolve(handle({ accessToken: T }, ORIGIN));
    await flush();
    type(ANVIL_KEY);
    submit(true);
    expect(await rejection(answer)).toMatchObject({ code: 'embedded_wallet_exists' });
    expect(state()).toBe('failed');
    expect($('import-failure')!.textContent).toBe(IMPORT_TEXTS.exists);
    expect(server.wallets.has(ANVIL_ADDRESS.toLowerCase())).toBe(false);
  });

  it('gives up after the import timeout (spec section 9: 15 s), saying so', async () => {
    const server = fakeShareServer();
    const api = createShareApi({
      apiUrl: API_URL,
      appId: APP_ID,
      key: { proof: async () => 'proof', thumbprint: async () => 'jkt' } as never,
      fetch: server.fetch,
    });
    // An upload that never answers.
    const stuck = {
      ...api,
      walletNonce: async () => 'n'.repeat(32),
      createWallet: () => new Promise<void>(() => {}),
    };
    const { handle } = importPage(server, { api: stuck, timeoutMs: 1 });
    const answer = Promise.resolve(handle({ accessToken: T }, ORIGIN));
    await flush();
    type(ANVIL_KEY);
    submit(true);
    expect(await rejection(answer)).toBeInstanceOf(ImportTimeoutError);
    expect($('import-failure')!.textContent).toBe(IMPORT_TEXTS.timedOut);
  });

  it('refuses a request carrying a key, a second request, and a missing token', async () => {
    const { handle } = importPage();
    for (const field of ['privateKey', 'private_key', 'key']) {
      await expect(handle({ accessToken: T, [field]: ANVIL_KEY }, ORIGIN)).rejects.toMatchObject({
        type: 'user_gesture_required',
      });
    }
    await expect(handle({}, ORIGIN)).rejects.toMatchObject({ message: 'Missing access token' });
    // Nothing was drawn for the refused requests.
    expect(state()).toBe('waiting');
    void handle({ accessToken: T }, ORIGIN);
    await flush();
    await expect(handle({ accessToken: T }, ORIGIN)).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    });
  });

  it('shows its locale (the modal passes the tag only)', async () => {
    window.history.replaceState(null, '', '/?locale=fr');
    const view = mountImportView(document);
    void view.start(async () => {});
    await flush();
    expect($('import-submit')!.textContent).toBe(fr.import.submit);
    expect(fr.import.submit).not.toBe(en.import.submit);
    type('nope');
    expect($('import-key-message')!.textContent).toBe(fr.import.invalidKey);
  });
});
