/**
 * What the approval page shows of one Solana signing request (issue 22 item 2), as Phantom and
 * Privy's Solana screens do: a message as text (printable UTF-8) or hex; a transaction decoded
 * with `@solana/kit` (legacy and v0 wire transactions), its fee payer, estimated network fee,
 * instructions with their programs and accounts, SOL transfers, memos and SPL Token, Token-2022
 * and Associated Token Account instructions spelled out by the programs' own generated parsers
 * (`@solana-program/system`, `compute-budget`, `memo`, `token`). Texts
 * are the page locale's (`frame/locales`, `solana` and `describe`); amounts go through Intl.
 */
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  ComputeBudgetInstruction,
  getSetComputeUnitLimitInstructionDataDecoder,
  getSetComputeUnitPriceInstructionDataDecoder,
  identifyComputeBudgetInstruction,
  MAX_COMPUTE_UNIT_LIMIT,
} from '@solana-program/compute-budget';
import {
  getAddMemoInstructionDataDecoder,
  SUPPORTED_MEMO_PROGRAM_ADDRESSES,
} from '@solana-program/memo';
import {
  getCreateAccountInstructionDataDecoder,
  getCreateAccountWithSeedInstructionDataDecoder,
  getTransferSolInstructionDataDecoder,
  identifySystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system';
import {
  AssociatedTokenInstruction,
  AuthorityType,
  getCreateAssociatedTokenInstructionDataEncoder,
  identifyTokenInstruction,
  parseAssociatedTokenInstruction,
  parseTokenInstruction,
  TokenInstruction,
} from '@solana-program/token';
import {
  type AccountMeta,
  AccountRole,
  type Address,
  type CompiledTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSome,
  type ReadonlyUint8Array,
} from '@solana/kit';
import type { SolanaSignRequest } from '@latchkey/api';
import { bytesToHex } from 'viem';
import { fromBase64 } from '../frame/encoding.ts';
import {
  FRAME_CATALOGUES,
  type FrameLocale,
  type FrameMessages,
  fill,
} from '../frame/locales/index.ts';
import {
  type DescriptionRow,
  type DescriptionSection,
  formatByteCount,
  formatDecimalAmount,
  formatNativeAmount,
  MAX_EXACT_DECIMALS,
  type RequestDescription,
} from './describe.ts';
import { CustodyError } from './errors.ts';

/** The network the host names for the request (`latchkey:solana-wallet:approve` `cluster`). */
export interface SolanaCluster {
  /** e.g. 'Solana Devnet'; 1 to {@link CLUSTER_NAME_MAX} characters. */
  name: string;
}

/** Longest cluster name shown. */
export const CLUSTER_NAME_MAX = 64;
/** Base fee of one required signature, in lamports (Solana's `lamports_per_signature`). */
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** Compute units a transaction gets per non-Compute-Budget instruction without a set limit. */
export const DEFAULT_INSTRUCTION_COMPUTE_UNITS = 200_000;
/** Largest wire transaction, in bytes (Solana's `PACKET_DATA_SIZE`: 1280 - 48 of headers). */
export const SOLANA_TRANSACTION_MAX_BYTES = 1232;
/**
 * Largest message the page signs, in bytes (65,515: the longest off-chain message body of the
 * Solana off-chain message format; a longer one cannot be read on a screen anyway).
 */
export const SOLANA_MESSAGE_MAX_BYTES = 65_515;

const SOL = { decimals: 9, symbol: 'SOL' } as const;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/** The SPL Token program (`@solana-program/token` `TOKEN_PROGRAM_ADDRESS`). */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** The Token-2022 program (token extensions). */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** The Associated Token Account program (`ASSOCIATED_TOKEN_PROGRAM_ADDRESS`). */
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

/** Names of the programs the page knows, by address (proper names: not translated). */
export const KNOWN_SOLANA_PROGRAMS: ReadonlyMap<string, string> = new Map([
  [SYSTEM_PROGRAM_ADDRESS, 'System Program'],
  [COMPUTE_BUDGET_PROGRAM_ADDRESS, 'Compute Budget'],
  [TOKEN_PROGRAM, 'SPL Token'],
  [TOKEN_2022_PROGRAM, 'Token-2022'],
  [ASSOCIATED_TOKEN_PROGRAM, 'Associated Token Account'],
  ...SUPPORTED_MEMO_PROGRAM_ADDRESSES.map((address): [string, string] => [address, 'Memo']),
]);

const invalid = (message: string, cause?: unknown) =>
  new CustodyError('invalid_request_arguments', message, cause === undefined ? {} : { cause });

/** True when `bytes` are UTF-8 text without control characters other than tab and newlines. */
export function isPrintableText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text);
}

