/**
 * A stand-in for Farcaster's Key Registry (issue 16: Farcaster signer and auth addresses): these
 * helpers place `KeyRegistryStandIn.sol` at the Key Registry's address
 * (`FARCASTER_KEY_REGISTRY_ADDRESS` of `../registries.ts`, where the production reads go) on a
 * local anvil chain (`anvil_setCode`), and add or remove signer keys and auth addresses on it.
 *
 * Development and test only: every helper refuses or fails on a chain other than anvil's 31337.
 */
import { encodeAbiParameters, isHex, size } from 'viem';
import { FARCASTER_KEY_REGISTRY_ADDRESS, KEY_TYPES } from '../registries.ts';
import { placeStandIn, type StandInContract, standInWriter } from './anvil.ts';

export { FARCASTER_KEY_REGISTRY_ADDRESS };

/** The Key Registry's metadata type of a signed key request. */
const SIGNED_KEY_REQUEST_METADATA_TYPE = 1;

/** The size in bytes of an ed25519 public key. */
const ED25519_PUBLIC_KEY_BYTES = 32;

/**
 * The runtime (deployed) bytecode of `KeyRegistryStandIn.sol`, compiled with solc 0.8.37 and
 * `ID_REGISTRY_STAND_IN_SOLC_SETTINGS` (from `./idRegistry.ts`); hex, 0x-prefixed. The test
 * recompiles the source and fails if this drifts from it. Development and test only (issue 16).
 */
export const KEY_REGISTRY_STAND_IN_RUNTIME: `0x${string}` =
  '0x608060405234801561000f575f5ffd5b5060043610610055575f3560e01c80630e24e34c146100595780635091d928146100b85780636840b75e146100cd578063ac34cc5a146100ee578063e008f0221461010e575b5f5ffd5b6100a1610067366004610440565b5f602081815292815260409020815180830184018051928152908401929093019190912091525460ff811690610100900463ffffffff1682565b6040516100af929190610531565b60405180910390f35b6100cb6100c6366004610597565b610121565b005b6100e06100db366004610641565b610236565b6040519081526020016100af565b6101016100fc366004610672565b61027d565b6040516100af91906106ba565b6100cb61011c366004610672565b61030a565b5f87815260208190526040808220905161013e90889088906106e0565b90815260405190819003602001902090505f815460ff166002811115610166576101666104fd565b146101845760405163baf3f0f760e01b815260040160405180910390fd5b8054600164ffffffffff1990911661010063ffffffff8a160217811782555f8981526020829052604081209181526020019081526020015f205f81546101c990610703565b909155506040516101dd90879087906106e0565b60405180910390208763ffffffff16897f7d285df41058466977811345cd453c0c52e8d841ffaabc74fc050f277ad4de028989898989604051610224959493929190610743565b60405180910390a45050505050505050565b5f82815260016020526040812081836002811115610256576102566104fd565b6002811115610267576102676104fd565b81526020019081526020015f2054905092915050565b604080518082019091525f80825260208201525f848152602081905260409081902090516102ae90859085906106e0565b908152604080519182900360200182208282019091528054829060ff1660028111156102dc576102dc6104fd565b60028111156102ed576102ed6104fd565b81529054610100900463ffffffff16602090910152949350505050565b5f83815260208190526040808220905161032790859085906106e0565b90815260405190819003602001902090506001815460ff166002811115610350576103506104fd565b1461036e5760405163baf3f0f760e01b815260040160405180910390fd5b805460ff191660021781555f8481526001602081905260408220919081526020019081526020015f205f81546103a39061077e565b909155505f84815260016020526040812090600281526020019081526020015f205f81546103d090610703565b909155506040516103e490849084906106e0565b6040518091039020847f09e77066e0155f46785be12f6938a6b2e4be4381e59058129ce15f355cb96958858560405161041e929190610793565b60405180910390a350505050565b634e487b7160e01b5f52604160045260245ffd5b5f5f60408385031215610451575f5ffd5b82359150602083013567ffffffffffffffff81111561046e575f5ffd5b8301601f8101851361047e575f5ffd5b803567ffffffffffffffff8111156104985761049861042c565b604051601f8201601f19908116603f0116810167ffffffffffffffff811182821017156104c7576104c761042c565b6040528181528282016020018710156104de575f5ffd5b816020840160208301375f602083830101528093505050509250929050565b634e487b7160e01b5f52602160045260245ffd5b6003811061052d57634e487b7160e01b5f52602160045260245ffd5b9052565b6040810161053f8285610511565b63ffffffff831660208301529392505050565b5f5f83601f840112610562575f5ffd5b50813567ffffffffffffffff811115610579575f5ffd5b602083019150836020828501011115610590575f5ffd5b9250929050565b5f5f5f5f5f5f5f60a0888a0312156105ad575f5ffd5b87359650602088013563ffffffff811681146105c7575f5ffd5b9550604088013567ffffffffffffffff8111156105e2575f5ffd5b6105ee8a828b01610552565b909650945050606088013560ff81168114610607575f5ffd5b9250608088013567ffffffffffffffff811115610622575f5ffd5b61062e8a828b01610552565b989b979a50959850939692959293505050565b5f5f60408385031215610652575f5ffd5b82359150602083013560038110610667575f5ffd5b809150509250929050565b5f5f5f60408486031215610684575f5ffd5b83359250602084013567ffffffffffffffff8111156106a1575f5ffd5b6106ad86828701610552565b9497909650939450505050565b5f6040820190506106cc828451610511565b60209283015163ffffffff16919092015290565b818382375f9101908152919050565b634e487b7160e01b5f52601160045260245ffd5b5f60018201610714576107146106ef565b5060010190565b81835281816020850137505f828201602090810191909152601f909101601f19169091010190565b606081525f61075660608301878961071b565b60ff86166020840152828103604084015261077281858761071b565b98975050505050505050565b5f8161078c5761078c6106ef565b505f190190565b602081525f6107a660208301848661071b565b94935050505056';

