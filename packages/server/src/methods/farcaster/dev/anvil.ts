/**
 * What the Farcaster contract stand-ins share (issue 16): placing runtime bytecode at a
 * contract's real address on a local anvil chain (`anvil_setCode`), and the clients of one write
 * to it. Both refuse any chain but anvil's development chain 31337: nothing here ever writes to a
 * real chain.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  publicActions,
} from 'viem';
import { foundry } from 'viem/chains';

/** Anvil's development chain id; the only chain the stand-in helpers write to. */
export const ANVIL_CHAIN_ID = 31337;

/** Milliseconds between two polls for a transaction receipt (anvil mines at once). */
const RECEIPT_POLL_MS = 50;

/** A stand-in contract: its name (for messages), address and runtime bytecode. */
export interface StandInContract {
  name: string;
  address: `0x${string}`;
  runtime: `0x${string}`;
}

/** @throws Error unless `client`'s chain is anvil's 31337 (`what` names the refused action). */
async function assertAnvil(client: { getChainId(): Promise<number> }, what: string) {
  const chainId = await client.getChainId();
  if (chainId !== ANVIL_CHAIN_ID) {
    throw new Error(
      `Refusing to ${what}: chain id ${chainId} is not anvil's development chain ${ANVIL_CHAIN_ID}`,
    );
  }
}

/** Whether the contract's address holds exactly its stand-in's runtime. */
async function holdsStandIn(
  client: { getCode(args: { address: `0x${string}` }): Promise<`0x${string}` | undefined> },
  contract: StandInContract,
): Promise<boolean> {
  const code = await client.getCode({ address: contract.address });
  return code?.toLowerCase() === contract.runtime.toLowerCase();
}

/**
 * Places the stand-in at its address on anvil (`anvil_setCode`). Idempotent: when the address
 * already holds the runtime, nothing is written, so its storage (fids, keys) is kept.
 * @throws Error when the chain is not anvil's 31337; viem's errors when the RPC fails.
 */
export async function placeStandIn(rpcUrl: string, contract: StandInContract): Promise<void> {
  const client = createTestClient({
    chain: foundry,
    mode: 'anvil',
    transport: http(rpcUrl),
  }).extend(publicActions);
  await assertAnvil(client, `install the stand-in ${contract.name}`);
  if (await holdsStandIn(client, contract)) return;
  await client.setCode({ address: contract.address, bytecode: contract.runtime });
}

/**
 * The clients and sender of one write to a placed stand-in, after checking the chain (anvil's
 * 31337), the stand-in (placed) and the sender (anvil's first unlocked account); `confirm` waits
 * for a transaction to be mined and throws if it reverted.
 * @param action the write, for error messages ("register a Farcaster fid").
 * @throws Error for a wrong chain, a stand-in not placed, or no unlocked account.
 */
export async function standInWriter(rpcUrl: string, contract: StandInContract, action: string) {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({
    chain: foundry,
    transport,
    pollingInterval: RECEIPT_POLL_MS,
  });
  await assertAnvil(publicClient, action);
  if (!(await holdsStandIn(publicClient, contract))) {
    throw new Error(
      `The stand-in ${contract.name} is not installed on this chain: install it first`,
    );
  }
  const walletClient = createWalletClient({ chain: foundry, transport });
  const [sender] = await walletClient.getAddresses();
  if (sender === undefined)
    throw new Error('The anvil node has no unlocked account (eth_accounts is empty)');
  const confirm = async (hash: `0x${string}`): Promise<`0x${string}`> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') {
      throw new Error(`Could not ${action}: the transaction ${hash} reverted`);
    }
    return hash;
  };
  return { publicClient, walletClient, sender, confirm };
}
