import type { SolanaSignRequest } from '@latchkey/api';
import {
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../frame/encoding.ts';
import {
  memo,
  randomSolanaAddress,
  transferSol,
  unitLimit,
  unitPrice,
  wireTransaction,
} from '../frame/test/solana-transactions.ts';
import type { RequestDescription } from './describe.ts';
import {
  decodeSolanaTransaction,
  describeSolanaRequest,
  estimateSolanaFee,
  SOLANA_MESSAGE_MAX_BYTES,
} from './describe-solana.ts';
import { CustodyError } from './errors.ts';

const WALLET = randomSolanaAddress();
const OTHER = randomSolanaAddress();
const CLUSTER = { name: 'Solana Devnet' };
const LAMPORTS_PER_SOL = 1_000_000_000n;
const utf8 = (text: string) => new TextEncoder().encode(text);

const transaction = (wire: string): SolanaSignRequest => ({
  method: 'signTransaction',
  params: { transaction: wire },
});
const message = (bytes: Uint8Array): SolanaSignRequest => ({
  method: 'signMessage',
  params: { message: toBase64(bytes) },
});

/** The rows of the section titled `title`, by label. */
const rows = (d: RequestDescription, title: string) =>
  Object.fromEntries(d.sections.find((s) => s.title === title)!.rows.map((r) => [r.label, r]));
const text = (d: RequestDescription) =>
  d.sections.flatMap((s) => [s.title, ...s.rows.flatMap((r) => [r.label, r.value])]).join('\n');

function expectInvalid(fn: () => unknown, pattern: RegExp) {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CustodyError);
  expect((thrown as CustodyError).type).toBe('invalid_request_arguments');
  expect((thrown as Error).message).toMatch(pattern);
}

