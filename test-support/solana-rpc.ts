/**
 * A local Solana JSON-RPC endpoint for tests and the dev stack (issue 22): no Solana validator
 * ships as an npm package, so this `node:http` server answers Solana's documented JSON-RPC 2.0
 * (https://solana.com/docs/rpc, batches too) from LiteSVM (npm `litesvm`), a real Solana runtime
 * in this process (System Program, SPL Token, signature checks, fees, rent). Development and test
 * only.
 *
 * Methods: `getHealth`, `getVersion`, `getGenesisHash`, `getSlot`, `getBlockHeight`,
 * `getEpochInfo`, `getLatestBlockhash`, `isBlockhashValid`, `getBalance`, `getAccountInfo`,
 * `getMultipleAccounts`, `getMinimumBalanceForRentExemption`, `getFeeForMessage`,
 * `requestAirdrop`, `sendTransaction`, `simulateTransaction`, `getSignatureStatuses`,
 * `getTransaction`, `getRecentPrioritizationFees` (always `[]`). Others answer -32601, bad
 * params -32602, shaped as a real node's. Every response carries `Access-Control-Allow-Origin: *`
 * and OPTIONS preflights answer 204, so a page on another origin calls it directly.
 *
 * The chain: one slot per landed transaction (an airdrop is one too). After each, the slot
 * advances by one, the clock's `unixTimestamp` follows the wall clock, and LiteSVM's blockhash
 * is expired, so the next `getLatestBlockhash` is new and two identical transfers built one after
 * the other sign differently. Block height is the slot. A blockhash stays valid for 150 slots
 * after it was the latest (`lastValidBlockHeight`), as on a real cluster: this endpoint checks it
 * itself (LiteSVM's own check knows only the latest one). Everything is `finalized` as soon as it
 * lands. `sendTransaction` runs a preflight simulation (unless `skipPreflight`) and refuses a
 * failing transaction with -32002 and its logs, as a real node does; a transaction that fails in
 * execution without preflight lands with its `err` and pays its fee.
 *
 * `requestAirdrop` is a real System transfer from a faucet key this endpoint holds (funded with
 * 500 million SOL at start), so `getTransaction` knows it like any other transaction.
 *
 * Limits: no WebSocket subscriptions (poll `getSignatureStatuses`); a durable-nonce transaction is
 * refused as `BlockhashNotFound`; address lookup tables' addresses are not in `preBalances` /
 * `postBalances` / `accountKeys`; `jsonParsed` answers as `base64` accounts / `json`
 * transactions; `meta.fee` is LiteSVM's fee formula (5000 lamports per signature plus a
 * ComputeBudget priority fee at 3000 CUs per builtin, 200,000 per other instruction by default).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  type EncodedAccount,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  isAddress,
  type KeyPairSigner,
  lamports,
  type MaybeEncodedAccount,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from '@solana/kit';
import {
  Clock,
  FailedTransactionMetadata,
  LiteSVM,
  type SimulatedTransactionInfo,
  type TransactionMetadata,
} from 'litesvm';

/** A running endpoint. */
export interface SolanaRpc {
  /** `http://<host>:<port>` (POST JSON-RPC here). */
  readonly url: string;
  /** The LiteSVM behind it, to set accounts or programs directly. */
  readonly svm: LiteSVM;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Lamports per signature (LiteSVM's and mainnet's). */
const LAMPORTS_PER_SIGNATURE = 5000n;
/** Slots a blockhash stays valid after it was the latest (MAX_PROCESSING_AGE). */
const BLOCKHASH_VALID_SLOTS = 150n;
/** The faucet's balance at start, in lamports: 500 million SOL. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;
/** `rentEpoch` of every account, as real nodes answer for rent-exempt ones (u64::MAX). */
const RENT_EPOCH = 18446744073709551615n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
/** Programs whose instructions default to 3000 compute units (agave's builtins). */
const BUILTIN_PROGRAMS = new Set<string>([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);
/** Real nodes refuse base58 account data longer than this (bytes). */
const MAX_BASE58_BYTES = 128;
const MAX_BODY_BYTES = 50 * 1024 * 1024;

/** LiteSVM's `TransactionErrorFieldless`, by value (agave's `TransactionError` names). */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];
/** LiteSVM's `InstructionErrorFieldless`, by value (agave's `InstructionError` names). */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];
/** agave's Display of the transaction errors a wallet meets most (the rest show their name). */
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
};
/** agave's Display of common instruction errors (the rest show their name). */
const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IncorrectProgramId: 'incorrect program id for instruction',
};

