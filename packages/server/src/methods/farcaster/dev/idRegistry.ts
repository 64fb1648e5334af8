/**
 * A stand-in Farcaster Id Registry for development and tests (issue 16). Sign In With Farcaster
 * verification (`@farcaster/auth-client`'s `viemConnector({ rpcUrl })`) reads the Id Registry
 * at `FARCASTER_ID_REGISTRY_ADDRESS` on OP Mainnet, which is out of reach here; these helpers
 * place `IdRegistryStandIn.sol` at that same address on a local anvil chain (`anvil_setCode`),
 * so auth-client's own connector works unchanged, and register fids on it.
 *
 * Development and test only: every helper refuses or fails on a chain other than anvil's 31337.
 */
import { FARCASTER_ID_REGISTRY_ADDRESS } from '@latchkey/api';
import { placeStandIn, type StandInContract, standInWriter } from './anvil.ts';

/**
 * The solc standard-JSON `settings` (without `outputSelection`) that produce
 * {@link ID_REGISTRY_STAND_IN_RUNTIME} from `IdRegistryStandIn.sol` with solc 0.8.37: optimizer
 * on (200 runs), EVM version cancun, and no metadata hash or CBOR trailer so the output is
 * deterministic. The test compiles the source with exactly these settings (issue 16).
 */
export const ID_REGISTRY_STAND_IN_SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
} as const;

/**
 * The runtime (deployed) bytecode of `IdRegistryStandIn.sol`, compiled with solc 0.8.37 and
 * {@link ID_REGISTRY_STAND_IN_SOLC_SETTINGS}; hex, 0x-prefixed. The test recompiles the source
 * and fails if this drifts from it. Development and test only (issue 16).
 */
export const ID_REGISTRY_STAND_IN_RUNTIME: `0x${string}` =
  '0x608060405234801561000f575f5ffd5b506004361061004a575f3560e01c80634420e4861461004e57806365269e4714610074578063d94fe832146100b4578063eb08ab28146100d3575b5f5ffd5b61006161005c366004610189565b6100db565b6040519081526020015b60405180910390f35b61009c6100823660046101b6565b60026020525f90815260409020546001600160a01b031681565b6040516001600160a01b03909116815260200161006b565b6100616100c2366004610189565b60016020525f908152604090205481565b6100615f5481565b6001600160a01b0381165f90815260016020526040812054156101115760405163f90230a960e01b815260040160405180910390fd5b505f805460019081018083556001600160a01b038416808452602092835260408085208390558285526002845280852080546001600160a01b0319168317905551938452909283927ff2e19a901b0748d8b08e428d0468896a039ac751ec4fec49b44b7b9c28097e45910160405180910390a3919050565b5f60208284031215610199575f5ffd5b81356001600160a01b03811681146101af575f5ffd5b9392505050565b5f602082840312156101c6575f5ffd5b503591905056';

/**
 * The ABI of `IdRegistryStandIn.sol` for viem: `idOf(address)` -> fid (0 when none),
 * `custodyOf(uint256)` -> custody address (zero address when unassigned), `idCounter()` -> the
 * last fid assigned, `register(address)` -> the new fid (reverts with `HasId()` when the
 * address already has one), and the `Register(to, id, recovery)` event. Issue 16.
 */
export const idRegistryStandInAbi = [
  {
    inputs: [],
    name: 'HasId',
    type: 'error',
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'address',
        name: 'to',
        type: 'address',
      },
      {
        indexed: true,
        internalType: 'uint256',
        name: 'id',
        type: 'uint256',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'recovery',
        type: 'address',
      },
    ],
    name: 'Register',
    type: 'event',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
    ],
    name: 'custodyOf',
    outputs: [
      {
        internalType: 'address',
        name: 'custody',
        type: 'address',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'idCounter',
    outputs: [
      {
        internalType: 'uint256',
        name: '',
        type: 'uint256',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'address',
        name: 'owner',
        type: 'address',
      },
    ],
    name: 'idOf',
    outputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'address',
        name: 'to',
        type: 'address',
      },
    ],
    name: 'register',
    outputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
    ],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const;

const ID_REGISTRY: StandInContract = {
  name: 'Farcaster Id Registry',
  address: FARCASTER_ID_REGISTRY_ADDRESS,
  runtime: ID_REGISTRY_STAND_IN_RUNTIME,
};

/**
 * Places the stand-in Id Registry at `FARCASTER_ID_REGISTRY_ADDRESS` on a local anvil chain
 * with `anvil_setCode`, for Farcaster development and tests (issue 16). Idempotent: when the
 * address already holds {@link ID_REGISTRY_STAND_IN_RUNTIME}, nothing is written, so fids
 * registered earlier are kept.
 * @param rpcUrl the anvil's HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8545`.
 * @throws Error when the chain's `eth_chainId` is not 31337 (anvil's development chain: this
 *   never writes to a real chain), and viem's errors when the RPC fails or is not an anvil.
 */
export async function installIdRegistryStandIn(rpcUrl: string): Promise<void> {
  await placeStandIn(rpcUrl, ID_REGISTRY);
}

/**
 * The fid of a custody address on the stand-in Id Registry, registering it first when it has
 * none: a `register(custody)` transaction sent with `eth_sendTransaction` from anvil's first
 * unlocked account (`eth_accounts[0]`), waited for until mined. For Farcaster development and
 * tests (issue 16); call {@link installIdRegistryStandIn} first.
 * @param rpcUrl the anvil's HTTP JSON-RPC URL.
 * @param custody the custody address (0x-prefixed, 20 bytes).
 * @returns the fid (a positive integer; fids start at 1).
 * @throws Error when the chain is not anvil's 31337, the stand-in is not installed, the node has
 *   no unlocked account, or the transaction reverts; viem's errors when the RPC fails.
 */
export async function registerFid(rpcUrl: string, custody: `0x${string}`): Promise<bigint> {
  const { publicClient, walletClient, sender, confirm } = await standInWriter(
    rpcUrl,
    ID_REGISTRY,
    `register a Farcaster fid for ${custody}`,
  );
  const idOf = () =>
    publicClient.readContract({
      address: FARCASTER_ID_REGISTRY_ADDRESS,
      abi: idRegistryStandInAbi,
      functionName: 'idOf',
      args: [custody],
    });
  const existing = await idOf();
  if (existing !== 0n) return existing;

  const hash = await confirm(
    await walletClient.writeContract({
      account: sender,
      address: FARCASTER_ID_REGISTRY_ADDRESS,
      abi: idRegistryStandInAbi,
      functionName: 'register',
      args: [custody],
    }),
  );
  const fid = await idOf();
  if (fid === 0n) throw new Error(`${custody} has no fid after register (transaction ${hash})`);
  return fid;
}
