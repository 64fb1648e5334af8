/**
 * The stand-in Farcaster Id Registry (issue 16): its committed runtime bytecode matches
 * `IdRegistryStandIn.sol` compiled with solc 0.8.37, and on a real anvil it is installed at the
 * Id Registry's address, registers fids, and answers `@farcaster/auth-client`'s own
 * `viemConnector`. It refuses any chain other than anvil's 31337.
 */
import { readFile } from 'node:fs/promises';
import { viemConnector } from '@farcaster/auth-client';
import { FARCASTER_ID_REGISTRY_ADDRESS } from '@latchkey/api';
import solc from 'solc';
import { createPublicClient, getAddress, http, isAddressEqual, zeroAddress } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type TestAnvil } from '../../../../../../test-support/anvil.ts';
import {
  ID_REGISTRY_STAND_IN_RUNTIME,
  ID_REGISTRY_STAND_IN_SOLC_SETTINGS,
  idRegistryStandInAbi,
  installIdRegistryStandIn,
  registerFid,
} from './idRegistry.ts';

const FIRST: `0x${string}` = '0x00000000000000000000000000000000000f1d01';
/** Checksummed, as wallets hand addresses over. */
const SECOND = getAddress('0x00000000000000000000000000000000000f1d02');
const UNREGISTERED: `0x${string}` = '0x00000000000000000000000000000000000f1d03';

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { deployedBytecode: { object: string } } }>
  >;
}

describe('IdRegistryStandIn.sol', () => {
  it('compiles to ID_REGISTRY_STAND_IN_RUNTIME and idRegistryStandInAbi', async () => {
    const source = await readFile(new URL('./IdRegistryStandIn.sol', import.meta.url), 'utf8');
    const input = {
      language: 'Solidity',
      sources: { 'IdRegistryStandIn.sol': { content: source } },
      settings: {
        ...ID_REGISTRY_STAND_IN_SOLC_SETTINGS,
        outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
      },
    };
    expect(solc.version()).toMatch(/^0\.8\.37\+/);
    const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
    const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
    expect(errors.map((e) => e.formattedMessage)).toEqual([]);
    const contract = output.contracts?.['IdRegistryStandIn.sol']?.['IdRegistryStandIn'];
    expect(contract).toBeDefined();
    expect(`0x${contract!.evm.deployedBytecode.object}`).toBe(ID_REGISTRY_STAND_IN_RUNTIME);
    expect(contract!.abi).toEqual(idRegistryStandInAbi);
  });
});

describe('the stand-in on anvil (chain 31337)', () => {
  let anvil: TestAnvil | undefined;
  let rpcUrl: string;
  const client = () => createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const registry = { address: FARCASTER_ID_REGISTRY_ADDRESS, abi: idRegistryStandInAbi } as const;
  const idCounter = () => client().readContract({ ...registry, functionName: 'idCounter' });
  const idOf = (custody: `0x${string}`) =>
    client().readContract({ ...registry, functionName: 'idOf', args: [custody] });
  const custodyOf = (fid: bigint) =>
    client().readContract({ ...registry, functionName: 'custodyOf', args: [fid] });

  beforeAll(async () => {
    anvil = await startAnvil();
    rpcUrl = anvil.rpcUrl;
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('installs, registers fids 1 and 2, and answers auth-client', async () => {
    await installIdRegistryStandIn(rpcUrl);
    expect(await idCounter()).toBe(0n);

    expect(await registerFid(rpcUrl, FIRST)).toBe(1n);
    expect(await registerFid(rpcUrl, SECOND)).toBe(2n);
    expect(await idCounter()).toBe(2n);

    expect(await registerFid(rpcUrl, FIRST)).toBe(1n);
    expect(await idCounter()).toBe(2n);

    expect(isAddressEqual(await custodyOf(2n), SECOND)).toBe(true);
    expect(isAddressEqual(await custodyOf(1n), FIRST)).toBe(true);
    expect(await custodyOf(3n)).toBe(zeroAddress);
    expect(await idOf(SECOND)).toBe(2n);

    const events = await client().getContractEvents({
      ...registry,
      eventName: 'Register',
      fromBlock: 0n,
    });
    expect(events.map(({ args }) => args)).toEqual([
      { to: getAddress(FIRST), id: 1n, recovery: zeroAddress },
      { to: SECOND, id: 2n, recovery: zeroAddress },
    ]);

    const connector = viemConnector({ rpcUrl });
    expect(await connector.getFid(FIRST)).toBe(1n);
    expect(await connector.getFid(SECOND)).toBe(2n);
    expect(await connector.getFid(UNREGISTERED)).toBe(0n);
  });

  // Runs after the test above, on the same anvil.
  it('installing again keeps the registered fids', async () => {
    await installIdRegistryStandIn(rpcUrl);
    expect(await idCounter()).toBe(2n);
    expect(await registerFid(rpcUrl, SECOND)).toBe(2n);
    expect(await viemConnector({ rpcUrl }).getFid(FIRST)).toBe(1n);
    expect(await registerFid(rpcUrl, UNREGISTERED)).toBe(3n);
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

  it('refuses to install and writes no code', async () => {
    const { rpcUrl } = anvil!;
    await expect(installIdRegistryStandIn(rpcUrl)).rejects.toThrow(/chain id 10 .*31337/);
    const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({
      address: FARCASTER_ID_REGISTRY_ADDRESS,
    });
    expect(code ?? '0x').toBe('0x');
    await expect(registerFid(rpcUrl, FIRST)).rejects.toThrow(/chain id 10 .*31337/);
  });
});