/**
 * Unicode bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM):
 * they reorder what is drawn, so text holding one could show other words than it holds.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/**
 * True when `bytes` can be drawn as the text they are: {@link isPrintableText} and no
 * bidirectional control. Other bytes are drawn as hex.
 */
export function isDisplayText(bytes: Uint8Array): boolean {
  return isPrintableText(bytes) && !BIDI_CONTROLS.test(new TextDecoder().decode(bytes));
}

/** A Solana address shortened for a list: `AbCd…WxYz` (the whole one goes in a tooltip). */
export function shortSolanaAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

// ---------------------------------------------------------------------------------------------
// Decoding

/** One account an instruction uses, resolved from the compiled message. */
export interface SolanaAccountUse {
  /** The base58 address; null when it is loaded from an address lookup table. */
  address: string | null;
  /** For a lookup-table account: the table's address and the entry's index in it. */
  lookup?: { table: string; index: number };
  signer: boolean;
  writable: boolean;
}

/** One instruction of a decoded transaction. */
export interface SolanaInstructionUse {
  /** The program's base58 address (always a static account). */
  programAddress: string;
  accounts: SolanaAccountUse[];
  data: Uint8Array;
}

/** A wire transaction as the page reads it. */
export interface DecodedSolanaTransaction {
  version: 'legacy' | 0;
  /** The first static account: pays the fee and signs. */
  feePayer: string;
  /** The accounts that must sign (the first `numSignerAccounts` static accounts). */
  signers: string[];
  instructions: SolanaInstructionUse[];
  /** Addresses of the lookup tables a v0 message loads accounts from (none for legacy). */
  lookupTables: string[];
}

/**
 * Decodes a wire transaction (`@solana/kit` `getTransactionDecoder`, then
 * `getCompiledTransactionMessageDecoder`) and resolves each instruction's program and accounts:
 * static accounts by the message header (signer / writable), lookup-table accounts as
 * `{ table, index }` with their writability (their addresses need an RPC call: not resolved).
 * @param wire the wire transaction, at most {@link SOLANA_TRANSACTION_MAX_BYTES} bytes.
 * @throws CustodyError `invalid_request_arguments` when it is too long, does not decode, is of a
 *   version other than legacy or 0, or its header or indices point outside its accounts.
 */
export function decodeSolanaTransaction(wire: Uint8Array): DecodedSolanaTransaction {
  if (wire.length > SOLANA_TRANSACTION_MAX_BYTES) {
    throw invalid(`params.transaction is longer than ${SOLANA_TRANSACTION_MAX_BYTES} bytes`);
  }
  let message: CompiledTransactionMessage;
  try {
    const { messageBytes } = getTransactionDecoder().decode(wire);
    message = getCompiledTransactionMessageDecoder().decode(messageBytes);
  } catch (cause) {
    throw invalid('params.transaction is not a Solana wire transaction', cause);
  }
  if (message.version !== 'legacy' && message.version !== 0) {
    throw invalid(`Solana transactions of version ${String(message.version)} are not supported`);
  }
  const { header, staticAccounts } = message;
  const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : [];
  const count = staticAccounts.length;
  const signerCount = header.numSignerAccounts;
  if (
    signerCount < 1 ||
    signerCount > count ||
    header.numReadonlySignerAccounts >= signerCount ||
    header.numReadonlyNonSignerAccounts > count - signerCount
  ) {
    throw invalid('params.transaction has a malformed message header');
  }
  const writableLookups = lookups.flatMap((table) =>
    table.writableIndexes.map((index) => ({ table: table.lookupTableAddress, index })),
  );
  const readonlyLookups = lookups.flatMap((table) =>
    table.readonlyIndexes.map((index) => ({ table: table.lookupTableAddress, index })),
  );
  const total = count + writableLookups.length + readonlyLookups.length;

  const account = (position: number): SolanaAccountUse => {
    if (!Number.isInteger(position) || position < 0 || position >= total) {
      throw invalid('params.transaction has an account index out of range');
    }
    if (position < count) {
      const signer = position < signerCount;
      const writable = signer
        ? position < signerCount - header.numReadonlySignerAccounts
        : position < count - header.numReadonlyNonSignerAccounts;
      return { address: staticAccounts[position]!, signer, writable };
    }
    const loaded = position - count;
    const writable = loaded < writableLookups.length;
    const lookup = writable
      ? writableLookups[loaded]!
      : readonlyLookups[loaded - writableLookups.length]!;
    return { address: null, lookup, signer: false, writable };
  };

  const instructions = message.instructions.map((instruction): SolanaInstructionUse => {
    // The runtime loads programs from the static accounts only.
    if (instruction.programAddressIndex >= count) {
      throw invalid('params.transaction invokes a program outside its static accounts');
    }
    return {
      programAddress: staticAccounts[instruction.programAddressIndex]!,
      accounts: (instruction.accountIndices ?? []).map(account),
      data: Uint8Array.from(instruction.data ?? []),
    };
  });
  return {
    version: message.version,
    feePayer: staticAccounts[0]!,
    signers: staticAccounts.slice(0, signerCount),
    instructions,
    lookupTables: lookups.map((table) => table.lookupTableAddress),
  };
}

