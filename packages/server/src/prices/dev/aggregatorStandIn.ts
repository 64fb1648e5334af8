/**
 * A stand-in Chainlink price feed for development and tests (issue 20): `AggregatorV3StandIn.sol`,
 * an AggregatorV3Interface contract whose rounds anyone may post, deployed on a local anvil chain so
 * the server's Chainlink price source (`../chainlink.ts`) reads it through the same code path as
 * a real feed (`latestRoundData`, `decimals`).
 *
 * Development and test only: every write refuses a chain other than anvil's 31337.
 */
import {
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  getContractAddress,
  http,
  type PublicClient,
  type WalletClient,
  zeroHash,
} from 'viem';
import { ANVIL_CHAIN_ID } from '../../wallets/funder.ts';

/**
 * Anvil's chain, as viem's `foundry` (`viem/chains`) describes it. Defined here because
 * `viem/chains` loads every chain viem knows: about 1.5 s of CPU under tsx in each
 * `npm start` (scripts/start.ts deploys the feed), paid by every e2e stack (CI time).
 */
const foundry = defineChain({
  id: ANVIL_CHAIN_ID,
  name: 'Foundry',
  nativeCurrency: { decimals: 18, name: 'Ether', symbol: 'ETH' },
  rpcUrls: {
    default: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8545'] },
  },
});

/**
 * The solc standard-JSON `settings` (without `outputSelection`) that produce
 * {@link AGGREGATOR_STAND_IN_BYTECODE} from `AggregatorV3StandIn.sol` with solc 0.8.37: optimizer
 * on (200 runs), EVM version cancun, no metadata hash or CBOR trailer (deterministic output).
 * The test compiles the source with exactly these settings.
 */
export const AGGREGATOR_STAND_IN_SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
} as const;

/**
 * The creation bytecode of `AggregatorV3StandIn.sol` (constructor `(uint8 decimals, string
 * description, int256 initialAnswer)`), compiled with solc 0.8.37 and
 * {@link AGGREGATOR_STAND_IN_SOLC_SETTINGS}; hex, 0x-prefixed. The test recompiles the source and
 * fails if this drifts from it.
 */