/** A JSON-RPC error (code, message, optional data), answered as `{error}`. */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
const invalidParams = (message = 'Invalid params') => new RpcError(-32602, message);

/** What the endpoint keeps of a landed transaction (`getSignatureStatuses`, `getTransaction`). */
interface Landed {
  slot: bigint;
  blockTime: number;
  wire: Uint8Array;
  version: 'legacy' | number;
  err: unknown;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  logs: string[];
  computeUnits: bigint;
}

/** A decoded wire transaction and what the endpoint reads of its message. */
interface Decoded {
  transaction: Transaction;
  wire: Uint8Array;
  signature: string;
  version: 'legacy' | number;
  blockhash: string;
  accountKeys: Address[];
  header: {
    numSignerAccounts: number;
    numReadonlySignerAccounts: number;
    numReadonlyNonSignerAccounts: number;
  };
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  numSignatures: number;
}

/**
 * Serialises to JSON with bigints as plain JSON numbers (lamports and u64 fields past 2^53, as
 * real nodes write them; `@solana/kit` parses them as bigints).
 */
function toJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item ?? null)).join(',')}]`;
  const fields = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`);
  return `{${fields.join(',')}}`;
}

/** A LiteSVM transaction error as agave serialises `TransactionError` to JSON. */
function errorJson(err: unknown): unknown {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
  const kind = (err as object).constructor.name;
  const value = err as { index?: number; accountIndex?: number; err?: () => unknown };
  if (kind === 'TransactionErrorInstructionError' && value.err) {
    const inner = value.err() as number | { code?: number; msg?: string };
    let instruction: unknown;
    if (typeof inner === 'number')
      instruction = INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`;
    else if (inner.constructor.name === 'InstructionErrorCustom')
      instruction = { Custom: inner.code };
    else instruction = { BorshIoError: inner.msg };
    return { InstructionError: [value.index, instruction] };
  }
  if (kind === 'TransactionErrorDuplicateInstruction') return { DuplicateInstruction: value.index };
  if (kind === 'TransactionErrorInsufficientFundsForRent') {
    return { InsufficientFundsForRent: { account_index: value.accountIndex } };
  }
  if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted') {
    return { ProgramExecutionTemporarilyRestricted: { account_index: value.accountIndex } };
  }
  return String(err);
}

/** agave's Display of a transaction error (JSON form, {@link errorJson}). */
function errorText(json: unknown): string {
  if (typeof json === 'string') return TRANSACTION_ERROR_TEXT[json] ?? json;
  const instructionError = (json as { InstructionError?: [number, unknown] }).InstructionError;
  if (instructionError) {
    const [index, inner] = instructionError;
    let text: string;
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? inner;
    else if (inner && typeof inner === 'object' && 'Custom' in inner) {
      text = `custom program error: 0x${Number(inner.Custom).toString(16)}`;
    } else text = JSON.stringify(inner);
    return `Error processing Instruction ${index}: ${text}`;
  }
  return JSON.stringify(json);
}

/** The `config` object of a params array at `index`, or `{}`; -32602 when not an object. */
function configAt(params: unknown[], index: number): Record<string, unknown> {
  const config = params[index];
  if (config === undefined || config === null) return {};
  if (typeof config !== 'object' || Array.isArray(config)) throw invalidParams();
  return config as Record<string, unknown>;
}

function addressAt(params: unknown[], index: number): Address {
  const value = params[index];
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

/**
 * Starts the endpoint.
 * @param options.port TCP port; default 0 (a free one).
 * @param options.host default `127.0.0.1`.
 * @returns `{url, svm, close}` once listening.
 * @throws Error when the port cannot be bound.
 */
export async function startSolanaRpc(
  options: { port?: number; host?: string } = {},
): Promise<SolanaRpc> {
  const host = options.host ?? '127.0.0.1';
  // LiteSVM's own blockhash check accepts only the latest; this endpoint checks the last 150.
  const svm = new LiteSVM().withBlockhashCheck(false);
  const base58 = { encode: getBase58Encoder(), decode: getBase58Decoder() };
  const base64 = { encode: getBase64Encoder(), decode: getBase64Decoder() };
  const transactionDecoder = getTransactionDecoder();
  const transactionEncoder = getTransactionEncoder();
  const messageDecoder = getCompiledTransactionMessageDecoder();

  const genesisHash = svm.latestBlockhash();
  /** Blockhash -> the last slot it was the latest. */
  const blockhashes = new Map<string, bigint>([[genesisHash, svm.getClock().slot]]);
  const landed = new Map<string, Landed>();

  const slot = () => svm.getClock().slot;
  const context = () => ({ slot: slot(), apiVersion: '2.3.0' });
  const wrap = (value: unknown) => ({ context: context(), value });
  const blockhashValid = (blockhash: string) => {
    const lastLatest = blockhashes.get(blockhash);
    return lastLatest !== undefined && slot() <= lastLatest + BLOCKHASH_VALID_SLOTS;
  };
  /** One slot on: new blockhash, clock at the wall clock; blockhashes too old are forgotten. */
  const advance = () => {
    const clock = svm.getClock();
    const next = clock.slot + 1n;
    svm.setClock(
      new Clock(
        next,
        clock.epochStartTimestamp,
        clock.epoch,
        clock.leaderScheduleEpoch,
        BigInt(Math.floor(Date.now() / 1000)),
      ),
    );
    svm.expireBlockhash();
    blockhashes.set(svm.latestBlockhash(), next);
    for (const [hash, lastLatest] of blockhashes) {
      if (next > lastLatest + BLOCKHASH_VALID_SLOTS) blockhashes.delete(hash);
    }
  };
  /** A config's `minContextSlot` not reached yet: -32016, as a real node. */
  const checkMinContextSlot = (config: Record<string, unknown>) => {
    const min = config.minContextSlot;
    if (typeof min === 'number' && BigInt(min) > slot()) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', {
        contextSlot: slot(),
      });
    }
  };

  const faucet: KeyPairSigner = await generateKeyPairSigner();
  svm.setAccount({
    address: faucet.address,
    lamports: lamports(FAUCET_LAMPORTS),
    data: new Uint8Array(),
    programAddress: SYSTEM_PROGRAM as Address,
    executable: false,
    space: 0n,
  });

  /** The wire bytes of params[0] in `encoding` (base58 by default, as real nodes). */
  const wireOf = (params: unknown[], encoding: unknown): Uint8Array => {
    const encoded = params[0];
    if (typeof encoded !== 'string') throw invalidParams();
    try {
      if (encoding === undefined || encoding === 'base58') {
        return new Uint8Array(base58.encode.encode(encoded));
      }
      if (encoding === 'base64') return new Uint8Array(base64.encode.encode(encoded));
    } catch {
      throw invalidParams(`invalid ${String(encoding ?? 'base58')} encoding`);
    }
    throw invalidParams(
      `unknown variant \`${String(encoding)}\`, expected one of \`base58\`, \`base64\``,
    );
  };

  const decode = (wire: Uint8Array): Decoded => {
    try {
      const transaction = transactionDecoder.decode(wire);
      const message = messageDecoder.decode(transaction.messageBytes) as ReturnType<
        typeof messageDecoder.decode
      > & {
        lifetimeToken?: string;
        instructions?: Decoded['instructions'];
      };
      const signatures = Object.values(transaction.signatures);
      const first = signatures[0];
      return {
        transaction,
        wire,
        signature: first ? base58.decode.decode(first) : base58.decode.decode(new Uint8Array(64)),
        version: message.version,
        blockhash: message.lifetimeToken ?? '',
        accountKeys: [...message.staticAccounts],
        header: message.header,
        instructions: (message.instructions ?? []).map((instruction) => ({
          programAddressIndex: instruction.programAddressIndex,
          accountIndices: instruction.accountIndices ? [...instruction.accountIndices] : [],
          data: new Uint8Array(instruction.data ?? []),
        })),
        numSignatures: message.header.numSignerAccounts,
      };
    } catch (error) {
      throw invalidParams(
        `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  };

  /** LiteSVM's fee: per signature, plus the ComputeBudget priority fee. Lamports. */
  const feeOf = (decoded: Pick<Decoded, 'accountKeys' | 'instructions' | 'numSignatures'>) => {
    let price = 0n;
    let limit: bigint | undefined;
    let defaultLimit = 0n;
    for (const instruction of decoded.instructions) {
      const program = decoded.accountKeys[instruction.programAddressIndex] ?? '';
      const data = instruction.data ?? new Uint8Array();
      defaultLimit += BUILTIN_PROGRAMS.has(program) ? 3000n : 200_000n;
      if (program !== COMPUTE_BUDGET_PROGRAM) continue;
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
      if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true);
    }
    const units = limit ?? (defaultLimit > 1_400_000n ? 1_400_000n : defaultLimit);
    const priority = (price * units + 999_999n) / 1_000_000n;
    return LAMPORTS_PER_SIGNATURE * BigInt(decoded.numSignatures) + priority;
  };

  const balancesOf = (keys: Address[]) => keys.map((key) => svm.getBalance(key) ?? 0n);

  /** A failed preflight, as a real node answers it (-32002 with the simulation in `data`). */
  const preflightError = (failed: FailedTransactionMetadata) => {
    const err = errorJson(failed.err());
    const meta = failed.meta();
    if (err === 'SignatureFailure') {
      return new RpcError(-32003, 'Transaction signature verification failure');
    }
    return new RpcError(-32002, `Transaction simulation failed: ${errorText(err)}`, {
      accounts: null,
      err,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: meta.logs(),
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed: meta.computeUnitsConsumed(),
    });
  };

  /**
   * Lands `decoded` (LiteSVM's sendTransaction) and records it when it was processed (success,
   * or failed in execution with its fee paid). Returns LiteSVM's result.
   */
  const land = (decoded: Decoded): TransactionMetadata | FailedTransactionMetadata => {
    const preBalances = balancesOf(decoded.accountKeys);
    const result = svm.sendTransaction(decoded.transaction);
    const failed = result instanceof FailedTransactionMetadata;
    // A transaction that failed before execution (no fee paid) is not in LiteSVM's history.
    if (failed && svm.getTransaction(decoded.signature as never) === null) return result;
    const meta = failed ? result.meta() : result;
    landed.set(decoded.signature, {
      slot: slot(),
      blockTime: Math.floor(Date.now() / 1000),
      wire: decoded.wire,
      version: decoded.version,
      err: failed ? errorJson(result.err()) : null,
      fee: feeOf(decoded),
      preBalances,
      postBalances: balancesOf(decoded.accountKeys),
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed(),
    });
    advance();
    return result;
  };

  /** `sendTransaction`: preflight (unless skipped), then land. Answers the signature. */
  const send = (decoded: Decoded, config: Record<string, unknown>): string => {
    const skipPreflight = config.skipPreflight === true;
    const known = landed.has(decoded.signature);
    if (!skipPreflight) {
      if (known) throw preflightError(fakeFailure('AlreadyProcessed'));
      if (!blockhashValid(decoded.blockhash))
        throw preflightError(fakeFailure('BlockhashNotFound'));
      const simulated = svm.simulateTransaction(decoded.transaction);
      if (simulated instanceof FailedTransactionMetadata) throw preflightError(simulated);
    }
    // Without preflight a node forwards it anyway; one that cannot land is dropped.
    if (!known && blockhashValid(decoded.blockhash)) land(decoded);
    return decoded.signature;
  };

  /** A stand-in failure for the checks this endpoint makes itself (no LiteSVM result). */
  const fakeFailure = (name: string) =>
    ({
      err: () => TRANSACTION_ERRORS.indexOf(name),
      meta: () => ({ logs: () => [], computeUnitsConsumed: () => 0n }),
    }) as unknown as FailedTransactionMetadata;

  /** Account `value` of getAccountInfo / getMultipleAccounts in `encoding`. */
  const accountValue = (
    account: MaybeEncodedAccount | EncodedAccount,
    config: Record<string, unknown>,
  ) => {
    if ('exists' in account && !account.exists) return null;
    let data = new Uint8Array(account.data);
    const slice = config.dataSlice as { offset?: unknown; length?: unknown } | undefined;
    if (slice) {
      if (typeof slice.offset !== 'number' || typeof slice.length !== 'number') {
        throw invalidParams();
      }
      data = data.slice(slice.offset, slice.offset + slice.length);
    }
    const encoding = config.encoding ?? 'binary';
    let encoded: unknown;
    if (encoding === 'base64' || encoding === 'jsonParsed') {
      encoded = [base64.decode.decode(data), 'base64'];
    } else if (encoding === 'base58' || encoding === 'binary') {
      if (data.length > MAX_BASE58_BYTES) {
        throw new RpcError(
          -32600,
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        );
      }
      const text = base58.decode.decode(data);
      encoded = encoding === 'binary' ? text : [text, 'base58'];
    } else {
      throw invalidParams(
        `unknown variant \`${String(encoding)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``,
      );
    }
    return {
      data: encoded,
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: RENT_EPOCH,
      space: BigInt(account.data.length),
    };
  };

  const simulationValue = (
    result: SimulatedTransactionInfo | FailedTransactionMetadata,
    accounts: unknown,
  ) => {
    const failed = result instanceof FailedTransactionMetadata;
    const meta = result.meta();
    return {
      accounts,
      err: failed ? errorJson(result.err()) : null,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: meta.logs(),
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed: meta.computeUnitsConsumed(),
    };
  };

  const transactionJson = (record: Landed, encoding: unknown) => {
    if (encoding === 'base64') return [base64.decode.decode(record.wire), 'base64'];
    if (encoding === 'base58') return [base58.decode.decode(record.wire), 'base58'];
    const decoded = decode(record.wire);
    const transaction = decoded.transaction;
    return {
      signatures: Object.values(transaction.signatures).map((signature) =>
        base58.decode.decode(signature ?? new Uint8Array(64)),
      ),
      message: {
        accountKeys: decoded.accountKeys,
        header: {
          numRequiredSignatures: decoded.header.numSignerAccounts,
          numReadonlySignedAccounts: decoded.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: decoded.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: decoded.blockhash,
        instructions: decoded.instructions.map((instruction) => ({
          programIdIndex: instruction.programAddressIndex,
          accounts: instruction.accountIndices ?? [],
          data: base58.decode.decode(instruction.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        ...(decoded.version === 'legacy' ? {} : { addressTableLookups: [] }),
      },
    };
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.3.0', 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: (params) => (checkMinContextSlot(configAt(params, 0)), slot()),
    getBlockHeight: (params) => (checkMinContextSlot(configAt(params, 0)), slot()),
    getEpochInfo: (params) => {
      checkMinContextSlot(configAt(params, 0));
      const clock = svm.getClock();
      const schedule = svm.getEpochSchedule();
      return {
        absoluteSlot: clock.slot,
        blockHeight: clock.slot,
        epoch: clock.epoch,
        slotIndex: 0n,
        slotsInEpoch: schedule.slotsPerEpoch,
        transactionCount: BigInt(landed.size),
      };
    },
    getLatestBlockhash: (params) => {
      checkMinContextSlot(configAt(params, 0));
      return wrap({
        blockhash: svm.latestBlockhash(),
        lastValidBlockHeight: slot() + BLOCKHASH_VALID_SLOTS,
      });
    },
    isBlockhashValid: (params) => {
      if (typeof params[0] !== 'string') throw invalidParams();
      checkMinContextSlot(configAt(params, 1));
      return wrap(blockhashValid(params[0]));
    },
    getBalance: (params) => {
      const key = addressAt(params, 0);
      checkMinContextSlot(configAt(params, 1));
      return wrap(svm.getBalance(key) ?? 0n);
    },
    getAccountInfo: (params) => {
      const key = addressAt(params, 0);
      const config = configAt(params, 1);
      checkMinContextSlot(config);
      return wrap(accountValue(svm.getAccount(key), config));
    },
    getMultipleAccounts: (params) => {
      const keys = params[0];
      if (!Array.isArray(keys) || keys.length > 100) throw invalidParams();
      const config = configAt(params, 1);
      checkMinContextSlot(config);
      return wrap(
        keys.map((_, index) => accountValue(svm.getAccount(addressAt(keys, index)), config)),
      );
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = params[0];
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalidParams();
      return svm.minimumBalanceForRentExemption(BigInt(size));
    },
    getFeeForMessage: (params) => {
      if (typeof params[0] !== 'string') throw invalidParams();
      checkMinContextSlot(configAt(params, 1));
      let message;
      try {
        message = messageDecoder.decode(
          new Uint8Array(base64.encode.encode(params[0])),
        ) as ReturnType<typeof messageDecoder.decode> & {
          lifetimeToken?: string;
          instructions?: Decoded['instructions'];
        };
      } catch {
        throw invalidParams('invalid message');
      }
      if (!blockhashValid(message.lifetimeToken ?? '')) return wrap(null);
      return wrap(
        feeOf({
          accountKeys: [...message.staticAccounts],
          instructions: message.instructions ?? [],
          numSignatures: message.header.numSignerAccounts,
        }),
      );
    },
    getRecentPrioritizationFees: () => [],
    getSignatureStatuses: (params) => {
      const signatures = params[0];
      if (!Array.isArray(signatures) || signatures.length > 256) throw invalidParams();
      return wrap(
        signatures.map((signature) => {
          if (typeof signature !== 'string') throw invalidParams();
          const record = landed.get(signature);
          if (!record) return null;
          return {
            slot: record.slot,
            confirmations: null,
            err: record.err,
            status: record.err === null ? { Ok: null } : { Err: record.err },
            confirmationStatus: 'finalized',
          };
        }),
      );
    },
    getTransaction: (params) => {
      if (typeof params[0] !== 'string') throw invalidParams();
      const config = typeof params[1] === 'string' ? { encoding: params[1] } : configAt(params, 1);
      const record = landed.get(params[0]);
      if (!record) return null;
      const maxVersion = config.maxSupportedTransactionVersion;
      if (
        record.version !== 'legacy' &&
        (typeof maxVersion !== 'number' || record.version > maxVersion)
      ) {
        throw new RpcError(
          -32015,
          `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`,
        );
      }
      return {
        slot: record.slot,
        blockTime: record.blockTime,
        version: maxVersion === undefined ? undefined : record.version,
        transaction: transactionJson(record, config.encoding ?? 'json'),
        meta: {
          err: record.err,
          status: record.err === null ? { Ok: null } : { Err: record.err },
          fee: record.fee,
          preBalances: record.preBalances,
          postBalances: record.postBalances,
          innerInstructions: [],
          logMessages: record.logs,
          preTokenBalances: [],
          postTokenBalances: [],
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
          computeUnitsConsumed: record.computeUnits,
        },
      };
    },
    sendTransaction: (params) => {
      const config = configAt(params, 1);
      checkMinContextSlot(config);
      return send(decode(wireOf(params, config.encoding)), config);
    },
    simulateTransaction: (params) => {
      const config = configAt(params, 1);
      checkMinContextSlot(config);
      const decoded = decode(wireOf(params, config.encoding));
      let replacementBlockhash: unknown = null;
      if (config.replaceRecentBlockhash === true) {
        if (config.sigVerify === true) {
          throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
        }
        // LiteSVM's blockhash check is off: the message runs as is, as with the latest one.
        replacementBlockhash = {
          blockhash: svm.latestBlockhash(),
          lastValidBlockHeight: slot() + BLOCKHASH_VALID_SLOTS,
        };
      } else if (!blockhashValid(decoded.blockhash)) {
        return wrap({
          ...simulationValue(fakeFailure('BlockhashNotFound'), null),
          replacementBlockhash,
        });
      }
      // A real node checks signatures in simulation only when asked (`sigVerify`).
      const sigVerify = config.sigVerify === true;
      svm.withSigverify(sigVerify);
      let result;
      try {
        result = svm.simulateTransaction(decoded.transaction);
      } finally {
        svm.withSigverify(true);
      }
      const wanted = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined;
      let accounts: unknown = null;
      if (wanted && Array.isArray(wanted.addresses)) {
        const post = new Map<string, EncodedAccount>();
        if (!(result instanceof FailedTransactionMetadata)) {
          for (const account of result.postAccounts()) post.set(account.address, account);
        }
        const addresses = wanted.addresses as unknown[];
        const encoding = { encoding: wanted.encoding ?? 'base64' };
        accounts = addresses.map((_, index) => {
          const key = addressAt(addresses, index);
          return accountValue(post.get(key) ?? svm.getAccount(key), encoding);
        });
      }
      return wrap({ ...simulationValue(result, accounts), replacementBlockhash });
    },
    requestAirdrop: async (params) => {
      const key = addressAt(params, 0);
      const amount = params[1];
      if (typeof amount !== 'number' && typeof amount !== 'bigint') throw invalidParams();
      if (BigInt(amount) <= 0n) throw invalidParams();
      checkMinContextSlot(configAt(params, 2));
      const message = pipe(
        createTransactionMessage({ version: 'legacy' }),
        (tx) => setTransactionMessageFeePayerSigner(faucet, tx),
        (tx) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: svm.latestBlockhash() as Blockhash,
              lastValidBlockHeight: slot() + BLOCKHASH_VALID_SLOTS,
            },
            tx,
          ),
        (tx) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: faucet,
              destination: key,
              amount: lamports(BigInt(amount)),
            }),
            tx,
          ),
      );
      const signed = await signTransactionMessageWithSigners(message);
      // Another request may have landed while signing: the blockhash is still valid, and a
      // second identical airdrop in the same slot would share this one's signature.
      const decoded = decode(new Uint8Array(transactionEncoder.encode(signed)));
      if (landed.has(decoded.signature)) return decoded.signature;
      const result = land(decoded);
      if (result instanceof FailedTransactionMetadata) {
        throw new RpcError(-32603, `airdrop failed: ${errorText(errorJson(result.err()))}`);
      }
      return decoded.signature;
    },
  };

  /** Serialises airdrops (each signs asynchronously) so two identical ones take two slots. */
  let airdrops: Promise<unknown> = Promise.resolve();

  const answer = async (request: unknown): Promise<Record<string, unknown>> => {
    const fields = request as {
      jsonrpc?: unknown;
      id?: unknown;
      method?: unknown;
      params?: unknown;
    };
    const id = fields && typeof fields === 'object' && 'id' in fields ? (fields.id ?? null) : null;
    try {
      if (
        !request ||
        typeof request !== 'object' ||
        Array.isArray(request) ||
        fields.jsonrpc !== '2.0' ||
        typeof fields.method !== 'string'
      ) {
        throw new RpcError(-32600, 'Invalid request');
      }
      const handler = Object.hasOwn(methods, fields.method) ? methods[fields.method] : undefined;
      if (!handler) throw new RpcError(-32601, 'Method not found');
      const params = fields.params ?? [];
      if (!Array.isArray(params))
        throw invalidParams('Invalid params: invalid type: map, expected a sequence.');
      let result: unknown;
      if (fields.method === 'requestAirdrop') {
        const run = airdrops.then(() => handler(params));
        airdrops = run.catch(() => undefined);
        result = await run;
      } else result = handler(params);
      return { jsonrpc: '2.0', result, id };
    } catch (error) {
      if (error instanceof RpcError) {
        return {
          jsonrpc: '2.0',
          error: { code: error.code, message: error.message, data: error.data },
          id,
        };
      }
      return {
        jsonrpc: '2.0',
        error: {
          code: -32603,
          message: `Internal error: ${error instanceof Error ? error.message : String(error)}`,
        },
        id,
      };
    }
  };

  const cors = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    res.setHeader(
      'access-control-allow-headers',
      req.headers['access-control-request-headers'] ?? 'content-type, solana-client',
    );
    res.setHeader('access-control-max-age', '86400');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST') {
      res
        .writeHead(405, { 'content-type': 'text/plain' })
        .end('Used HTTP Method is not allowed. POST or OPTIONS is required');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(chunk);
    }
    let body: unknown;
    let reply: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      reply = { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null };
    }
    if (reply === undefined) {
      if (Array.isArray(body)) {
        if (body.length === 0) {
          reply = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null };
        } else {
          const replies = [];
          // In order: each call sees the chain as the previous one left it.
          for (const request of body) replies.push(await answer(request));
          reply = replies;
        }
      } else reply = await answer(body);
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(toJson(reply));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    svm,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rpc = await startSolanaRpc({
    port: Number(process.env.LATCHKEY_SOLANA_RPC_PORT ?? 8899),
  });
  process.stdout.write(`Solana JSON-RPC (LiteSVM) listening on ${rpc.url}\n`);
  const shutdown = () => void rpc.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