/** The network fee of a transaction as the page estimates it. */
export interface SolanaFeeEstimate {
  /** {@link LAMPORTS_PER_SIGNATURE} per required signature, in lamports. */
  baseLamports: bigint;
  /** Priority fee in lamports: price × limit / 10^6, rounded up. */
  priorityLamports: bigint;
  /** Base plus priority fee, in lamports. */
  totalLamports: bigint;
  /** Compute Budget `SetComputeUnitPrice`, in micro-lamports per compute unit (0 when unset). */
  microLamportsPerUnit: bigint;
  /**
   * Compute Budget `SetComputeUnitLimit`, else {@link DEFAULT_INSTRUCTION_COMPUTE_UNITS} per
   * other instruction; at most {@link MAX_COMPUTE_UNIT_LIMIT} either way (the runtime's cap).
   */
  computeUnitLimit: number;
}

/** The Compute Budget instruction `data` is (price or limit), else null. */
function computeBudgetOf(
  instruction: SolanaInstructionUse,
): { price: bigint } | { limit: number } | { other: ComputeBudgetInstruction } | null {
  if (instruction.programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS) return null;
  try {
    const kind = identifyComputeBudgetInstruction(instruction.data);
    if (kind === ComputeBudgetInstruction.SetComputeUnitPrice) {
      return {
        price: getSetComputeUnitPriceInstructionDataDecoder().decode(instruction.data)
          .microLamports,
      };
    }
    if (kind === ComputeBudgetInstruction.SetComputeUnitLimit) {
      return {
        limit: getSetComputeUnitLimitInstructionDataDecoder().decode(instruction.data).units,
      };
    }
    return { other: kind };
  } catch {
    return null;
  }
}

/**
 * The estimated network fee (issue 22 item 2): {@link LAMPORTS_PER_SIGNATURE} per required
 * signature plus the priority fee, `SetComputeUnitPrice` (micro-lamports per compute unit) ×
 * the compute unit limit / 10^6 rounded up. The limit is `SetComputeUnitLimit`'s, else
 * {@link DEFAULT_INSTRUCTION_COMPUTE_UNITS} × the instructions that are not Compute Budget
 * ones, capped at {@link MAX_COMPUTE_UNIT_LIMIT}. The first instruction of each kind counts (the
 * runtime refuses a transaction with two). Precompile signatures and rent are not counted.
 */
