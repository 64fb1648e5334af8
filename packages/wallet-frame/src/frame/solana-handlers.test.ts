import { FRAME_EVENTS, ROUTES, type WalletPolicy, walletProofMessage } from '@latchkey/api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58 } from '@scure/base';
import {
  type Address as SolanaAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { type Address, bytesToHex, verifyMessage } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { reconstructEntropy, splitEntropy } from '../custody/shares.ts';
import { solanaKeyOfSecret } from '../custody/solana-key.ts';
import { openDeviceShareStore, deviceShareKey } from './device-store.ts';
import { fromBase64, sha256Hex, toBase64 } from './encoding.ts';
import { signSolanaRequest } from './solana-handlers.ts';
import { API_URL, APP_ID, fakeShareServer, memoryStorage, token } from './test/fakes.ts';
import { policyOf, withPolicyRoutes } from './test/policy-fakes.ts';
import { createWalletHandlers } from './wallet-handlers.ts';

const T = token('user_1');
const base = { accessToken: T, userId: 'user_1' };
const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * The fake share server (test/fakes.ts) with the Solana side of the real routes in front
 * (packages/server/src/wallets/service.ts, issue 22): Solana creates (own shares, or
 * `derived_from` the user's Ethereum wallet), ed25519 proofs over issued nonces, and share calls
 * by a derived wallet's address answered with its source wallet's shares.
 */
function solanaServer() {
  const server = fakeShareServer();
  const nonces = new Set<string>();
  /** Solana address -> the Ethereum address whose shares it uses (lower case). */
  const derived = new Map<string, string>();
  /** Solana wallets with their own shares, by address (the shares are in `server.wallets`). */
  const own = new Set<string>();
  const creates: Record<string, unknown>[] = [];
  const reshares: Record<string, unknown>[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const takeNonce = (nonce: unknown) => typeof nonce === 'string' && nonces.delete(nonce);
  const ed25519Valid = (signature: unknown, message: string, address: string) =>
    typeof signature === 'string' &&
    ed25519.verify(fromBase64(signature), utf8(message), base58.decode(address));

  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const address = typeof body.address === 'string' ? body.address : '';
    const headers = new Headers(init.headers);
    const solana = address !== '' && !address.startsWith('0x');
    if (url.pathname === ROUTES.embeddedWallets && body.chain_type === 'solana') {
      if (!headers.get('authorization')?.startsWith('DPoP ') || !headers.get('dpop')) {
        return json({ error: 'Invalid DPoP proof', code: 'invalid_dpop_proof' }, 401);
      }
      creates.push(body);
      if (derived.has(address) || own.has(address)) {
        return json({ error: 'Only one', code: 'embedded_wallet_exists' }, 409);
      }
      const nonce = String(body.nonce);
      const message = (action: 'create' | 'derive') =>
        walletProofMessage({ action, appId: APP_ID, userId: 'user_1', address, nonce });
      if (!takeNonce(nonce) || !ed25519Valid(body.signature, message('create'), address)) {
        return json({ error: 'Invalid signature', code: 'invalid_wallet_signature' }, 401);
      }
      if (typeof body.derived_from === 'string') {
        const source = server.wallets.get(body.derived_from.toLowerCase());
        if (!source) return json({ error: 'Not found', code: 'not_found' }, 404);
        const ok = await verifyMessage({
          address: body.derived_from as Address,
          message: message('derive'),
          signature: body.derived_from_signature as `0x${string}`,
        });
        if (!ok) return json({ error: 'Invalid signature', code: 'invalid_wallet_signature' }, 401);
        derived.set(address, body.derived_from.toLowerCase());
      } else {
        own.add(address);
        // Stored where the fake's share routes find it (they look addresses up in lower case).
        server.wallets.set(address.toLowerCase(), {
          userId: 'user_1',
          address,
          auth_share: body.auth_share as string,
          recovery_method: body.recovery_method as string,
          recovery_share: body.recovery_share as string,
          recovery_blob: null,
        });
      }
      return json({ user: { id: 'user_1' } });
    }
    if (url.pathname === ROUTES.walletReshare && solana) {
      reshares.push(body);
      const nonce = String(body.nonce);
      const message = walletProofMessage({
        action: 'reshare',
        appId: APP_ID,
        userId: 'user_1',
        address,
        nonce,
      });
      if (!takeNonce(nonce) || !ed25519Valid(body.signature, message, address)) {
        return json({ error: 'Invalid signature', code: 'invalid_wallet_signature' }, 401);
      }
      const wallet = server.wallets.get(derived.get(address) ?? address.toLowerCase());
      if (!wallet) return json({ error: 'Not found', code: 'not_found' }, 404);
      Object.assign(wallet, {
        auth_share: body.auth_share,
        recovery_method: body.recovery_method,
        recovery_share: body.recovery_share,
      });
      return json({ user: { id: 'user_1' } });
    }
    // A derived wallet's share calls answer its source's shares.
    const source = derived.get(address);
    const forwarded = source
      ? { ...init, body: JSON.stringify({ ...body, address: source }) }
      : init;
    const response = await server.fetch(input, forwarded);
    if (url.pathname === ROUTES.walletNonce && response.ok) {
      nonces.add(((await response.clone().json()) as { nonce: string }).nonce);
    }
    return response;
  }) as typeof globalThis.fetch;
  return { ...server, fetch, creates, reshares, derived };
}

type Server = ReturnType<typeof solanaServer>;

/** One "device": a frame with its own storage; the policy allows no-prompt signatures. */
function device(
  server: Server,
  storage = memoryStorage(),
  policy: WalletPolicy | null = policyOf({ no_prompt_on_signature: true }),
) {
  const store = openDeviceShareStore(APP_ID, () => storage);
  const handlers = createWalletHandlers({
    appId: APP_ID,
    apiUrl: API_URL,
    store,
    fetch: withPolicyRoutes(server.fetch, policy).fetch,
  });
  const call = async (event: keyof typeof handlers, data: unknown) =>
    (await handlers[event]!(data, { origin: 'https://app.example' })) as Record<string, unknown>;
  return { storage, store, call };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const signMessage = (dev: ReturnType<typeof device>, address: string, message: Uint8Array) =>
  dev.call(FRAME_EVENTS.solanaRpc, {
    ...base,
    address,
    noPrompt: true,
    request: { method: 'signMessage', params: { message: toBase64(message) } },
  });

/** A wire transaction (v0, base64) whose fee payer, the only signer, is `payer`, unsigned. */
function unsignedTransfer(payer: string): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer as SolanaAddress, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: base58.encode(new Uint8Array(32).fill(7)) as Blockhash,
          lastValidBlockHeight: 100n,
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: '11111111111111111111111111111111' as SolanaAddress,
          accounts: [],
          data: new Uint8Array([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]),
        },
        m,
      ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

describe('Solana wallet frame handlers (issue 22)', () => {
  it('create with fresh entropy posts a base58 address, an ed25519 proof and its own shares', async () => {
    const server = solanaServer();
    const dev = device(server);
    const out = await dev.call(FRAME_EVENTS.solanaCreate, base);
    const address = out.address as string;
    expect(out).toEqual({ address, derived: false, deviceStorage: 'local' });
    expect(base58.decode(address)).toHaveLength(32);

    const [body] = server.creates;
    expect(body).toMatchObject({ address, chain_type: 'solana', recovery_method: 'latchkey' });
    expect(body!.derived_from).toBeUndefined();
    const message = walletProofMessage({
      action: 'create',
      appId: APP_ID,
      userId: 'user_1',
      address,
      nonce: String(body!.nonce),
    });
    expect(message).toContain(`Address: ${address}`);
    const signature = fromBase64(String(body!.signature));
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, utf8(message), base58.decode(address))).toBe(true);

    // Only the device share is kept here, by the Solana address; any two shares rebuild the key.
    expect([...dev.storage.map.keys()]).toEqual([deviceShareKey(APP_ID, 'user_1', address)]);
    const device_ = fromBase64(
      JSON.parse(dev.storage.map.get(deviceShareKey(APP_ID, 'user_1', address))!).share,
    );
    const { combine } = await import('shamir-secret-sharing');
    const secret = await combine([device_, fromBase64(String(body!.auth_share))]);
    expect(solanaKeyOfSecret(secret).address).toBe(address);
    const recovered = await combine([
      fromBase64(String(body!.auth_share)),
      fromBase64(String(body!.recovery_share)),
    ]);
    expect(solanaKeyOfSecret(recovered).address).toBe(address);
  });

  it("create beside the user's Ethereum wallet derives the key from its entropy (derived_from, two proofs)", async () => {
    const server = solanaServer();
    const dev = device(server);
    const eth = (await dev.call(FRAME_EVENTS.walletCreate, base)).address as Address;
    const out = await dev.call(FRAME_EVENTS.solanaCreate, { ...base, ethereumAddress: eth });
    const address = out.address as string;
    expect(out).toEqual({ address, derived: true, deviceStorage: 'local' });

    const ethWallet = server.wallets.get(eth.toLowerCase())!;
    const secret = await reconstructEntropy(
      [fromBase64(ethWallet.auth_share), fromBase64(ethWallet.recovery_share!)],
      eth,
    );
    expect(address).toBe(solanaKeyOfSecret(secret).address);

    const [body] = server.creates;
    // No shares of its own: the server answers the Ethereum wallet's for this address.
    expect(Object.keys(body!).sort()).toEqual(
      [
        'address',
        'chain_type',
        'derived_from',
        'derived_from_signature',
        'nonce',
        'signature',
      ].sort(),
    );
    expect(body).toMatchObject({ address, chain_type: 'solana', derived_from: eth });
    const message = (action: 'create' | 'derive') =>
      walletProofMessage({
        action,
        appId: APP_ID,
        userId: 'user_1',
        address,
        nonce: String(body!.nonce),
      });
    expect(
      ed25519.verify(
        fromBase64(String(body!.signature)),
        utf8(message('create')),
        base58.decode(address),
      ),
    ).toBe(true);
    expect(
      await verifyMessage({
        address: eth,
        message: message('derive'),
        signature: body!.derived_from_signature as `0x${string}`,
      }),
    ).toBe(true);
    expect(server.derived.get(address)).toBe(eth.toLowerCase());

    // A new frame on the same storage connects the Solana wallet by its own address and signs.
    const reopened = device(server, dev.storage);
    expect(await reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address })).toEqual({
      address,
      deviceStorage: 'local',
    });
    const { signature } = await signMessage(reopened, address, utf8('gm'));
    expect(ed25519.verify(fromBase64(String(signature)), utf8('gm'), base58.decode(address))).toBe(
      true,
    );
    // ...and the Ethereum wallet still works beside it.
    await expect(
      reopened.call(FRAME_EVENTS.walletConnect, { ...base, address: eth }),
    ).resolves.toEqual({ address: eth, deviceStorage: 'local' });
  });

  it('a named Ethereum wallet that is not on this device is refused, not replaced by new entropy', async () => {
    const server = solanaServer();
    const eth = (await device(server).call(FRAME_EVENTS.walletCreate, base)).address;
    const other = device(server);
    const error = await rejection(
      other.call(FRAME_EVENTS.solanaCreate, { ...base, ethereumAddress: eth }),
    );
    expect(error).toMatchObject({ type: 'wallet_not_on_device' });
    expect(server.creates).toHaveLength(0);
  });

  it('beside an imported Ethereum key (no entropy, no Solana key) it makes fresh entropy', async () => {
    const server = solanaServer();
    const dev = device(server);
    // An imported wallet as the import page leaves it: shares of the 32-byte key itself.
    const key = secp256k1.utils.randomSecretKey();
    const eth = privateKeyToAddress(bytesToHex(key));
    const shares = await splitEntropy(key);
    server.wallets.set(eth.toLowerCase(), {
      userId: 'user_1',
      address: eth,
      auth_share: toBase64(shares.auth),
      recovery_method: 'latchkey',
      recovery_share: toBase64(shares.recovery),
      recovery_blob: null,
      imported: true,
    });
    dev.store.set('user_1', eth, { share: shares.device, authHash: await sha256Hex(shares.auth) });
    const out = await dev.call(FRAME_EVENTS.solanaCreate, { ...base, ethereumAddress: eth });
    expect(out).toMatchObject({ derived: false });
    expect(server.creates[0]).toMatchObject({ address: out.address, recovery_method: 'latchkey' });
    expect(server.creates[0]!.derived_from).toBeUndefined();
  });

  it('connect rebuilds the key on a new frame, and rejects an address the shares do not rebuild', async () => {
    const server = solanaServer();
    const dev = device(server);
    const address = (await dev.call(FRAME_EVENTS.solanaCreate, base)).address as string;
    const reopened = device(server, dev.storage);
    const before = server.count(ROUTES.walletAuthShare);
    await expect(reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address })).resolves.toEqual({
      address,
      deviceStorage: 'local',
    });
    expect(server.count(ROUTES.walletAuthShare)).toBe(before + 1);

    // Another (valid) Solana address: no device share for it here.
    const stranger = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    await expect(
      rejection(reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address: stranger })),
    ).resolves.toMatchObject({ type: 'wallet_not_on_device' });
    // The wallet's shares filed under another address: rebuilt, but the address check refuses.
    dev.storage.map.set(
      deviceShareKey(APP_ID, 'user_1', stranger),
      dev.storage.map.get(deviceShareKey(APP_ID, 'user_1', address))!,
    );
    const wallet = server.wallets.get(address.toLowerCase())!;
    server.wallets.set(stranger.toLowerCase(), { ...wallet, address: stranger });
    const error = await rejection(
      device(server, dev.storage).call(FRAME_EVENTS.solanaConnect, { ...base, address: stranger }),
    );
    expect(error).toMatchObject({ name: 'ShareIntegrityError', type: 'error' });
    // Not a Solana address at all.
    await expect(
      rejection(reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address: '0xabc' })),
    ).resolves.toMatchObject({ type: 'invalid_request_arguments' });
  });

  it('connect of an MFA user without a fresh verification answers locked, unless unlock is asked', async () => {
    const server = solanaServer();
    const dev = device(server);
    const address = (await dev.call(FRAME_EVENTS.solanaCreate, base)).address as string;
    server.setMfa('refuse');
    const reopened = device(server, dev.storage);
    expect(await reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address })).toEqual({
      address,
      deviceStorage: 'local',
      locked: true,
    });
    await expect(
      rejection(reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address, unlock: true })),
    ).resolves.toMatchObject({ type: 'missing_or_invalid_mfa' });
  });

  it('recover on a new device rebuilds from recovery + auth, reshares with an ed25519 proof, then connects', async () => {
    const server = solanaServer();
    const address = (await device(server).call(FRAME_EVENTS.solanaCreate, base)).address as string;
    const laptop = device(server);
    expect(await laptop.call(FRAME_EVENTS.solanaRecover, { ...base, address })).toEqual({
      address,
      deviceStorage: 'local',
    });
    expect(server.reshares).toHaveLength(1);
    expect(server.reshares[0]).toMatchObject({ address, recovery_method: 'latchkey' });
    const reopened = device(server, laptop.storage);
    await expect(reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address })).resolves.toEqual({
      address,
      deviceStorage: 'local',
    });
  });

  it("recovering a derived wallet reshares its Ethereum source; this device's Ethereum share is kept in step", async () => {
    const server = solanaServer();
    const dev = device(server);
    const eth = (await dev.call(FRAME_EVENTS.walletCreate, base)).address as Address;
    const address = (await dev.call(FRAME_EVENTS.solanaCreate, { ...base, ethereumAddress: eth }))
      .address as string;
    const oldAuth = server.wallets.get(eth.toLowerCase())!.auth_share;
    await dev.call(FRAME_EVENTS.solanaRecover, { ...base, address });
    // The source wallet's shares were replaced (the old ones die), by the Solana key's proof.
    expect(server.wallets.get(eth.toLowerCase())!.auth_share).not.toBe(oldAuth);
    expect(server.reshares[0]).toMatchObject({ address });
    const reopened = device(server, dev.storage);
    await expect(
      reopened.call(FRAME_EVENTS.walletConnect, { ...base, address: eth }),
    ).resolves.toEqual({ address: eth, deviceStorage: 'local' });
    await expect(reopened.call(FRAME_EVENTS.solanaConnect, { ...base, address })).resolves.toEqual({
      address,
      deviceStorage: 'local',
    });
  });

  it('signMessage (no prompt, printable text) verifies with ed25519, and not for another message', async () => {
    const server = solanaServer();
    const dev = device(server);
    const address = (await dev.call(FRAME_EVENTS.solanaCreate, base)).address as string;
    const answer = await signMessage(dev, address, utf8('Sign in to example.com\nNonce: 42'));
    expect(Object.keys(answer)).toEqual(['signature']);
    const signature = fromBase64(String(answer.signature));
    expect(signature).toHaveLength(64);
    const publicKey = base58.decode(address);
    expect(ed25519.verify(signature, utf8('Sign in to example.com\nNonce: 42'), publicKey)).toBe(
      true,
    );
    expect(ed25519.verify(signature, utf8('Sign in to evil.com\nNonce: 42'), publicKey)).toBe(
      false,
    );
  });

  it("the host's message alone never signs: no noPrompt, a transaction, transaction bytes as a message, no policy", async () => {
    const server = solanaServer();
    const dev = device(server);
    const address = (await dev.call(FRAME_EVENTS.solanaCreate, base)).address as string;
    const fetchesBefore = server.count(ROUTES.walletAuthShare);
    const wire = unsignedTransfer(address);
    const refusals = [
      dev.call(FRAME_EVENTS.solanaRpc, {
        ...base,
        address,
        request: { method: 'signMessage', params: { message: toBase64(utf8('hello')) } },
      }),
      dev.call(FRAME_EVENTS.solanaRpc, {
        ...base,
        address,
        noPrompt: true,
        request: { method: 'signTransaction', params: { transaction: wire } },
      }),
      // The message bytes of a transaction passed off as a message.
      signMessage(
        dev,
        address,
        Uint8Array.from(getTransactionDecoder().decode(fromBase64(wire)).messageBytes),
      ),
      signMessage(device(server, dev.storage, null), address, utf8('hello')),
    ];
    for (const refusal of refusals) {
      await expect(rejection(refusal)).resolves.toMatchObject({ type: 'approval_required' });
    }
    expect(server.count(ROUTES.walletAuthShare)).toBe(fetchesBefore);
    await expect(
      rejection(
        dev.call(FRAME_EVENTS.solanaRpc, {
          ...base,
          address,
          noPrompt: true,
          request: { method: 'signAndSendTransaction', params: { transaction: wire } },
        }),
      ),
    ).resolves.toMatchObject({ type: 'invalid_request_arguments' });
  });

  it("signSolanaRequest (the approval path's signer) puts the signature in the wallet's slot of the wire transaction", () => {
    const privateKey = ed25519.utils.randomSecretKey();
    const address = base58.encode(ed25519.getPublicKey(privateKey));
    const wire = unsignedTransfer(address);
    const answer = signSolanaRequest(privateKey, address, {
      method: 'signTransaction',
      params: { transaction: wire },
    });
    const signed = getTransactionDecoder().decode(
      fromBase64((answer as { signedTransaction: string }).signedTransaction),
    );
    const unsigned = getTransactionDecoder().decode(fromBase64(wire));
    expect(Uint8Array.from(signed.messageBytes)).toEqual(Uint8Array.from(unsigned.messageBytes));
    const signature = signed.signatures[address as SolanaAddress]!;
    expect(
      ed25519.verify(
        Uint8Array.from(signature),
        Uint8Array.from(signed.messageBytes),
        base58.decode(address),
      ),
    ).toBe(true);
    // A transaction that does not ask this wallet's signature, and bytes that are no transaction.
    const stranger = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    expect(() =>
      signSolanaRequest(privateKey, address, {
        method: 'signTransaction',
        params: { transaction: unsignedTransfer(stranger) },
      }),
    ).toThrow(/does not ask/);
    expect(() =>
      signSolanaRequest(privateKey, address, {
        method: 'signTransaction',
        params: { transaction: toBase64(utf8('not a transaction')) },
      }),
    ).toThrow(/wire transaction/);
  });
});