/**
 * The ABI of `KeyRegistryStandIn.sol` for viem (issue 16). Its read functions, events and error
 * are identical to the real Key Registry's (as in `@farcaster/auth-client`'s ABI):
 * `keyDataOf(fid, key)` -> `{ state, keyType }` (state 0 NULL, 1 ADDED, 2 REMOVED; keyType
 * 1 = ed25519 signer, 0 when never added), `keys(fid, key)` -> `[state, keyType]`,
 * `totalKeys(fid, state)` -> a count, the `Add` and `Remove` events and `InvalidState()`.
 * Its writes are the stand-in's own (development and test only, no access control):
 * `add(fid, keyType, key, metadataType, metadata)` (reverts with `InvalidState()` unless the
 * key is NULL) and `remove(fid, key)` (reverts with `InvalidState()` unless it is ADDED).
 */
export const keyRegistryStandInAbi = [
  {
    inputs: [],
    name: 'InvalidState',
    type: 'error',
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        indexed: true,
        internalType: 'uint32',
        name: 'keyType',
        type: 'uint32',
      },
      {
        indexed: true,
        internalType: 'bytes',
        name: 'key',
        type: 'bytes',
      },
      {
        indexed: false,
        internalType: 'bytes',
        name: 'keyBytes',
        type: 'bytes',
      },
      {
        indexed: false,
        internalType: 'uint8',
        name: 'metadataType',
        type: 'uint8',
      },
      {
        indexed: false,
        internalType: 'bytes',
        name: 'metadata',
        type: 'bytes',
      },
    ],
    name: 'Add',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        indexed: true,
        internalType: 'bytes',
        name: 'key',
        type: 'bytes',
      },
      {
        indexed: false,
        internalType: 'bytes',
        name: 'keyBytes',
        type: 'bytes',
      },
    ],
    name: 'Remove',
    type: 'event',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        internalType: 'uint32',
        name: 'keyType',
        type: 'uint32',
      },
      {
        internalType: 'bytes',
        name: 'key',
        type: 'bytes',
      },
      {
        internalType: 'uint8',
        name: 'metadataType',
        type: 'uint8',
      },
      {
        internalType: 'bytes',
        name: 'metadata',
        type: 'bytes',
      },
    ],
    name: 'add',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        internalType: 'bytes',
        name: 'key',
        type: 'bytes',
      },
    ],
    name: 'keyDataOf',
    outputs: [
      {
        components: [
          {
            internalType: 'enum IKeyRegistry.KeyState',
            name: 'state',
            type: 'uint8',
          },
          {
            internalType: 'uint32',
            name: 'keyType',
            type: 'uint32',
          },
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
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        internalType: 'bytes',
        name: 'key',
        type: 'bytes',
      },
    ],
    name: 'keys',
    outputs: [
      {
        internalType: 'enum IKeyRegistry.KeyState',
        name: 'state',
        type: 'uint8',
      },
      {
        internalType: 'uint32',
        name: 'keyType',
        type: 'uint32',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        internalType: 'bytes',
        name: 'key',
        type: 'bytes',
      },
    ],
    name: 'remove',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'uint256',
        name: 'fid',
        type: 'uint256',
      },
      {
        internalType: 'enum IKeyRegistry.KeyState',
        name: 'state',
        type: 'uint8',
      },
    ],
    name: 'totalKeys',
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
] as const;

