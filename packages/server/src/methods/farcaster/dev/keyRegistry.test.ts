/**
 * Farcaster's Key Registry (issue 16: Farcaster signer): the stand-in's committed runtime
 * bytecode matches `KeyRegistryStandIn.sol` compiled with solc 0.8.37, its read interface is the
 * real registry's (as in `@farcaster/auth-client`), and on a real anvil it is installed at the
 * Key Registry's address, adds and removes signer keys, and answers {@link readKeyState} and
 * auth-client's own `viemConnector`. Installing and writing refuse any chain other than anvil's
 * 31337; reading does not.
 */
import { readFile } from 'node:fs/promises';
import { viemConnector } from '@farcaster/auth-client';
import solc from 'solc';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  getAddress,
  http,
  keccak256,
  type Abi,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type TestAnvil } from '../../../../../../test-support/anvil.ts';
import { ID_REGISTRY_STAND_IN_SOLC_SETTINGS } from './idRegistry.ts';
import {
  FARCASTER_KEY_REGISTRY_ADDRESS,
  KEY_REGISTRY_STAND_IN_RUNTIME,
  addSignerKey,
  installKeyRegistryStandIn,
  keyRegistryStandInAbi,
  removeSignerKey,
} from './keyRegistry.ts';
import { readKeyState } from '../registries.ts';

/** An ed25519 public key (32 bytes). */
const KEY: `0x${string}` = `0x${'a1'.repeat(32)}`;
const OTHER_KEY: `0x${string}` = `0x${'b2'.repeat(32)}`;
const FID = 7n;
const OTHER_FID = 8n;

/** `KEY_REGISTRY_ADDRESS` in `@farcaster/auth-client` 0.7.1 (not exported). */
const AUTH_CLIENT_KEY_REGISTRY_ADDRESS = '0x00000000fc1237824fb747abde0ff18990e59b7e';

/**
 * The fragments of `keyRegistryABI` in `@farcaster/auth-client` 0.7.1 (not exported; copied from
 * its `dist/index.mjs`) that the stand-in mirrors: `InvalidState`, `Add` and `Remove` (the
 * registry's, not the guardians' events of the same names), `keyDataOf`, `keys`, `totalKeys`.
 */
const REAL_FRAGMENTS: Abi = [
  { inputs: [], name: 'InvalidState', type: 'error' },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'fid', type: 'uint256' },
      { indexed: true, internalType: 'uint32', name: 'keyType', type: 'uint32' },
      { indexed: true, internalType: 'bytes', name: 'key', type: 'bytes' },
      { indexed: false, internalType: 'bytes', name: 'keyBytes', type: 'bytes' },
      { indexed: false, internalType: 'uint8', name: 'metadataType', type: 'uint8' },
      { indexed: false, internalType: 'bytes', name: 'metadata', type: 'bytes' },
    ],
    name: 'Add',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'fid', type: 'uint256' },
      { indexed: true, internalType: 'bytes', name: 'key', type: 'bytes' },
      { indexed: false, internalType: 'bytes', name: 'keyBytes', type: 'bytes' },
    ],
    name: 'Remove',
    type: 'event',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'fid', type: 'uint256' },
      { internalType: 'bytes', name: 'key', type: 'bytes' },
    ],
    name: 'keyDataOf',
    outputs: [
      {
        components: [
          { internalType: 'enum IKeyRegistry.KeyState', name: 'state', type: 'uint8' },
          { internalType: 'uint32', name: 'keyType', type: 'uint32' },
        ],
        internalType: 'struct IKeyRegistry.KeyData',
        name: '',
        type: 'tuple',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'fid', type: 'uint256' },
      { internalType: 'bytes', name: 'key', type: 'bytes' },
    ],
    name: 'keys',
    outputs: [
      { internalType: 'enum IKeyRegistry.KeyState', name: 'state', type: 'uint8' },
      { internalType: 'uint32', name: 'keyType', type: 'uint32' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'fid', type: 'uint256' },
      { internalType: 'enum IKeyRegistry.KeyState', name: 'state', type: 'uint8' },
    ],
    name: 'totalKeys',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
];

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { deployedBytecode: { object: string } } }>
  >;
}

