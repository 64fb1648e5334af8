import type { SolanaSignRequest } from '@latchkey/api';
import {
  AuthorityType,
  getApproveCheckedInstruction,
  getApproveInstruction,
  getBurnCheckedInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getCreateAssociatedTokenInstruction,
  getMintToInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token';
import {
  createNoopSigner,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type Instruction,
  type LegacyCompiledTransactionMessage,
  none,
  some,
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

  it('names the token programs; data their parsers do not read shows as its size', () => {
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

describe('describeSolanaRequest: SPL Token, Token-2022 and Associated Token Account (issue 22 item 2)', () => {
  const MINT = randomSolanaAddress();
  const SOURCE = randomSolanaAddress();
  const DEST = randomSolanaAddress();
  const DELEGATE = randomSolanaAddress();
  const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
  const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;
  const signer = createNoopSigner(WALLET);
  const describeOne = (ix: Instruction, locale?: 'de') =>
    describeSolanaRequest(WALLET, transaction(wireTransaction(WALLET, [ix])), CLUSTER, locale);
  const DELEGATION_WARNING =
    'This transaction lets another account spend your tokens. Approve it only if you trust that account.';

  it('TransferChecked: Send 1.5 tokens of the mint (shortened, whole on hover) to the destination, exact decimals', () => {
    const ix = getTransferCheckedInstruction({
      source: SOURCE,
      mint: MINT,
      destination: DEST,
      authority: signer,
      amount: 1_500_000n,
      decimals: 6,
    });
    const d = describeOne(ix);
    expect(d.title).toBe('Send tokens');
    expect(d.warnings).toEqual([]);
    const r = rows(d, 'Instruction 1: SPL Token');
    expect(r['Instruction']!.value).toBe('TransferChecked');
    expect(r['Transfer']).toMatchObject({
      value: `Send 1.5 tokens of ${short(MINT)} to ${DEST}`,
      title: MINT,
      stacked: true,
    });
    expect(r['Token mint']).toMatchObject({ value: short(MINT), title: MINT, tone: 'mono' });
    expect(r['Owner or delegate']!.value).toBe(WALLET);
    expect(r['Data']).toBeUndefined();
    // u64::MAX with 9 decimals: every digit, no float; grouped by the locale.
    const max = getTransferCheckedInstruction({
      source: SOURCE,
      mint: MINT,
      destination: DEST,
      authority: signer,
      amount: 2n ** 64n - 1n,
      decimals: 9,
    });
    expect(rows(describeOne(max), 'Instruction 1: SPL Token')['Transfer']!.value).toBe(
      `Send 18,446,744,073.709551615 tokens of ${short(MINT)} to ${DEST}`,
    );
    const de = describeOne(ix, 'de');
    expect(de.title).toBe('Token senden');
    expect(rows(de, 'Anweisung 1: SPL Token')['Überweisung']!.value).toBe(
      `1,5 Token von ${short(MINT)} an ${DEST} senden`,
    );
  });

  it('Transfer (unchecked): base units from source to destination, with a caution', () => {
    const ix = getTransferInstruction({
      source: SOURCE,
      destination: DEST,
      authority: signer,
      amount: 1_500_000n,
    });
    const r = rows(describeOne(ix), 'Instruction 1: SPL Token');
    expect(r['Transfer']!.value).toBe(`Send 1,500,000 base units from ${SOURCE} to ${DEST}`);
    expect(r['Caution']!.value).toBe(
      "The amount is in the token's smallest units: the mint's decimals are not in the transaction.",
    );
  });

  it('Approve and ApproveChecked: a flagged delegation row and a warning; u64::MAX is Unlimited', () => {
    const approve = describeOne(
      getApproveInstruction({ source: SOURCE, delegate: DELEGATE, owner: signer, amount: 1000n }),
    );
    expect(approve.title).toBe('Transaction');
    expect(approve.warnings).toEqual([DELEGATION_WARNING]);
    expect(rows(approve, 'Instruction 1: SPL Token')['Delegation']).toMatchObject({
      value: `Allows ${DELEGATE} to spend up to 1,000 base units from ${SOURCE}`,
      tone: 'danger',
    });
    const checked = describeOne(
      getApproveCheckedInstruction({
        source: SOURCE,
        mint: MINT,
        delegate: DELEGATE,
        owner: signer,
        amount: 2_500_000n,
        decimals: 6,
      }),
    );
    expect(checked.warnings).toEqual([DELEGATION_WARNING]);
    expect(rows(checked, 'Instruction 1: SPL Token')['Delegation']!.value).toBe(
      `Allows ${DELEGATE} to spend up to 2.5 tokens of ${short(MINT)} from ${SOURCE}`,
    );
    const unlimited = describeOne(
      getApproveInstruction({
        source: SOURCE,
        delegate: DELEGATE,
        owner: signer,
        amount: 2n ** 64n - 1n,
      }),
    );
    expect(rows(unlimited, 'Instruction 1: SPL Token')['Delegation']!.value).toBe(
      `Allows ${DELEGATE} to spend up to Unlimited from ${SOURCE}`,
    );
  });

  it('SetAuthority and CloseAccount are warnings; BurnChecked and MintTo name their fields', () => {
    const set = describeOne(
      getSetAuthorityInstruction({
        owned: SOURCE,
        owner: signer,
        authorityType: AuthorityType.AccountOwner,
        newAuthority: some(DELEGATE),
      }),
    );
    expect(set.warnings).toEqual([
      'This transaction changes who controls a token account or mint. Approve it only if you meant to.',
    ]);
    expect(rows(set, 'Instruction 1: SPL Token')['Authority change']).toMatchObject({
      value: `Sets the AccountOwner authority of ${SOURCE} to ${DELEGATE}`,
      tone: 'danger',
    });
    const removed = describeOne(
      getSetAuthorityInstruction({
        owned: MINT,
        owner: signer,
        authorityType: AuthorityType.MintTokens,
        newAuthority: none(),
      }),
    );
    expect(rows(removed, 'Instruction 1: SPL Token')['Authority change']!.value).toBe(
      `Removes the MintTokens authority of ${MINT}`,
    );
    // A Token-2022 SetAuthority of an extension's authority (TransferFeeConfig, 4) is beyond
    // SPL Token's parser: its data size shows, and the warning stays.
    const extension = describeOne({
      programAddress: TOKEN_2022 as never,
      accounts: [
        { address: MINT, role: 1 },
        { address: WALLET, role: 2 },
      ],
      data: new Uint8Array([6, 4, 0]),
    } as Instruction);
    expect(rows(extension, 'Instruction 1: Token-2022')['Data']!.value).toBe('3 bytes');
    expect(extension.warnings).toEqual(set.warnings);
    const close = describeOne(
      getCloseAccountInstruction({ account: SOURCE, destination: DEST, owner: signer }),
    );
    expect(close.warnings).toEqual([
      'This transaction closes a token account. Check that the account receiving its SOL is yours.',
    ]);
    expect(rows(close, 'Instruction 1: SPL Token')['Close account']!.value).toBe(
      `Closes token account ${SOURCE}; its SOL goes to ${DEST}`,
    );
    const burn = describeOne(
      getBurnCheckedInstruction({
        account: SOURCE,
        mint: MINT,
        authority: signer,
        amount: 42n,
        decimals: 2,
      }),
    );
    expect(burn.warnings).toEqual([]);
    expect(rows(burn, 'Instruction 1: SPL Token')['Burn']!.value).toBe(
      `Burns 0.42 tokens of ${short(MINT)} from ${SOURCE}`,
    );
    const mint = describeOne(
      getMintToInstruction({ mint: MINT, token: DEST, mintAuthority: signer, amount: 7n }),
    );
    expect(rows(mint, 'Instruction 1: SPL Token')['Mint']!.value).toBe(
      `Mints 7 base units to ${DEST}`,
    );
  });

  it('Associated Token Account Create and CreateIdempotent: Create token account for {owner} ({mint})', () => {
    const ata = randomSolanaAddress();
    const idempotent = describeOne(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: signer,
        ata,
        owner: DEST,
        mint: MINT,
      }),
    );
    const r = rows(idempotent, 'Instruction 1: Associated Token Account');
    expect(r['Instruction']!.value).toBe('CreateAssociatedTokenIdempotent');
    expect(r['Token account']).toMatchObject({
      value: `Create token account for ${DEST} (${short(MINT)})`,
      title: MINT,
    });
    // Older clients send Create with empty data: the program reads it as Create.
    const create = getCreateAssociatedTokenInstruction({
      payer: signer,
      ata,
      owner: DEST,
      mint: MINT,
    });
    const legacy = describeOne({ ...create, data: new Uint8Array() });
    expect(rows(legacy, 'Instruction 1: Associated Token Account')['Instruction']!.value).toBe(
      'CreateAssociatedToken',
    );
    expect(text(legacy)).toContain(`Create token account for ${DEST} (${short(MINT)})`);
  });

  it('Token-2022: the shared instructions read the same; its extensions and undecodable data fall back to their size', () => {
    const ix = getTransferCheckedInstruction(
      {
        source: SOURCE,
        mint: MINT,
        destination: DEST,
        authority: signer,
        amount: 1_500_000n,
        decimals: 6,
      },
      { programAddress: TOKEN_2022 as never },
    );
    expect(rows(describeOne(ix), 'Instruction 1: Token-2022')['Transfer']!.value).toBe(
      `Send 1.5 tokens of ${short(MINT)} to ${DEST}`,
    );
    // SPL Token's parser would read these bytes and accounts as its UnwrapLamports (45); on
    // Token-2022, past the instructions the two share, they are not read as SPL Token's.
    const extension = describeOne({
      programAddress: TOKEN_2022 as never,
      accounts: [
        { address: SOURCE, role: 1 },
        { address: DEST, role: 1 },
        { address: WALLET, role: 2 },
      ],
      data: new Uint8Array([45, 0]),
    } as Instruction);
    const fallback = rows(extension, 'Instruction 1: Token-2022');
    expect(fallback['Instruction']).toBeUndefined();
    expect(fallback['Data']).toMatchObject({ value: '2 bytes', title: '0x2d00' });
    // A TransferChecked cut short (too few accounts, data without its decimals) and an unknown
    // discriminator: name and data size, never a failure.
    const cut = describeOne({ ...ix, data: ix.data.slice(0, 9) } as Instruction);
    expect(rows(cut, 'Instruction 1: Token-2022')['Data']!.value).toBe('9 bytes');
    const few = describeOne({ ...ix, accounts: ix.accounts.slice(0, 2) } as Instruction);
    expect(rows(few, 'Instruction 1: Token-2022')['Transfer']).toBeUndefined();
    const unknown = describeOne({
      programAddress: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as never,
      accounts: [],
      data: new Uint8Array([200]),
    } as Instruction);
    expect(rows(unknown, 'Instruction 1: SPL Token')['Data']!.value).toBe('1 byte');
  });
});
