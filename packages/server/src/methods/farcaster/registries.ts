/**
 * Reads of Farcaster's onchain registries on OP Mainnet, for production (issue 16): the Key
 * Registry's state of a key (a revoked signer) and the Id Registry's custody address of an fid
 * (the owner of an account that signed in with an auth address). Each is one `eth_call` at the
 * latest block on whatever chain the RPC URL serves: the real registries on OP Mainnet, or the
 * stand-ins that `dev/idRegistry.ts` and `dev/keyRegistry.ts` place at the same addresses on anvil.
 */
import { FARCASTER_ID_REGISTRY_ADDRESS } from '@latchkey/api';
import { type Client, createPublicClient, http, parseAbi } from 'viem';
import { readContract } from 'viem/actions';

/**
 * The address of Farcaster's Key Registry on OP Mainnet (chain 10), checksummed; the address
 * `@farcaster/auth-client`'s `viemConnector` reads as `KEY_REGISTRY_ADDRESS` (auth addresses), and
 * where the development stand-in is placed on anvil.
 */
export const FARCASTER_KEY_REGISTRY_ADDRESS = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e';

/** The Key Registry's key types: an ed25519 signer, and an auth address (an Ethereum address). */
export const KEY_TYPES = { ed25519Signer: 1, authAddress: 2 } as const;

/** The two reads, as the registries declare them. */
const registryReadAbi = parseAbi([
  'function keyDataOf(uint256 fid, bytes key) view returns ((uint8 state, uint32 keyType))',
  'function custodyOf(uint256 fid) view returns (address)',
]);

/** An RPC to read from: an HTTP JSON-RPC URL, or a viem client (auth-client's `publicClient`). */
export type RegistryRpc = string | Client;

const clientOf = (rpc: RegistryRpc): Client =>
  typeof rpc === 'string' ? createPublicClient({ transport: http(rpc) }) : rpc;

/** The state of a key for an fid on the Key Registry (0, 1, 2). */
const KEY_STATES = ['null', 'added', 'removed'] as const;

/**
 * The state of a key for an fid on the Key Registry at {@link FARCASTER_KEY_REGISTRY_ADDRESS}: one
 * `keyDataOf(fid, key)` call. 'null' = never added to this fid, 'added' = a live key, 'removed' =
 * revoked (for good). The key's type is not checked.
 * @param rpc OP Mainnet's JSON-RPC (or an anvil's with the stand-in): a URL or a viem client.
 * @param fid the fid (a non-negative integer below 2^256).
 * @param key the key's bytes as 0x-prefixed hex (an ed25519 signer's 32-byte public key).
 * @returns 'null', 'added' or 'removed'.
 * @throws viem's `ContractFunctionExecutionError` when the address holds no contract on that
 *   chain or the call reverts, viem's errors when the RPC fails or `key` is not hex, and Error
 *   when the registry answers a state other than 0, 1 or 2.
 */
export async function readKeyState(
  rpc: RegistryRpc,
  fid: bigint,
  key: `0x${string}`,
): Promise<'null' | 'added' | 'removed'> {
  const { state } = await readContract(clientOf(rpc), {
    address: FARCASTER_KEY_REGISTRY_ADDRESS,
    abi: registryReadAbi,
    functionName: 'keyDataOf',
    args: [fid, key],
  });
  const name = KEY_STATES[state];
  if (name === undefined) {
    throw new Error(`The Farcaster Key Registry answered an unknown key state ${state}`);
  }
  return name;
}

/**
 * The custody address of `fid` on the Id Registry at `FARCASTER_ID_REGISTRY_ADDRESS`: one
 * `custodyOf(fid)` call.
 * @param rpc OP Mainnet's JSON-RPC (or an anvil's with the stand-in): a URL or a viem client.
 * @returns the checksummed address; the zero address for an fid never registered.
 * @throws viem's `ContractFunctionExecutionError` when the address holds no contract on that
 *   chain or the call reverts, and viem's errors when the RPC fails.
 */
export async function readCustodyAddress(rpc: RegistryRpc, fid: bigint): Promise<`0x${string}`> {
  return readContract(clientOf(rpc), {
    address: FARCASTER_ID_REGISTRY_ADDRESS as `0x${string}`,
    abi: registryReadAbi,
    functionName: 'custodyOf',
    args: [fid],
  });
}