export const AGGREGATOR_STAND_IN_BYTECODE: `0x${string}` =
  '0x60a060405234801561000f575f5ffd5b5060405161079b38038061079b83398101604081905261002e916100fd565b60ff83166080525f6100408382610260565b5061004b8142610053565b50505061031e565b600180546001600160501b03808216830181166001600160501b0319909216821783556040805160608101825286815260208082018781528284018881525f968752600280845296859020935184559051838801555191909401559254925184815292169184917f0559884fd3a460db3073b7fc896cc77986f16e378210ded43186175bf646fc5f910160405180910390a35050565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f6060848603121561010f575f5ffd5b835160ff8116811461011f575f5ffd5b60208501519093506001600160401b0381111561013a575f5ffd5b8401601f8101861361014a575f5ffd5b80516001600160401b03811115610163576101636100e9565b604051601f8201601f19908116603f011681016001600160401b0381118282101715610191576101916100e9565b6040528181528282016020018810156101a8575f5ffd5b8160208401602083015e5f91810160200191909152604095909501519396949550929392505050565b600181811c908216806101e557607f821691505b60208210810361020357634e487b7160e01b5f52602260045260245ffd5b50919050565b601f82111561025b578282111561025b57805f5260205f20601f840160051c602085101561023457505f5b90810190601f840160051c035f5b81811015610257575f83820155600101610242565b5050505b505050565b81516001600160401b03811115610279576102796100e9565b61028d8161028784546101d1565b84610209565b6020601f8211600181146102bf575f83156102a85750848201515b5f19600385901b1c1916600184901b178455610317565b5f84815260208120601f198516915b828110156102ee57878501518255602094850194600190920191016102ce565b508482101561030b57868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b6080516104666103355f395f60a301526104665ff3fe608060405234801561000f575f5ffd5b5060043610610085575f3560e01c80637284e416116100585780637284e4161461011d5780639a6fc8f514610132578063a87a20ce14610179578063feaf968c1461018c575f5ffd5b80630d159ebd14610089578063313ce5671461009e57806354fd4d50146100dc578063668a0f02146100f2575b5f5ffd5b61009c610097366004610395565b6101d4565b005b6100c57f000000000000000000000000000000000000000000000000000000000000000081565b60405160ff90911681526020015b60405180910390f35b6100e4600481565b6040519081526020016100d3565b600154610105906001600160501b031681565b6040516001600160501b0390911681526020016100d3565b6101256101e2565b6040516100d391906103b5565b6101456101403660046103ea565b61026d565b604080516001600160501b03968716815260208101959095528401929092526060830152909116608082015260a0016100d3565b61009c610187366004610417565b6102ef565b600180546001600160501b03165f8181526002602081815260409283902083516060810185528154808252968201549281018390529201549190920181905291929183610145565b6101de82826102fc565b5050565b5f80546101ee9061042e565b80601f016020809104026020016040519081016040528092919081815260200182805461021a9061042e565b80156102655780601f1061023c57610100808354040283529160200191610265565b820191905f5260205f20905b81548152906001019060200180831161024857829003601f168201915b505050505081565b6001600160501b0381165f9081526002602081815260408084208151606081018352815481526001820154938101939093529092015491810182905282918291829182919082036102d05760405162bb258760e81b815260040160405180910390fd5b8051602082015160409092015197989097919650909450879350915050565b6102f981426102fc565b50565b600180546001600160501b038082168301811669ffffffffffffffffffff19909216821783556040805160608101825286815260208082018781528284018881525f968752600280845296859020935184559051838801555191909401559254925184815292169184917f0559884fd3a460db3073b7fc896cc77986f16e378210ded43186175bf646fc5f910160405180910390a35050565b5f5f604083850312156103a6575f5ffd5b50508035926020909101359150565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b5f602082840312156103fa575f5ffd5b81356001600160501b0381168114610410575f5ffd5b9392505050565b5f60208284031215610427575f5ffd5b5035919050565b600181811c9082168061044257607f821691505b60208210810361046057634e487b7160e01b5f52602260045260245ffd5b5091905056';

/**
 * The ABI of `AggregatorV3StandIn.sol`: Chainlink's AggregatorV3Interface (`decimals`,
 * `description`, `version`, `getRoundData`, `latestRoundData`) plus `latestRound`,
 * `updateAnswer(answer)` (a round updated at the block's time) and
 * `updateAnswerAt(answer, updatedAt)` (a round with a chosen time in seconds, e.g. a stale one).
 */