describe('describeSolanaRequest: transactions (issue 22 item 2)', () => {
  it('a System transfer: network, fee payer, 0.000005 SOL fee, the program, its accounts, Send 0.25 SOL', () => {
    const wire = wireTransaction(WALLET, [transferSol(WALLET, OTHER, LAMPORTS_PER_SOL / 4n)]);
    const d = describeSolanaRequest(WALLET, transaction(wire), CLUSTER);
    expect(d.kind).toBe('transaction');
    expect(d.title).toBe('Send SOL');
    expect(d.warnings).toEqual([]);
    const tx = rows(d, 'Transaction');
    expect(tx['Network']!.value).toBe('Solana Devnet');
    expect(tx['Fee payer']!.value).toBe(WALLET);
    expect(tx['Network fee (estimated)']!.value).toBe('0.000005 SOL');
    expect(tx['Total (max)']!.value).toBe('0.250005 SOL');
    const ix = rows(d, 'Instruction 1: System Program');
    expect(ix['Program']!).toMatchObject({
      value: '1111…1111',
      title: '11111111111111111111111111111111',
    });
    expect(ix['Transfer']!.value).toBe(`Send 0.25 SOL to ${OTHER}`);
    expect(ix['Account 1']).toEqual({
      label: 'Account 1',
      value: `${WALLET.slice(0, 4)}…${WALLET.slice(-4)} · signer, writable`,
      tone: 'mono',
      title: WALLET,
    });
    expect(ix['Account 2']!.value).toBe(`${OTHER.slice(0, 4)}…${OTHER.slice(-4)} · writable`);
    expect(ix['Account 2']!.title).toBe(OTHER);
    // A transfer from the wallet names no separate source.
    expect(ix['From']).toBeUndefined();
  });

  it('amounts are exact decimals of lamports (no float), in the locale', () => {
    const lamports = 123_456_789_012_345_678n;
    const wire = wireTransaction(WALLET, [transferSol(WALLET, OTHER, lamports)]);
    const en = describeSolanaRequest(WALLET, transaction(wire), CLUSTER);
    expect(rows(en, 'Instruction 1: System Program')['Transfer']!.value).toBe(
      `Send 123,456,789.012345678 SOL to ${OTHER}`,
    );
    expect(rows(en, 'Transaction')['Total (max)']!.value).toBe('123,456,789.012350678 SOL');
    const de = describeSolanaRequest(WALLET, transaction(wire), CLUSTER, 'de');
    expect(de.title).toBe('SOL senden');
    expect(rows(de, 'Transaktion')['Netzwerkgebühr (geschätzt)']!.value).toBe('0,000005 SOL');
    expect(rows(de, 'Anweisung 1: System Program')['Überweisung']!.value).toBe(
      `123.456.789,012345678 SOL an ${OTHER} senden`,
    );
  });

  it('Compute Budget: the price raises the fee (default limit 200,000 per other instruction, rounded up)', () => {
    const transfer = transferSol(WALLET, OTHER, 1000n);
    // 10,000 micro-lamports x 200,000 units (one transfer) = 2,000 lamports.
    const priced = describeSolanaRequest(
      WALLET,
      transaction(wireTransaction(WALLET, [unitPrice(10_000n), transfer])),
      CLUSTER,
    );
    expect(rows(priced, 'Transaction')['Network fee (estimated)']!.value).toBe('0.000007 SOL');
    const budget = rows(priced, 'Instruction 1: Compute Budget');
    expect(budget['Compute unit price']!.value).toBe('10,000 micro-lamports');
    // Two non-budget instructions: 400,000 units.
    const two = describeSolanaRequest(
      WALLET,
      transaction(wireTransaction(WALLET, [unitPrice(10_000n), transfer, memo('x')])),
      CLUSTER,
    );
    expect(rows(two, 'Transaction')['Network fee (estimated)']!.value).toBe('0.000009 SOL');
    // A set limit: 1 micro-lamport x 300,001 units = 0.300001 lamports, rounded up to 1.
    const limited = describeSolanaRequest(
      WALLET,
      transaction(wireTransaction(WALLET, [unitLimit(300_001), unitPrice(1n), transfer])),
      CLUSTER,
    );
    expect(rows(limited, 'Transaction')['Network fee (estimated)']!.value).toBe('0.000005001 SOL');
    expect(rows(limited, 'Instruction 1: Compute Budget')['Compute unit limit']!.value).toBe(
      '300,001',
    );
    // Total (max) = what the wallet sends + the fee.
    expect(rows(limited, 'Transaction')['Total (max)']!.value).toBe('0.000006001 SOL');
  });

  it('estimateSolanaFee: signatures, price x limit, the runtime cap of 1,400,000 units', () => {
    const fee = (wire: string) => estimateSolanaFee(decodeSolanaTransaction(fromBase64(wire)));
    expect(fee(wireTransaction(WALLET, [transferSol(WALLET, OTHER, 1n)]))).toEqual({
      baseLamports: 5000n,
      priorityLamports: 0n,
      totalLamports: 5000n,
      microLamportsPerUnit: 0n,
      computeUnitLimit: 200_000,
    });
    // Two signers (the fee payer and the transfer's source): 10,000 lamports.
    expect(fee(wireTransaction(OTHER, [transferSol(WALLET, OTHER, 1n)])).baseLamports).toBe(
      10_000n,
    );
    const capped = fee(
      wireTransaction(WALLET, [
        unitLimit(5_000_000),
        unitPrice(1_000_000n),
        transferSol(WALLET, OTHER, 1n),
      ]),
    );
    expect(capped.computeUnitLimit).toBe(1_400_000);
    expect(capped.priorityLamports).toBe(1_400_000n);
    const many = fee(
      wireTransaction(
        WALLET,
        Array.from({ length: 8 }, () => memo('m')),
      ),
    );
    expect(many.computeUnitLimit).toBe(1_400_000);
  });

  it('a Memo shows its text; an unknown program its address and data size', () => {
    const program = randomSolanaAddress();
    const custom = {
      programAddress: program,
      accounts: [{ address: OTHER, role: 0 }],
      data: new Uint8Array([1, 2, 3]),
    };
    const wire = wireTransaction(WALLET, [memo('Order #42: thanks!'), custom as never]);
    const d = describeSolanaRequest(WALLET, transaction(wire), CLUSTER);
    expect(d.title).toBe('Transaction');
    expect(rows(d, 'Transaction')['Total (max)']).toBeUndefined();
    expect(rows(d, 'Instruction 1: Memo')['Memo']!.value).toBe('Order #42: thanks!');
    const bidi = describeSolanaRequest(
      WALLET,
      transaction(wireTransaction(WALLET, [memo('a\u202Eb')])),
      CLUSTER,
    );
    expect(rows(bidi, 'Instruction 1: Memo')['Memo']).toMatchObject({
      value: '0x61e280ae62',
      tone: 'mono',
    });
    const unknown = rows(d, `Instruction 2: ${program.slice(0, 4)}…${program.slice(-4)}`);
    expect(unknown['Program']!.value).toBe(program);
    expect(unknown['Data']).toMatchObject({ value: '3 bytes', title: '0x010203' });
    expect(unknown['Account 1']!.value).toMatch(/ · read-only$/);
  });

  it('names the token programs; their data shows as its size', () => {
    const call = (programAddress: string) =>
      ({ programAddress, accounts: [], data: new Uint8Array([9]) }) as never;
    const wire = wireTransaction(WALLET, [
      call('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
      call('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
      call('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
    ]);
    const d = describeSolanaRequest(WALLET, transaction(wire), CLUSTER);
    expect(d.sections.map((s) => s.title)).toEqual([
      'Transaction',
      'Instruction 1: SPL Token',
      'Instruction 2: Token-2022',
      'Instruction 3: Associated Token Account',
    ]);
    expect(rows(d, 'Instruction 1: SPL Token')['Program']).toMatchObject({
      value: 'Toke…Q5DA',
      title: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    });
    expect(rows(d, 'Instruction 2: Token-2022')['Data']!.value).toBe('1 byte');
  });

  it('a v0 transaction with a lookup table: its accounts shown as lookup entries, with a warning', () => {
    const table = randomSolanaAddress();
    const far = randomSolanaAddress();
    const wire = wireTransaction(WALLET, [transferSol(WALLET, far, 5n), memo('v0')], {
      version: 0,
      lookups: { [table]: [randomSolanaAddress(), far] },
    });
    // The recipient really is in the table.
    const decoded = decodeSolanaTransaction(fromBase64(wire));
    expect(decoded.version).toBe(0);
    expect(decoded.lookupTables).toEqual([table]);
    const d = describeSolanaRequest(WALLET, transaction(wire), CLUSTER);
    expect(d.warnings).toEqual([
      'Some accounts come from address lookup tables: their addresses cannot be shown here.',
    ]);
    const short = `${table.slice(0, 4)}…${table.slice(-4)}`;
    const ix = rows(d, 'Instruction 1: System Program');
    expect(ix['Transfer']!.value).toBe(`Send 0.000000005 SOL to from lookup table ${short} (#1)`);
    expect(ix['Account 2']).toMatchObject({
      value: `from lookup table ${short} (#1) · writable`,
      title: `${table} #1`,
    });
    expect(rows(d, 'Instruction 2: Memo')['Memo']!.value).toBe('v0');
    expect(rows(d, 'Transaction')['Total (max)']!.value).toBe('0.000005005 SOL');
  });

  it('a transfer by another signer names its source and does not count in the total', () => {
    const wire = wireTransaction(WALLET, [transferSol(OTHER, WALLET, LAMPORTS_PER_SOL)]);
    const d = describeSolanaRequest(WALLET, transaction(wire), CLUSTER);
    expect(d.title).toBe('Transaction');
    expect(rows(d, 'Instruction 1: System Program')['From']!.value).toBe(OTHER);
    expect(rows(d, 'Transaction')['Total (max)']).toBeUndefined();
  });

  it('refuses a transaction the wallet does not sign, one that does not decode, and oversize ones', () => {
    const foreign = wireTransaction(OTHER, [transferSol(OTHER, WALLET, 1n)]);
    expectInvalid(
      () => describeSolanaRequest(WALLET, transaction(foreign), CLUSTER),
      /does not ask for this wallet's signature/,
    );
    // The wallet only as a writable non-signer (a recipient) is not a signer either.
    expectInvalid(
      () =>
        describeSolanaRequest(
          WALLET,
          transaction(wireTransaction(OTHER, [transferSol(OTHER, WALLET, 1n)])),
          CLUSTER,
        ),
      /does not ask/,
    );
    expectInvalid(
      () =>
        describeSolanaRequest(WALLET, transaction(toBase64(new Uint8Array([1, 2, 3]))), CLUSTER),
      /not a Solana wire transaction/,
    );
    expectInvalid(
      () => describeSolanaRequest(WALLET, transaction('not base64!'), CLUSTER),
      /must be base64/,
    );
    const big = wireTransaction(WALLET, [memo('x'.repeat(1100)), transferSol(WALLET, OTHER, 1n)]);
    expect(fromBase64(big).length).toBeGreaterThan(1232);
    expectInvalid(
      () => describeSolanaRequest(WALLET, transaction(big), CLUSTER),
      /longer than 1232/,
    );
  });

  it('refuses a header or an index that points outside the accounts', () => {
    const wire = fromBase64(wireTransaction(WALLET, [transferSol(WALLET, OTHER, 1n)]));
    const { messageBytes, signatures } = getTransactionDecoder().decode(wire);
    const compiled = getCompiledTransactionMessageDecoder().decode(
      messageBytes,
    ) as LegacyCompiledTransactionMessage;
    const rewrap = (changed: object) => {
      const bytes = getCompiledTransactionMessageEncoder().encode({
        ...compiled,
        ...changed,
      } as never);
      // One signature slot (zeros) then the message.
      return toBase64(new Uint8Array([1, ...new Uint8Array(64), ...bytes]));
    };
    expect(Object.keys(signatures)).toEqual([WALLET]);
    expectInvalid(
      () =>
        describeSolanaRequest(
          WALLET,
          transaction(
            rewrap({
              instructions: [{ ...compiled.instructions[0]!, accountIndices: [0, 9] }],
            }),
          ),
          CLUSTER,
        ),
      /account index out of range/,
    );
    expectInvalid(
      () =>
        describeSolanaRequest(
          WALLET,
          transaction(rewrap({ header: { ...compiled.header, numSignerAccounts: 0 } })),
          CLUSTER,
        ),
      /malformed message header|not a Solana wire transaction/,
    );
  });
});

describe('describeSolanaRequest: messages', () => {
  it('printable UTF-8 shows as text, with the network', () => {
    const d = describeSolanaRequest(
      WALLET,
      message(new TextEncoder().encode('Sign in to Example\nNonce: 42 ✓')),
      CLUSTER,
    );
    expect(d).toMatchObject({ kind: 'message', title: 'Message', warnings: [] });
    expect(d.message).toBe('Sign in to Example\nNonce: 42 ✓');
    expect(rows(d, 'Details')['Network']!.value).toBe('Solana Devnet');
  });

  it('binary bytes show as hex', () => {
    const d = describeSolanaRequest(WALLET, message(new Uint8Array([0, 1, 0xfe, 0xff])), CLUSTER);
    expect(d.message).toBe('0x0001feff');
    // Control characters are not printable text.
    const bell = describeSolanaRequest(
      WALLET,
      message(new TextEncoder().encode('hi\u0007')),
      CLUSTER,
    );
    expect(bell.message).toBe('0x686907');
    // A right-to-left override would draw other words than the bytes hold: hex.
    const rlo = describeSolanaRequest(WALLET, message(utf8('pay \u202Egnp.exe')), CLUSTER);
    expect(rlo.message).toBe('0x70617920e280ae676e702e657865');
  });

  it("refuses a transaction's message signed as a message, and an oversize message", () => {
    const wire = fromBase64(wireTransaction(WALLET, [transferSol(WALLET, OTHER, 1n)]));
    const { messageBytes } = getTransactionDecoder().decode(wire);
    expectInvalid(
      () => describeSolanaRequest(WALLET, message(Uint8Array.from(messageBytes)), CLUSTER),
      /is a Solana transaction message/,
    );
    expectInvalid(
      () =>
        describeSolanaRequest(
          WALLET,
          message(new Uint8Array(SOLANA_MESSAGE_MAX_BYTES + 1)),
          CLUSTER,
        ),
      /longer than 65515 bytes/,
    );
    expect(
      describeSolanaRequest(WALLET, message(new Uint8Array(SOLANA_MESSAGE_MAX_BYTES)), CLUSTER)
        .kind,
    ).toBe('message');
  });

  it('the other locales have the texts', () => {
    const d = describeSolanaRequest(WALLET, message(new TextEncoder().encode('hi')), CLUSTER, 'ja');
    expect(d.title).toBe('メッセージ');
    expect(text(d)).toContain('ネットワーク');
  });
});