const KEY_REGISTRY: StandInContract = {
  name: 'Farcaster Key Registry',
  address: FARCASTER_KEY_REGISTRY_ADDRESS,
  runtime: KEY_REGISTRY_STAND_IN_RUNTIME,
};

/**
 * Places the stand-in Key Registry at {@link FARCASTER_KEY_REGISTRY_ADDRESS} on a local anvil
 * chain with `anvil_setCode`, for Farcaster signer development and tests (issue 16). Idempotent:
 * when the address already holds {@link KEY_REGISTRY_STAND_IN_RUNTIME}, nothing is written, so
 * keys added earlier are kept.
 * @param rpcUrl the anvil's HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8545`.
 * @throws Error when the chain's `eth_chainId` is not 31337 (anvil's development chain: this
 *   never writes to a real chain), and viem's errors when the RPC fails or is not an anvil.
 */
export async function installKeyRegistryStandIn(rpcUrl: string): Promise<void> {
  await placeStandIn(rpcUrl, KEY_REGISTRY);
}

/**
 * The clients and sender for one write to the stand-in Key Registry, after checking the key
 * (32 bytes of hex), the chain (anvil's 31337), the stand-in (installed) and the sender (anvil's
 * first unlocked account); `confirm` waits for a transaction to be mined and throws if it
 * reverted.
 * @param action the write, for error messages ("add signer key 0x… to fid 7").
 */
async function prepareStandInWrite(rpcUrl: string, key: `0x${string}`, action: string) {
  if (!isHex(key, { strict: true }) || size(key) !== ED25519_PUBLIC_KEY_BYTES) {
    throw new Error(
      `Refusing to ${action}: the key must be an ed25519 public key, ${ED25519_PUBLIC_KEY_BYTES} bytes as 0x-prefixed hex`,
    );
  }
  return standInWriter(rpcUrl, KEY_REGISTRY, action);
}

/**
 * One write (`add` or `remove`) to the stand-in Key Registry: simulated first (`eth_call`), so a
 * revert throws with its decoded reason and sends nothing, then sent and waited for.
 */
async function writeKey(
  rpcUrl: string,
  action: string,
  key: `0x${string}`,
  functionName: 'add' | 'remove',
  args: readonly unknown[],
): Promise<`0x${string}`> {
  const { publicClient, walletClient, sender, confirm } = await prepareStandInWrite(
    rpcUrl,
    key,
    action,
  );
  const { request } = await publicClient.simulateContract({
    account: sender,
    address: FARCASTER_KEY_REGISTRY_ADDRESS,
    abi: keyRegistryStandInAbi,
    functionName,
    args,
  } as Parameters<typeof publicClient.simulateContract>[0]);
  return confirm(
    await walletClient.writeContract(request as Parameters<typeof walletClient.writeContract>[0]),
  );
}

/**
 * Adds an ed25519 signer key to an fid on the stand-in Key Registry: an
 * `add(fid, 1, key, 1, 0x)` transaction (keyType 1 = ed25519, metadataType 1 = signed key
 * request, empty metadata), simulated (`eth_call`), then sent with `eth_sendTransaction` from
 * anvil's first unlocked account (`eth_accounts[0]`) and waited for until mined; it emits
 * `Add`. For Farcaster signer development and tests (issue 16); call
 * {@link installKeyRegistryStandIn} first. The fid need not exist on the Id Registry.
 * @param rpcUrl the anvil's HTTP JSON-RPC URL.
 * @param fid the fid (a non-negative integer below 2^256).
 * @param key the ed25519 public key: 32 bytes as 0x-prefixed hex.
 * @returns the transaction's hash.
 * @throws Error when the key is not 32 bytes of hex, the chain is not anvil's 31337, the stand-in
 *   is not installed, or the node has no unlocked account; viem's `ContractFunctionExecutionError`
 *   naming `InvalidState` when the key was already added to the fid (even if since removed);
 *   viem's errors when the RPC fails.
 */