describe('KeyRegistryStandIn.sol', () => {
  it('compiles to KEY_REGISTRY_STAND_IN_RUNTIME and keyRegistryStandInAbi', async () => {
    const source = await readFile(new URL('./KeyRegistryStandIn.sol', import.meta.url), 'utf8');
    const input = {
      language: 'Solidity',
      sources: { 'KeyRegistryStandIn.sol': { content: source } },
      settings: {
        ...ID_REGISTRY_STAND_IN_SOLC_SETTINGS,
        outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
      },
    };
    expect(solc.version()).toMatch(/^0\.8\.37\+/);
    const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
    const diagnostics = (output.errors ?? []).filter((e) => e.severity !== 'info');
    expect(diagnostics.map((e) => e.formattedMessage)).toEqual([]);
    const contract = output.contracts?.['KeyRegistryStandIn.sol']?.['KeyRegistryStandIn'];
    expect(contract).toBeDefined();
    expect(`0x${contract!.evm.deployedBytecode.object}`).toBe(KEY_REGISTRY_STAND_IN_RUNTIME);
    expect(contract!.abi).toEqual(keyRegistryStandInAbi);
  });

  it("mirrors the real Key Registry's address and read interface", () => {
    expect(getAddress(FARCASTER_KEY_REGISTRY_ADDRESS)).toBe(FARCASTER_KEY_REGISTRY_ADDRESS);
    expect(FARCASTER_KEY_REGISTRY_ADDRESS.toLowerCase()).toBe(AUTH_CLIENT_KEY_REGISTRY_ADDRESS);
    expect(REAL_FRAGMENTS).toHaveLength(6);
    for (const fragment of REAL_FRAGMENTS) {
      expect(keyRegistryStandInAbi).toContainEqual(fragment);
    }
  });
});

