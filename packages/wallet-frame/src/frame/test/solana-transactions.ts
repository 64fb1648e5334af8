/** Test helpers: Solana transactions built with @solana/kit and the programs' own clients. */
import { randomBytes } from 'node:crypto';
import { getAddMemoInstruction } from '@solana-program/memo';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { base58 } from '@scure/base';
import {
  type Address,
  address as asAddress,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';

/** A random Solana address (base58 of 32 random bytes). */
export function randomSolanaAddress(): Address {
  return asAddress(base58.encode(randomBytes(32)));
}

const BLOCKHASH = base58.encode(new Uint8Array(32).fill(7)) as Blockhash;

/** `lamports` of SOL from `source` (a signer) to `destination`, by the System program's client. */
export function transferSol(source: string, destination: string, lamports: bigint): Instruction {
  return getTransferSolInstruction({
    source: createNoopSigner(asAddress(source)),
    destination: asAddress(destination),
    amount: lamports,
  });
}

/** A Memo instruction with `text`. */
export function memo(text: string): Instruction {
  return getAddMemoInstruction({ memo: text });
}

/** Compute Budget `SetComputeUnitPrice` (micro-lamports per compute unit). */
export function unitPrice(microLamports: bigint): Instruction {
  return getSetComputeUnitPriceInstruction({ microLamports });
}

/** Compute Budget `SetComputeUnitLimit`. */
export function unitLimit(units: number): Instruction {
  return getSetComputeUnitLimitInstruction({ units });
}

/**
 * A wire transaction (standard base64) paid by `feePayer`, of `instructions`, version `version`
 * (default legacy); `lookups` (v0) moves the listed accounts into address lookup tables.
 */
export function wireTransaction(
  feePayer: string,
  instructions: Instruction[],
  options: { version?: 'legacy' | 0; lookups?: Record<string, Address[]> } = {},
): string {
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 'legacy' }),
    (m) => setTransactionMessageFeePayer(asAddress(feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: BLOCKHASH, lastValidBlockHeight: 100n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const compressed = options.lookups
    ? compressTransactionMessageUsingAddressLookupTables(
        message as never,
        Object.fromEntries(
          Object.entries(options.lookups).map(([table, list]) => [asAddress(table), list]),
        ),
      )
    : message;
  return getBase64EncodedWireTransaction(compileTransaction(compressed as typeof message));
}