export async function addSignerKey(
  rpcUrl: string,
  fid: bigint,
  key: `0x${string}`,
): Promise<`0x${string}`> {
  return addKey(rpcUrl, fid, KEY_TYPES.ed25519Signer, key, `signer key ${key}`);
}

/** `add(fid, keyType, key, 1, 0x)`: metadata type 1 (signed key request), empty metadata. */
function addKey(
  rpcUrl: string,
  fid: bigint,
  keyType: number,
  key: `0x${string}`,
  what: string,
): Promise<`0x${string}`> {
  return writeKey(rpcUrl, `add ${what} to fid ${fid}`, key, 'add', [
    fid,
    keyType,
    key,
    SIGNED_KEY_REQUEST_METADATA_TYPE,
    '0x',
  ]);
}

/**
 * Removes (revokes) a signer key of an fid on the stand-in Key Registry: a `remove(fid, key)`
 * transaction, simulated (`eth_call`), then sent with `eth_sendTransaction` from anvil's first
 * unlocked account (`eth_accounts[0]`) and waited for until mined; it emits `Remove`, and the
 * key's state becomes REMOVED for good. For Farcaster signer development and tests (issue 16);
 * call {@link installKeyRegistryStandIn} first.
 * @param rpcUrl the anvil's HTTP JSON-RPC URL.
 * @param fid the fid (a non-negative integer below 2^256).
 * @param key the ed25519 public key: 32 bytes as 0x-prefixed hex.
 * @returns the transaction's hash.
 * @throws Error when the key is not 32 bytes of hex, the chain is not anvil's 31337, the stand-in
 *   is not installed, or the node has no unlocked account; viem's `ContractFunctionExecutionError`
 *   naming `InvalidState` when the key is not currently added to the fid (never added, or
 *   already removed); viem's errors when the RPC fails.
 */
export async function removeSignerKey(
  rpcUrl: string,
  fid: bigint,
  key: `0x${string}`,
): Promise<`0x${string}`> {
  return writeKey(rpcUrl, `remove signer key ${key} from fid ${fid}`, key, 'remove', [fid, key]);
}

/**
 * The Key Registry's key of an auth address: the address ABI-encoded (32 bytes), as
 * `@farcaster/auth-client` looks it up with `keyDataOf(fid, key)`.
 */
export function authAddressKey(address: `0x${string}`): `0x${string}` {
  return encodeAbiParameters([{ type: 'address' }], [address]);
}

/**
 * Adds an auth address to an fid on the stand-in Key Registry: `add(fid, 2, key, 1, 0x)` with the
 * address's {@link authAddressKey} (keyType 2 = auth address), sent and mined as
 * {@link addSignerKey} does. The address may then sign Sign In With Farcaster messages for the fid
 * in place of its custody address. For development and tests (issue 16).
 * @returns the transaction's hash.
 * @throws as {@link addSignerKey}.
 */
export async function addAuthAddress(
  rpcUrl: string,
  fid: bigint,
  address: `0x${string}`,
): Promise<`0x${string}`> {
  return addKey(
    rpcUrl,
    fid,
    KEY_TYPES.authAddress,
    authAddressKey(address),
    `auth address ${address}`,
  );
}

/**
 * Removes an auth address of an fid on the stand-in Key Registry (`remove(fid, key)`), as
 * {@link removeSignerKey} does. For development and tests (issue 16).
 * @returns the transaction's hash.
 * @throws as {@link removeSignerKey}.
 */
export async function removeAuthAddress(
  rpcUrl: string,
  fid: bigint,
  address: `0x${string}`,
): Promise<`0x${string}`> {
  const key = authAddressKey(address);
  return writeKey(rpcUrl, `remove auth address ${address} from fid ${fid}`, key, 'remove', [
    fid,
    key,
  ]);
}