describe('the stand-in on anvil (chain 31337)', () => {
  let anvil: TestAnvil | undefined;
  let rpcUrl: string;
  const client = () => createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const registry = {
    address: FARCASTER_KEY_REGISTRY_ADDRESS,
    abi: keyRegistryStandInAbi,
  } as const;
  const keyDataOf = (fid: bigint, key: `0x${string}`) =>
    client().readContract({ ...registry, functionName: 'keyDataOf', args: [fid, key] });
  const totals = async (fid: bigint) =>
    Promise.all(
      [0, 1, 2].map((state) =>
        client().readContract({ ...registry, functionName: 'totalKeys', args: [fid, state] }),
      ),
    );

  beforeAll(async () => {
    anvil = await startAnvil();
    rpcUrl = anvil.rpcUrl;
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('refuses to write before the stand-in is installed', async () => {
    await expect(addSignerKey(rpcUrl, FID, KEY)).rejects.toThrow(/not installed/);
    await expect(readKeyState(rpcUrl, FID, KEY)).rejects.toThrow();
  });

  it('installs, adds a signer key, removes it, and refuses invalid transitions', async () => {
    await installKeyRegistryStandIn(rpcUrl);
    expect(await client().getCode({ address: FARCASTER_KEY_REGISTRY_ADDRESS })).toBe(
      KEY_REGISTRY_STAND_IN_RUNTIME,
    );
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('null');
    expect(await keyDataOf(FID, KEY)).toEqual({ state: 0, keyType: 0 });
    expect(await totals(FID)).toEqual([0n, 0n, 0n]);

    const addHash = await addSignerKey(rpcUrl, FID, KEY);
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('added');
    expect(await keyDataOf(FID, KEY)).toEqual({ state: 1, keyType: 1 });
    expect(await totals(FID)).toEqual([0n, 1n, 0n]);
    // Keys are per fid.
    expect(await readKeyState(rpcUrl, OTHER_FID, KEY)).toBe('null');
    expect(await readKeyState(rpcUrl, FID, OTHER_KEY)).toBe('null');

    const added = await client().getContractEvents({
      ...registry,
      eventName: 'Add',
      args: { fid: FID },
      fromBlock: 0n,
    });
    expect(added).toHaveLength(1);
    expect(added[0]!.transactionHash).toBe(addHash);
    expect(added[0]!.args).toEqual({
      fid: FID,
      keyType: 1,
      key: keccak256(KEY), // an indexed `bytes` is its hash
      keyBytes: KEY,
      metadataType: 1,
      metadata: '0x',
    });

    await expect(addSignerKey(rpcUrl, FID, KEY)).rejects.toThrow(/InvalidState/);
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('added');

    const removeHash = await removeSignerKey(rpcUrl, FID, KEY);
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('removed');
    expect(await keyDataOf(FID, KEY)).toEqual({ state: 2, keyType: 1 });
    expect(await totals(FID)).toEqual([0n, 0n, 1n]);
    const removed = await client().getContractEvents({
      ...registry,
      eventName: 'Remove',
      fromBlock: 0n,
    });
    expect(removed.map(({ args, transactionHash }) => ({ args, transactionHash }))).toEqual([
      { args: { fid: FID, key: keccak256(KEY), keyBytes: KEY }, transactionHash: removeHash },
    ]);

    await expect(removeSignerKey(rpcUrl, FID, KEY)).rejects.toThrow(/InvalidState/);
    // Removal is final.
    await expect(addSignerKey(rpcUrl, FID, KEY)).rejects.toThrow(/InvalidState/);
    // Never added.
    await expect(removeSignerKey(rpcUrl, FID, OTHER_KEY)).rejects.toThrow(/InvalidState/);
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('removed');
  });

  it('refuses a key that is not 32 bytes of hex', async () => {
    await expect(addSignerKey(rpcUrl, FID, `0x${'a1'.repeat(20)}`)).rejects.toThrow(/32 bytes/);
    await expect(removeSignerKey(rpcUrl, FID, `0x${'zz'.repeat(32)}`)).rejects.toThrow(/32 bytes/);
  });

  // Runs after the tests above, on the same anvil.
  it('installing again keeps the keys', async () => {
    await installKeyRegistryStandIn(rpcUrl);
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('removed');
    await addSignerKey(rpcUrl, OTHER_FID, KEY);
    expect(await readKeyState(rpcUrl, OTHER_FID, KEY)).toBe('added');
  });

  it("answers auth-client's own keyDataOf ABI (viemConnector.isValidAuthAddress)", async () => {
    // An auth address is a key of type 2: the address ABI-encoded to 32 bytes.
    const authAddress = getAddress('0x00000000000000000000000000000000000a0711');
    const authKey = encodeAbiParameters([{ type: 'address' }], [authAddress]);
    const connector = viemConnector({ rpcUrl });
    expect(await connector.isValidAuthAddress(authAddress, FID)).toBe(false);

    const walletClient = createWalletClient({ chain: foundry, transport: http(rpcUrl) });
    const [sender] = await walletClient.getAddresses();
    const hash = await walletClient.writeContract({
      ...registry,
      account: sender!,
      functionName: 'add',
      args: [FID, 2, authKey, 1, '0x'],
    });
    expect((await client().waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await connector.isValidAuthAddress(authAddress, FID)).toBe(true);
    expect(await readKeyState(rpcUrl, FID, authKey)).toBe('added');
  });
});

describe('the stand-in on a chain other than 31337', () => {
  let anvil: TestAnvil | undefined;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 10 });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('refuses to install or write, and writes no code', async () => {
    const { rpcUrl } = anvil!;
    await expect(installKeyRegistryStandIn(rpcUrl)).rejects.toThrow(/chain id 10 .*31337/);
    const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({
      address: FARCASTER_KEY_REGISTRY_ADDRESS,
    });
    expect(code ?? '0x').toBe('0x');
    await expect(addSignerKey(rpcUrl, FID, KEY)).rejects.toThrow(/chain id 10 .*31337/);
    await expect(removeSignerKey(rpcUrl, FID, KEY)).rejects.toThrow(/chain id 10 .*31337/);
    // No contract at the address: readKeyState fails rather than answering 'null'.
    await expect(readKeyState(rpcUrl, FID, KEY)).rejects.toThrow();
  });

  // Runs after the test above, on the same anvil.
  it('readKeyState reads any chain: no chain-id check, as on OP Mainnet', async () => {
    const { rpcUrl } = anvil!;
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setCode({
      address: FARCASTER_KEY_REGISTRY_ADDRESS,
      bytecode: KEY_REGISTRY_STAND_IN_RUNTIME,
    });
    expect(await readKeyState(rpcUrl, FID, KEY)).toBe('null');
  });
});