export const aggregatorStandInAbi = [
  {
    inputs: [
      { internalType: 'uint8', name: 'decimals_', type: 'uint8' },
      { internalType: 'string', name: 'description_', type: 'string' },
      { internalType: 'int256', name: 'initialAnswer', type: 'int256' },
    ],
    stateMutability: 'nonpayable',
    type: 'constructor',
  },
  { inputs: [], name: 'NoDataPresent', type: 'error' },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'int256', name: 'current', type: 'int256' },
      { indexed: true, internalType: 'uint256', name: 'roundId', type: 'uint256' },
      { indexed: false, internalType: 'uint256', name: 'updatedAt', type: 'uint256' },
    ],
    name: 'AnswerUpdated',
    type: 'event',
  },
  {
    inputs: [],
    name: 'decimals',
    outputs: [{ internalType: 'uint8', name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'description',
    outputs: [{ internalType: 'string', name: '', type: 'string' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint80', name: 'roundId', type: 'uint80' }],
    name: 'getRoundData',
    outputs: [
      { internalType: 'uint80', name: '', type: 'uint80' },
      { internalType: 'int256', name: 'answer', type: 'int256' },
      { internalType: 'uint256', name: 'startedAt', type: 'uint256' },
      { internalType: 'uint256', name: 'updatedAt', type: 'uint256' },
      { internalType: 'uint80', name: 'answeredInRound', type: 'uint80' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'latestRound',
    outputs: [{ internalType: 'uint80', name: '', type: 'uint80' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'latestRoundData',
    outputs: [
      { internalType: 'uint80', name: 'roundId', type: 'uint80' },
      { internalType: 'int256', name: 'answer', type: 'int256' },
      { internalType: 'uint256', name: 'startedAt', type: 'uint256' },
      { internalType: 'uint256', name: 'updatedAt', type: 'uint256' },
      { internalType: 'uint80', name: 'answeredInRound', type: 'uint80' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'int256', name: 'answer', type: 'int256' }],
    name: 'updateAnswer',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'int256', name: 'answer', type: 'int256' },
      { internalType: 'uint256', name: 'updatedAt', type: 'uint256' },
    ],
    name: 'updateAnswerAt',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'version',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

/** Milliseconds between two polls for a receipt (anvil mines at once). */
const RECEIPT_POLL_MS = 50;

/** The clients of a write to anvil, after checking the chain; `sender` is `eth_accounts[0]`. */
async function anvilWriter(
  rpcUrl: string,
  what: string,
): Promise<{
  publicClient: PublicClient;
  walletClient: WalletClient;
  sender: `0x${string}`;
}> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({
    chain: foundry,
    transport,
    pollingInterval: RECEIPT_POLL_MS,
  });
  const chainId = await publicClient.getChainId();
  if (chainId !== ANVIL_CHAIN_ID) {
    throw new Error(
      `Refusing to ${what}: chain id ${chainId} is not anvil's development chain ${ANVIL_CHAIN_ID}`,
    );
  }
  const walletClient = createWalletClient({ chain: foundry, transport });
  const [sender] = await walletClient.getAddresses();
  if (sender === undefined) throw new Error('The anvil node has no unlocked account');
  return { publicClient, walletClient, sender };
}

/** What {@link deployAggregatorStandIn} deploys. */
export interface AggregatorStandInParameters {
  /** Decimals of the answers. Default 8 (Chainlink's USD feeds). */
  decimals?: number;
  /** The pair. Default `'ETH / USD'`. */
  description?: string;
  /** The first round's answer, in units of 10^-decimals USD (e.g. 3000_00000000n for $3000). */
  answer: bigint;
}

/** The feed's constructor arguments, defaults filled in: `[decimals, description, answer]`. */
const constructorArgs = (parameters: AggregatorStandInParameters) =>
  [parameters.decimals ?? 8, parameters.description ?? 'ETH / USD', parameters.answer] as const;

/**
 * Deploys a fresh {@link aggregatorStandInAbi} feed on anvil from its first unlocked account and
 * waits for it to be mined. Its first round is posted at the deploying block's time.
 * @param rpcUrl the anvil's HTTP JSON-RPC URL.
 * @returns the feed's address.
 * @throws Error when the chain is not anvil's 31337, the node has no unlocked account or the
 *   deployment reverts; viem's errors when the RPC fails.
 */
export async function deployAggregatorStandIn(
  rpcUrl: string,
  parameters: AggregatorStandInParameters,
): Promise<`0x${string}`> {
  const { publicClient, walletClient, sender } = await anvilWriter(
    rpcUrl,
    'deploy a stand-in price feed',
  );
  const hash = await walletClient.deployContract({
    account: sender,
    chain: foundry,
    abi: aggregatorStandInAbi,
    bytecode: AGGREGATOR_STAND_IN_BYTECODE,
    args: constructorArgs(parameters),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`Could not deploy the stand-in price feed: transaction ${hash} reverted`);
  }
  return receipt.contractAddress;
}

/**
 * Anvil's default CREATE2 deployer (the deterministic deployment proxy, on every anvil chain
 * unless started with `--disable-default-create2-deployer`): called with a 32-byte salt followed
 * by a creation bytecode, it deploys that bytecode with CREATE2.
 */
export const ANVIL_CREATE2_DEPLOYER = '0x4e59b44847b379578588920cA78FbF26c0B4956C';

/** The creation bytecode with its constructor's arguments: what CREATE2 deploys. */
function aggregatorStandInInitCode(parameters: AggregatorStandInParameters): `0x${string}` {
  return encodeDeployData({
    abi: aggregatorStandInAbi,
    bytecode: AGGREGATOR_STAND_IN_BYTECODE,
    args: constructorArgs(parameters),
  });
}

/**
 * The address {@link deployAggregatorStandInCreate2} gives a feed with these parameters: it
 * follows from them alone (CREATE2 from {@link ANVIL_CREATE2_DEPLOYER}, zero salt), whatever
 * transactions the chain saw before, so it can be handed out before the deployment.
 */
export function aggregatorStandInCreate2Address(
  parameters: AggregatorStandInParameters,
): `0x${string}` {
  return getContractAddress({
    opcode: 'CREATE2',
    from: ANVIL_CREATE2_DEPLOYER,
    salt: zeroHash,
    bytecode: aggregatorStandInInitCode(parameters),
  });
}

/**
 * Deploys a feed as {@link deployAggregatorStandIn} does, but through anvil's CREATE2 deployer,
 * at {@link aggregatorStandInCreate2Address}: a feed with these parameters can be deployed once
 * per chain. Waits for it to be mined and checks the code is there.
 * @returns the feed's address.
 * @throws as {@link deployAggregatorStandIn}, and when no code landed at the address (the chain
 *   has no CREATE2 deployer, or the feed was deployed there before).
 */
export async function deployAggregatorStandInCreate2(
  rpcUrl: string,
  parameters: AggregatorStandInParameters,
): Promise<`0x${string}`> {
  const { publicClient, walletClient, sender } = await anvilWriter(
    rpcUrl,
    'deploy a stand-in price feed',
  );
  const address = aggregatorStandInCreate2Address(parameters);
  const hash = await walletClient.sendTransaction({
    account: sender,
    chain: foundry,
    to: ANVIL_CREATE2_DEPLOYER,
    data: concat([zeroHash, aggregatorStandInInitCode(parameters)]),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const code = await publicClient.getCode({ address });
  if (receipt.status !== 'success' || code === undefined || code === '0x') {
    throw new Error(
      `Could not deploy the stand-in price feed at ${address} through ${ANVIL_CREATE2_DEPLOYER}: transaction ${hash} ${receipt.status === 'success' ? 'left no code there' : 'reverted'}`,
    );
  }
  return address;
}

/**
 * Posts a new round on a stand-in feed: `updateAnswer(answer)` (updated at the block's time), or
 * `updateAnswerAt(answer, updatedAtS)` when `updatedAtS` (seconds since the epoch) is given.
 * @throws as {@link deployAggregatorStandIn}, and when the transaction reverts.
 */
export async function postAggregatorAnswer(
  rpcUrl: string,
  feed: `0x${string}`,
  answer: bigint,
  updatedAtS?: number,
): Promise<void> {
  const { publicClient, walletClient, sender } = await anvilWriter(
    rpcUrl,
    'post a stand-in price round',
  );
  const hash =
    updatedAtS === undefined
      ? await walletClient.writeContract({
          account: sender,
          chain: foundry,
          address: feed,
          abi: aggregatorStandInAbi,
          functionName: 'updateAnswer',
          args: [answer],
        })
      : await walletClient.writeContract({
          account: sender,
          chain: foundry,
          address: feed,
          abi: aggregatorStandInAbi,
          functionName: 'updateAnswerAt',
          args: [answer, BigInt(updatedAtS)],
        });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') {
    throw new Error(`Could not post the price round: transaction ${hash} reverted`);
  }
}