export function estimateSolanaFee(transaction: DecodedSolanaTransaction): SolanaFeeEstimate {
  let price: bigint | undefined;
  let limit: number | undefined;
  let others = 0;
  for (const instruction of transaction.instructions) {
    const budget = computeBudgetOf(instruction);
    if (instruction.programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS) others += 1;
    else if (budget && 'price' in budget) price ??= budget.price;
    else if (budget && 'limit' in budget) limit ??= budget.limit;
  }
  const computeUnitLimit = Math.min(
    limit ?? DEFAULT_INSTRUCTION_COMPUTE_UNITS * others,
    MAX_COMPUTE_UNIT_LIMIT,
  );
  const microLamportsPerUnit = price ?? 0n;
  const micro = microLamportsPerUnit * BigInt(computeUnitLimit);
  const priorityLamports = (micro + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  const baseLamports = LAMPORTS_PER_SIGNATURE * BigInt(transaction.signers.length);
  return {
    baseLamports,
    priorityLamports,
    totalLamports: baseLamports + priorityLamports,
    microLamportsPerUnit,
    computeUnitLimit,
  };
}

// ---------------------------------------------------------------------------------------------
// Describing

interface Words {
  t: FrameMessages['solana'];
  d: FrameMessages['describe'];
  locale: FrameLocale;
  /** Warnings found while describing the instructions (each once), drawn above the details. */
  warnings: string[];
  /** Set when a token transfer is signed by the wallet (the heading becomes 'Send tokens'). */
  sendsTokens: boolean;
}

const warn = (w: Words, text: string) => {
  if (!w.warnings.includes(text)) w.warnings.push(text);
};

const sol = (lamports: bigint, w: Words) => formatNativeAmount(lamports, SOL, w.locale);

/** How an account shows: its shortened address (or lookup entry) and its roles. */
function accountText(account: SolanaAccountUse, w: Words): { value: string; title: string } {
  const where = account.address
    ? shortSolanaAddress(account.address)
    : fill(w.t.lookupAccount, {
        table: shortSolanaAddress(account.lookup!.table),
        index: String(account.lookup!.index),
      });
  const roles = [
    ...(account.signer ? [w.t.signer] : []),
    account.writable ? w.t.writable : w.t.readonly,
  ];
  return {
    value: `${where} · ${roles.join(', ')}`,
    title: account.address ?? `${account.lookup!.table} #${account.lookup!.index}`,
  };
}

/** An account named in a sentence: its whole address, or its lookup entry. */
function accountName(account: SolanaAccountUse | undefined, w: Words): string {
  if (!account) return w.d.unknown;
  return account.address
    ? account.address
    : fill(w.t.lookupAccount, {
        table: shortSolanaAddress(account.lookup!.table),
        index: String(account.lookup!.index),
      });
}

/** SOL an instruction moves out of `wallet` (System transfers and account creations), lamports. */
function lamportsFrom(instruction: SolanaInstructionUse, wallet: string): bigint {
  if (instruction.programAddress !== SYSTEM_PROGRAM_ADDRESS) return 0n;
  if (instruction.accounts[0]?.address !== wallet) return 0n;
  try {
    switch (identifySystemInstruction(instruction.data)) {
      case SystemInstruction.TransferSol:
        return getTransferSolInstructionDataDecoder().decode(instruction.data).amount;
      case SystemInstruction.CreateAccount:
        return getCreateAccountInstructionDataDecoder().decode(instruction.data).lamports;
      case SystemInstruction.CreateAccountWithSeed:
        return getCreateAccountWithSeedInstructionDataDecoder().decode(instruction.data).amount;
      default:
        return 0n;
    }
  } catch {
    return 0n;
  }
}

/** What a known program's instruction does, as rows (empty when the page cannot tell). */
function actionRows(instruction: SolanaInstructionUse, wallet: string, w: Words): DescriptionRow[] {
  const { programAddress, data, accounts } = instruction;
  const { t, d } = w;
  try {
    if (programAddress === SYSTEM_PROGRAM_ADDRESS) {
      const kind = identifySystemInstruction(data);
      if (kind === SystemInstruction.TransferSol) {
        const { amount } = getTransferSolInstructionDataDecoder().decode(data);
        const rows: DescriptionRow[] = [
          {
            label: t.transfer,
            value: fill(t.sendTo, { amount: sol(amount, w), address: accountName(accounts[1], w) }),
            stacked: true,
          },
        ];
        if (accounts[0]?.address !== wallet) {
          rows.push({ label: d.from, value: accountName(accounts[0], w), tone: 'mono' });
        }
        return rows;
      }
      const rows: DescriptionRow[] = [{ label: t.kind, value: SystemInstruction[kind] }];
      if (kind === SystemInstruction.CreateAccount) {
        const { lamports } = getCreateAccountInstructionDataDecoder().decode(data);
        rows.push({ label: d.amount, value: sol(lamports, w) });
      } else if (kind === SystemInstruction.CreateAccountWithSeed) {
        const { amount } = getCreateAccountWithSeedInstructionDataDecoder().decode(data);
        rows.push({ label: d.amount, value: sol(amount, w) });
      }
      return rows;
    }
    if (programAddress === COMPUTE_BUDGET_PROGRAM_ADDRESS) {
      const budget = computeBudgetOf(instruction);
      if (budget && 'price' in budget) {
        const amount = new Intl.NumberFormat(w.locale).format(budget.price);
        return [{ label: t.unitPrice, value: fill(t.microLamports, { amount }) }];
      }
      if (budget && 'limit' in budget) {
        return [
          { label: t.unitLimit, value: new Intl.NumberFormat(w.locale).format(budget.limit) },
        ];
      }
      if (budget) return [{ label: t.kind, value: ComputeBudgetInstruction[budget.other] }];
      return [];
    }
    if (programAddress === TOKEN_PROGRAM || programAddress === TOKEN_2022_PROGRAM) {
      return tokenRows(instruction, wallet, w);
    }
    if (programAddress === ASSOCIATED_TOKEN_PROGRAM) return associatedTokenRows(instruction, w);
    if ((SUPPORTED_MEMO_PROGRAM_ADDRESSES as readonly string[]).includes(programAddress)) {
      // The program's parser reads the text; bytes that cannot be drawn as such show as hex.
      const { memo } = getAddMemoInstructionDataDecoder().decode(data);
      if (!isDisplayText(data)) {
        return [{ label: t.memo, value: bytesToHex(data), tone: 'mono', stacked: true }];
      }
      return [{ label: t.memo, value: memo, stacked: true }];
    }
  } catch {
    // Data the program's parser does not read: shown as its size below.
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// SPL Token, Token-2022, Associated Token Account (issue 22 item 2)

/**
 * The last instruction Token-2022 shares with SPL Token (`UiAmountToAmount`, 24): up to it both
 * programs have the same discriminators, data and accounts, so SPL Token's generated parser
 * reads Token-2022's too. Past it they differ (Token-2022's extensions from discriminator 25
 * on; SPL Token's `WithdrawExcessLamports` 38, `UnwrapLamports` 45, `Batch` 255): Token-2022's
 * are not decoded (`@solana-program/token-2022` 0.15 asks for `@solana/kit` 7, the frame has 8)
 * and show as their data size.
 */
export const LAST_SHARED_TOKEN_INSTRUCTION = TokenInstruction.UiAmountToAmount;
/** u64::MAX base units: an `Approve` of it is an unlimited delegation. */
const U64_MAX = 2n ** 64n - 1n;

/** An account as the programs' generated parsers take it, carrying the page's own view of it. */
type KitAccount = AccountMeta & { use: SolanaAccountUse };

/**
 * `instruction` in `@solana/kit`'s shape for the generated `parse…Instruction` functions (which
 * only pick accounts by position): a lookup-table account gets an empty address there, and
 * {@link useOf} gives back the page's account with its table and entry.
 */
function kitInstruction(
  instruction: SolanaInstructionUse,
  data: ReadonlyUint8Array = instruction.data,
) {
  return {
    programAddress: instruction.programAddress as Address,
    accounts: instruction.accounts.map((use): KitAccount => ({
      address: (use.address ?? '') as Address,
      role: use.signer
        ? use.writable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : use.writable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
      use,
    })),
    data,
  };
}

const useOf = (meta: AccountMeta | undefined) => (meta as KitAccount | undefined)?.use;

/** An account shortened for a sentence (`AbCd…WxYz`, or its lookup entry). */
function shortName(meta: AccountMeta | undefined, w: Words): string {
  const account = useOf(meta);
  if (!account) return w.d.unknown;
  return account.address ? shortSolanaAddress(account.address) : accountName(account, w);
}

/** The whole address of an account (the tooltip of a row that shortens it). */
const wholeName = (meta: AccountMeta | undefined, w: Words) => accountName(useOf(meta), w);

/** A row naming an account whole, in mono. */
const accountRow = (label: string, meta: AccountMeta | undefined, w: Words): DescriptionRow => ({
  label,
  value: wholeName(meta, w),
  tone: 'mono',
});

/** The mint's row: shortened, whole in the tooltip. */
const mintRow = (meta: AccountMeta | undefined, w: Words): DescriptionRow => ({
  label: w.t.mint,
  value: shortName(meta, w),
  tone: 'mono',
  title: wholeName(meta, w),
});

/** The data's size, its hex in the tooltip (what an instruction the page cannot read shows). */
function dataRow(data: Uint8Array, w: Words): DescriptionRow {
  return {
    label: w.d.data,
    value: formatByteCount(data.length, w.locale),
    title: bytesToHex(data),
  };
}

/**
 * A token amount: with the instruction's `decimals` (the `…Checked` ones), exact, as '{amount}
 * tokens of {mint}'; without (or beyond {@link MAX_EXACT_DECIMALS}), as '{amount} base units'.
 */
function tokenAmount(
  amount: bigint,
  decimals: number | null,
  mint: AccountMeta | undefined,
  w: Words,
): string {
  if (decimals !== null && decimals <= MAX_EXACT_DECIMALS) {
    return fill(w.t.tokensOf, {
      amount: formatDecimalAmount(amount, decimals, w.locale),
      mint: shortName(mint, w),
    });
  }
  return fill(w.t.baseUnits, { amount: new Intl.NumberFormat(w.locale).format(amount) });
}

/** Warnings of the token instructions that hand over control, by kind. */
function tokenWarning(kind: TokenInstruction, w: Words): string | null {
  switch (kind) {
    case TokenInstruction.Approve:
    case TokenInstruction.ApproveChecked:
      return w.t.delegationWarning;
    case TokenInstruction.SetAuthority:
      return w.t.authorityWarning;
    case TokenInstruction.CloseAccount:
      return w.t.closeWarning;
    default:
      return null;
  }
}

/**
 * An SPL Token (or Token-2022, {@link LAST_SHARED_TOKEN_INSTRUCTION}) instruction as rows, read
 * by `@solana-program/token`'s `identifyTokenInstruction` and `parseTokenInstruction`: its
 * name, then for `TransferChecked` 'Send {amount} tokens of {mint} to {destination}' (exact
 * decimal from the instruction's `decimals`), for `Transfer` 'Send {amount} base units from …
 * to …' with a caution, `Approve(Checked)` 'Allows {delegate} to spend up to …' (flagged,
 * 'Unlimited' at u64::MAX), `SetAuthority`, `CloseAccount`, `Burn(Checked)`, `MintTo(Checked)`
 * with their accounts; other kinds their name and data size. `Approve`, `SetAuthority` and
 * `CloseAccount` add a warning, even when their data or accounts do not parse.
 * @returns empty when the data is not a token instruction the parser reads (the caller shows
 *   its size).
 */
function tokenRows(instruction: SolanaInstructionUse, wallet: string, w: Words): DescriptionRow[] {
  const { t, d } = w;
  const kind = identifyTokenInstruction(instruction.data);
  if (instruction.programAddress === TOKEN_2022_PROGRAM && kind > LAST_SHARED_TOKEN_INSTRUCTION) {
    return [];
  }
  const warning = tokenWarning(kind, w);
  if (warning) warn(w, warning);
  const parsed = parseTokenInstruction(kitInstruction(instruction));
  const rows: DescriptionRow[] = [{ label: t.kind, value: TokenInstruction[kind] }];
  switch (parsed.instructionType) {
    case TokenInstruction.TransferChecked: {
      const { amount, decimals } = parsed.data;
      const { mint, destination, authority } = parsed.accounts;
      if (useOf(authority)?.address === wallet) w.sendsTokens = true;
      const sentence =
        decimals <= MAX_EXACT_DECIMALS
          ? fill(t.sendTokensTo, {
              amount: formatDecimalAmount(amount, decimals, w.locale),
              mint: shortName(mint, w),
              destination: wholeName(destination, w),
            })
          : fill(t.sendBaseUnits, {
              amount: new Intl.NumberFormat(w.locale).format(amount),
              source: wholeName(parsed.accounts.source, w),
              destination: wholeName(destination, w),
            });
      rows.push(
        { label: t.transfer, value: sentence, stacked: true, title: wholeName(mint, w) },
        mintRow(mint, w),
        accountRow(t.authority, authority, w),
      );
      return rows;
    }
    case TokenInstruction.Transfer: {
      const { source, destination, authority } = parsed.accounts;
      if (useOf(authority)?.address === wallet) w.sendsTokens = true;
      rows.push(
        {
          label: t.transfer,
          value: fill(t.sendBaseUnits, {
            amount: new Intl.NumberFormat(w.locale).format(parsed.data.amount),
            source: wholeName(source, w),
            destination: wholeName(destination, w),
          }),
          stacked: true,
        },
        { label: t.caution, value: t.baseUnitsCaution, stacked: true },
        accountRow(t.authority, authority, w),
      );
      return rows;
    }
    case TokenInstruction.Approve:
    case TokenInstruction.ApproveChecked: {
      const checked = parsed.instructionType === TokenInstruction.ApproveChecked;
      const mint = checked ? parsed.accounts.mint : undefined;
      const { amount } = parsed.data;
      rows.push({
        label: t.delegation,
        value: fill(t.allowsSpend, {
          delegate: wholeName(parsed.accounts.delegate, w),
          amount:
            amount === U64_MAX
              ? d.unlimited
              : tokenAmount(amount, checked ? parsed.data.decimals : null, mint, w),
          source: wholeName(parsed.accounts.source, w),
        }),
        tone: 'danger',
        stacked: true,
      });
      if (mint) rows.push(mintRow(mint, w));
      rows.push(accountRow(t.authority, parsed.accounts.owner, w));
      return rows;
    }
    case TokenInstruction.SetAuthority: {
      const { authorityType, newAuthority } = parsed.data;
      const type = AuthorityType[authorityType];
      const account = wholeName(parsed.accounts.owned, w);
      rows.push(
        {
          label: t.authorityChange,
          value: isSome(newAuthority)
            ? fill(t.setAuthority, { type, account, authority: newAuthority.value })
            : fill(t.removeAuthority, { type, account }),
          tone: 'danger',
          stacked: true,
        },
        accountRow(t.authority, parsed.accounts.owner, w),
      );
      return rows;
    }
    case TokenInstruction.CloseAccount: {
      rows.push(
        {
          label: t.closeAccount,
          value: fill(t.closesAccount, {
            account: wholeName(parsed.accounts.account, w),
            destination: wholeName(parsed.accounts.destination, w),
          }),
          tone: 'danger',
          stacked: true,
        },
        accountRow(t.authority, parsed.accounts.owner, w),
      );
      return rows;
    }
    case TokenInstruction.Burn:
    case TokenInstruction.BurnChecked: {
      const { mint, account, authority } = parsed.accounts;
      const decimals =
        parsed.instructionType === TokenInstruction.BurnChecked ? parsed.data.decimals : null;
      rows.push(
        {
          label: t.burn,
          value: fill(t.burnsFrom, {
            amount: tokenAmount(parsed.data.amount, decimals, mint, w),
            account: wholeName(account, w),
          }),
          stacked: true,
        },
        mintRow(mint, w),
        accountRow(t.authority, authority, w),
      );
      return rows;
    }
    case TokenInstruction.MintTo:
    case TokenInstruction.MintToChecked: {
      const { mint, token, mintAuthority } = parsed.accounts;
      const decimals =
        parsed.instructionType === TokenInstruction.MintToChecked ? parsed.data.decimals : null;
      rows.push(
        {
          label: t.mintTo,
          value: fill(t.mintsTo, {
            amount: tokenAmount(parsed.data.amount, decimals, mint, w),
            account: wholeName(token, w),
          }),
          stacked: true,
        },
        mintRow(mint, w),
        accountRow(t.authority, mintAuthority, w),
      );
      return rows;
    }
    default:
      if (instruction.data.length > 0) rows.push(dataRow(instruction.data, w));
      return rows;
  }
}

/**
 * An Associated Token Account instruction as rows (`@solana-program/token`'s
 * `parseAssociatedTokenInstruction`): `Create` and `CreateIdempotent` as 'Create token account
 * for {owner} ({mint})' (empty data is `Create`, as the program reads it: what older clients
 * send), `RecoverNested` by name and data size.
 */
function associatedTokenRows(instruction: SolanaInstructionUse, w: Words): DescriptionRow[] {
  const { t } = w;
  const data =
    instruction.data.length === 0
      ? getCreateAssociatedTokenInstructionDataEncoder().encode({})
      : instruction.data;
  const parsed = parseAssociatedTokenInstruction(kitInstruction(instruction, data));
  const rows: DescriptionRow[] = [
    { label: t.kind, value: AssociatedTokenInstruction[parsed.instructionType] },
  ];
  if (parsed.instructionType === AssociatedTokenInstruction.RecoverNestedAssociatedToken) {
    rows.push(dataRow(instruction.data, w));
    return rows;
  }
  const { owner, mint } = parsed.accounts;
  rows.push(
    {
      label: t.tokenAccount,
      value: fill(t.createTokenAccount, { owner: wholeName(owner, w), mint: shortName(mint, w) }),
      stacked: true,
      title: wholeName(mint, w),
    },
    mintRow(mint, w),
  );
  return rows;
}

function describeInstruction(
  instruction: SolanaInstructionUse,
  position: number,
  wallet: string,
  w: Words,
): DescriptionSection {
  const { t } = w;
  const { programAddress } = instruction;
  const known = KNOWN_SOLANA_PROGRAMS.get(programAddress);
  const rows: DescriptionRow[] = [
    known
      ? {
          label: t.program,
          value: shortSolanaAddress(programAddress),
          tone: 'mono',
          title: programAddress,
        }
      : { label: t.program, value: programAddress, tone: 'mono' },
  ];
  const action = actionRows(instruction, wallet, w);
  rows.push(...action);
  if (action.length === 0 && instruction.data.length > 0) rows.push(dataRow(instruction.data, w));
  instruction.accounts.forEach((account, i) => {
    const { value, title } = accountText(account, w);
    rows.push({ label: fill(t.account, { index: String(i + 1) }), value, tone: 'mono', title });
  });
  return {
    title: fill(t.instruction, {
      index: String(position + 1),
      program: known ?? shortSolanaAddress(programAddress),
    }),
    rows,
  };
}

function describeTransaction(
  address: string,
  wire: Uint8Array,
  cluster: SolanaCluster,
  w: Words,
): RequestDescription {
  const { t, d } = w;
  const transaction = decodeSolanaTransaction(wire);
  if (!transaction.signers.includes(address)) {
    throw invalid("The transaction does not ask for this wallet's signature");
  }
  const fee = estimateSolanaFee(transaction);
  const sent = transaction.instructions.reduce(
    (sum, instruction) => sum + lamportsFrom(instruction, address),
    0n,
  );
  const paysFee = transaction.feePayer === address;
  const rows: DescriptionRow[] = [
    { label: d.network, value: cluster.name },
    { label: t.feePayer, value: transaction.feePayer, tone: 'mono' },
    { label: t.networkFee, value: sol(fee.totalLamports, w) },
  ];
  if (sent > 0n) {
    rows.push({ label: t.totalMax, value: sol(sent + (paysFee ? fee.totalLamports : 0n), w) });
  }
  if (transaction.lookupTables.length > 0) warn(w, t.lookupWarning);
  const instructions = transaction.instructions.map((instruction, i) =>
    describeInstruction(instruction, i, address, w),
  );
  return {
    kind: 'transaction',
    title: sent > 0n ? t.sendSol : w.sendsTokens ? t.sendTokens : d.transaction,
    sections: [{ title: d.transaction, rows }, ...instructions],
    warnings: w.warnings,
  };
}

/** True when `bytes` are exactly one compiled transaction message (legacy or v0). */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const [, end] = getCompiledTransactionMessageDecoder().read(bytes, 0);
    return end === bytes.length;
  } catch {
    return false;
  }
}

function describeMessage(bytes: Uint8Array, cluster: SolanaCluster, w: Words): RequestDescription {
  if (bytes.length > SOLANA_MESSAGE_MAX_BYTES) {
    throw invalid(`params.message is longer than ${SOLANA_MESSAGE_MAX_BYTES} bytes`);
  }
  // A transaction's message signed as a "message" is that transaction signed: refused, so a
  // transaction is only ever signed with its instructions on the screen.
  if (isTransactionMessage(bytes)) {
    throw invalid('params.message is a Solana transaction message: sign it as a transaction');
  }
  const text = isDisplayText(bytes);
  return {
    kind: 'message',
    title: w.d.message,
    message: text ? new TextDecoder().decode(bytes) : bytesToHex(bytes),
    sections: [{ title: w.t.details, rows: [{ label: w.d.network, value: cluster.name }] }],
    warnings: [],
  };
}

/**
 * Describes one Solana signing request for the approval page (issue 22 item 2).
 *
 * - `signMessage`: the message as text when it is printable UTF-8 without bidirectional
 *   controls ({@link isDisplayText}), else `0x` hex; the network (cluster name). At most {@link SOLANA_MESSAGE_MAX_BYTES}.
 * - `signTransaction`: the network, the fee payer (whole), the estimated network fee in SOL
 *   ({@link estimateSolanaFee}), 'Total (max)' (SOL sent from the wallet plus the fee when the
 *   wallet pays it) when the transaction moves SOL from the wallet, then one section per
 *   instruction: the program by name when known ({@link KNOWN_SOLANA_PROGRAMS}) else its
 *   address, System transfers as 'Send {amount} to {address}' (SOL exact, from lamports),
 *   account creations' amounts, Compute Budget price and limit, Memo texts, token
 *   instructions (`tokenRows`: 'Send 1.5 tokens of {mint} to {destination}' from a
 *   `TransferChecked`'s amount and decimals, base units with a caution for `Transfer`;
 *   `Approve`, `SetAuthority` and `CloseAccount` flagged, each with a warning; `Burn`,
 *   `MintTo`; the heading 'Send tokens' when the wallet signs a token transfer and sends no
 *   SOL), Associated Token Account creations ('Create token account for {owner} ({mint})'),
 *   else the data's size (hex in the tooltip), and each account shortened (whole in the
 *   tooltip) with its roles. Lookup-table accounts show as their table and entry, with a
 *   warning. Warnings are listed once each, the lookup-table one first.
 * @param address the wallet's base58 address: a transaction must list it among its signers.
 * @param request a checked request (`solanaSignRequestOf`): message or transaction in base64.
 * @param cluster the network the host names.
 * @param locale the page's locale (default `en`).
 * @throws CustodyError `invalid_request_arguments`: base64 or transaction that does not decode,
 *   a transaction without `address` among its signers, a message that is a transaction
 *   message, a message or transaction over its size limit, an unsupported transaction version.
 */
export function describeSolanaRequest(
  address: string,
  request: SolanaSignRequest,
  cluster: SolanaCluster,
  locale: FrameLocale = 'en',
): RequestDescription {
  const catalogue = FRAME_CATALOGUES[locale];
  const w: Words = {
    t: catalogue.solana,
    d: catalogue.describe,
    locale,
    warnings: [],
    sendsTokens: false,
  };
  const message = request.method === 'signMessage';
  const name = message ? 'params.message' : 'params.transaction';
  const base64 = message ? request.params.message : request.params.transaction;
  const max = message ? SOLANA_MESSAGE_MAX_BYTES : SOLANA_TRANSACTION_MAX_BYTES;
  // Base64 of `max` bytes is at most 4 * ceil(max / 3) characters: longer is refused unread.
  if (base64.length > 4 * Math.ceil(max / 3)) throw invalid(`${name} is longer than ${max} bytes`);
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64);
  } catch (cause) {
    throw invalid(`${name} must be base64`, cause);
  }
  return message
    ? describeMessage(bytes, cluster, w)
    : describeTransaction(address, bytes, cluster, w);
}
