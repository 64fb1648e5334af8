import {
  type Abi,
  type Address,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  isAddress,
  isAddressEqual,
  isHex,
  size,
  slice,
} from 'viem';
import en from '../frame/locales/en.ts';
import {
  FRAME_CATALOGUES,
  type FrameLocale,
  type FrameMessages,
  fill,
} from '../frame/locales/index.ts';
import { displayMessage } from './evm-rpc.ts';
import { CustodyError } from './errors.ts';

/**
 * What the approval page shows of one signing request (issue 24 item 1): a pure description
 * built from the EIP-1193 request with viem, checked like `handleEvmRpc` checks it, in the
 * page's locale (the `describe` texts of `frame/locales`; numbers and dates through Intl; issue
 * 14 item 12).
 */

/** The chain the host names for the request (`latchkey:wallet:approve` `chain`). */
export interface DescribeChain {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
}

/** One labelled line of the description. `tone: 'danger'` flags it (unlimited amounts). */
export interface DescriptionRow {
  label: string;
  value: string;
  /** `mono`: addresses, hex; `danger`: a flagged value (e.g. 'Unlimited'). */
  tone?: 'mono' | 'danger';
  /**
   * The whole of a shortened value (a Solana account drawn as `AbCd…WxYz`), shown as the
   * value's tooltip (`title`). Default: none (the value is whole).
   */
  title?: string;
  /** Draw the value under its label, left-aligned (a long sentence with an address in it). */
  stacked?: boolean;
}

/** A group of rows under a heading (the typed data's domain, a decoded call, its fields). */
export interface DescriptionSection {
  title: string;
  rows: DescriptionRow[];
}

/** What the page draws. */
export interface RequestDescription {
  kind: 'message' | 'typed-data' | 'transaction';
  /** Short heading, e.g. 'Message', 'Permit', 'Transaction'. */
  title: string;
  /** `personal_sign` only: the text (UTF-8 when printable, else the hex as given). */
  message?: string;
  sections: DescriptionSection[];
  /** Warnings drawn above the details, e.g. an unlimited token approval. */
  warnings: string[];
}

/** Amounts at or above 2^255 are shown as 'Unlimited' (max uint256 and its common variants). */
export const UNLIMITED_THRESHOLD = 2n ** 255n;
/** The label shown for an unlimited amount (English; the page's locale has its own). */
export const UNLIMITED = en.describe.unlimited;
/** Warning shown when a request grants an unlimited token allowance (English). */
export const UNLIMITED_WARNING = en.describe.unlimitedWarning;

/** The texts and formats of one description: its locale's `describe` catalogue and Intl. */
interface Words {
  t: FrameMessages['describe'];
  locale: FrameLocale;
  warnings: string[];
}

/** EIP-2612 `permit(owner, spender, value, deadline, v, r, s)`. */
export const erc2612PermitAbi = [
  {
    type: 'function',
    name: 'permit',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    outputs: [],
  },
] as const satisfies Abi;

const KNOWN_ABI = [
  ...erc20Abi.filter(
    (item) =>
      item.type === 'function' &&
      (item.name === 'transfer' || item.name === 'transferFrom' || item.name === 'approve'),
  ),
  ...erc2612PermitAbi,
] as const;

const invalid = (message: string) => new CustodyError('invalid_request_arguments', message);

function assertSigner(expected: Address, given: unknown): void {
  if (
    typeof given !== 'string' ||
    !isAddress(given, { strict: false }) ||
    !isAddressEqual(given as Address, expected)
  ) {
    throw invalid('Cannot request a signature with this wallet address');
  }
}

function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
      return BigInt(value);
    if (typeof value === 'string' && /^(0x[0-9a-f]+|[0-9]+)$/i.test(value)) return BigInt(value);
  } catch {
    // fall through
  }
  throw invalid(
    `Transaction request property '${field}' must be a valid number, bigint, or hex string representing a quantity`,
  );
}

function checksum(value: unknown): string {
  return typeof value === 'string' && isAddress(value, { strict: false })
    ? getAddress(value)
    : String(value);
}

/**
 * A token amount in base units, grouped by the locale (`1,000,000 (base units)`), or the
 * locale's 'Unlimited' at or above {@link UNLIMITED_THRESHOLD}.
 */
export function formatTokenAmount(
  amount: bigint,
  locale: FrameLocale = 'en',
): { text: string; unlimited: boolean } {
  const t = FRAME_CATALOGUES[locale].describe;
  if (amount >= UNLIMITED_THRESHOLD) return { text: t.unlimited, unlimited: true };
  const grouped = new Intl.NumberFormat(locale).format(amount);
  return { text: fill(t.baseUnits, { amount: grouped }), unlimited: false };
}

function amountRow(label: string, value: unknown, w: Words): DescriptionRow {
  let amount: bigint;
  try {
    amount = BigInt(value as string | number | bigint);
  } catch {
    return { label, value: String(value) };
  }
  const { text, unlimited } = formatTokenAmount(amount, w.locale);
  if (unlimited) {
    if (!w.warnings.includes(w.t.unlimitedWarning)) w.warnings.push(w.t.unlimitedWarning);
    return { label, value: text, tone: 'danger' };
  }
  return { label, value: text };
}

/**
 * A Unix time in seconds as a date and time of the locale in the browser's time zone, with the
 * seconds in parentheses (what the signature holds), or the locale's 'Never' for max values.
 */
function deadlineText(value: unknown, w: Words): string {
  let seconds: bigint;
  try {
    seconds = BigInt(value as string | number | bigint);
  } catch {
    return String(value);
  }
  if (seconds >= 2n ** 48n - 1n) return w.t.never;
  const date = new Date(Number(seconds) * 1000);
  const text = new Intl.DateTimeFormat(w.locale, {
    dateStyle: 'medium',
    timeStyle: 'long',
  }).format(date);
  return `${text} (${seconds})`;
}

// ---------------------------------------------------------------------------------------------
// personal_sign

function describePersonalSign(address: Address, params: unknown[], w: Words): RequestDescription {
  const [message, from] = params;
  assertSigner(address, from);
  if (typeof message !== 'string' || message.length === 0 || message === '0x') {
    throw invalid('Message must be a non-empty string');
  }
  return {
    kind: 'message',
    title: w.t.message,
    message: displayMessage(message),
    sections: [],
    warnings: [],
  };
}

// ---------------------------------------------------------------------------------------------
// eth_signTypedData_v4

interface TypedField {
  name: string;
  type: string;
}
type Types = Record<string, TypedField[]>;

/** Max rows drawn for one typed-data message (a huge struct would otherwise flood the page). */
const MAX_TYPED_ROWS = 200;

function leafText(type: string, value: unknown): DescriptionRow['value'] {
  if (type === 'address') return checksum(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Flattens a typed-data value into rows `a.b[0].c: value`, depth-first, in type order. */
function flatten(
  types: Types,
  type: string,
  value: unknown,
  path: string,
  out: DescriptionRow[],
  w: Words,
) {
  if (out.length >= MAX_TYPED_ROWS) return;
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const items = Array.isArray(value) ? value : [];
    if (items.length === 0) out.push({ label: path, value: w.t.empty });
    items.forEach((item, i) => flatten(types, array[1]!, item, `${path}[${i}]`, out, w));
    return;
  }
  const fields = types[type];
  if (fields) {
    const object = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    for (const field of fields) {
      flatten(
        types,
        field.type,
        object[field.name],
        path ? `${path}.${field.name}` : field.name,
        out,
        w,
      );
    }
    return;
  }
  const row: DescriptionRow = { label: path, value: leafText(type, value) };
  if (type === 'address' || type.startsWith('bytes')) row.tone = 'mono';
  out.push(row);
}

function parseTypedData(typed: unknown): {
  domain: Record<string, unknown>;
  types: Types;
  primaryType: string;
  message: Record<string, unknown>;
} {
  let definition: unknown = typed;
  if (typeof typed === 'string') {
    try {
      definition = JSON.parse(typed);
    } catch {
      throw invalid('Typed data must be valid JSON');
    }
  }
  if (typeof definition !== 'object' || definition === null)
    throw invalid('Typed data must be an object');
  const { domain, types, primaryType, message } = definition as Record<string, unknown>;
  if (typeof types !== 'object' || types === null) throw invalid('Typed data is not valid EIP-712');
  if (typeof primaryType !== 'string' || !(types as Types)[primaryType])
    throw invalid('Typed data is not valid EIP-712');
  if (typeof message !== 'object' || message === null)
    throw invalid('Typed data is not valid EIP-712');
  for (const fields of Object.values(types as Record<string, unknown>)) {
    if (
      !Array.isArray(fields) ||
      !fields.every(
        (f) =>
          typeof f === 'object' &&
          f !== null &&
          typeof (f as TypedField).name === 'string' &&
          typeof (f as TypedField).type === 'string',
      )
    )
      throw invalid('Typed data is not valid EIP-712');
  }
  return {
    domain: (typeof domain === 'object' && domain !== null ? domain : {}) as Record<
      string,
      unknown
    >,
    types: types as Types,
    primaryType,
    message: message as Record<string, unknown>,
  };
}

function describeTypedData(
  address: Address,
  params: unknown[],
  chain: DescribeChain,
  w: Words,
): RequestDescription {
  const [from, typed] = params;
  assertSigner(address, from);
  const { domain, types, primaryType, message } = parseTypedData(typed);
  const { t } = w;

  const domainRows: DescriptionRow[] = [];
  if (domain.name !== undefined) domainRows.push({ label: t.name, value: String(domain.name) });
  if (domain.version !== undefined)
    domainRows.push({ label: t.version, value: String(domain.version) });
  if (domain.chainId !== undefined) {
    const id = String(domain.chainId);
    let chainId: number | undefined;
    try {
      chainId = Number(BigInt(domain.chainId as string | number | bigint));
    } catch {
      chainId = undefined;
    }
    domainRows.push({
      label: t.chain,
      value: chainId === chain.id ? `${chain.name} (${chain.id})` : id,
    });
    if (chainId !== chain.id) w.warnings.push(fill(t.otherChain, { chainId: id }));
  }
  if (domain.verifyingContract !== undefined)
    domainRows.push({
      label: t.contract,
      value: checksum(domain.verifyingContract),
      tone: 'mono',
    });
  if (domain.salt !== undefined)
    domainRows.push({ label: t.salt, value: String(domain.salt), tone: 'mono' });

  const sections: DescriptionSection[] = [];
  let title = primaryType;
  const permit = describePermit(types, primaryType, message, w);
  if (permit) {
    title = permit.title;
    sections.push(permit.section);
  }
  sections.push({ title: t.domain, rows: domainRows });
  const fields: DescriptionRow[] = [];
  flatten(types, primaryType, message, '', fields, w);
  sections.push({ title: fill(t.fields, { type: primaryType }), rows: fields });
  return { kind: 'typed-data', title, sections, warnings: w.warnings };
}

/** The EIP-2612 Permit and Permit2 `PermitSingle` / `PermitTransferFrom`, spelled out. */
function describePermit(
  types: Types,
  primaryType: string,
  message: Record<string, unknown>,
  w: Words,
): { title: string; section: DescriptionSection } | null {
  const { t } = w;
  const has = (type: string, ...names: string[]) =>
    names.every((n) => types[type]?.some((f) => f.name === n));
  if (primaryType === 'Permit' && has('Permit', 'owner', 'spender', 'value', 'deadline')) {
    return {
      title: t.tokenPermit,
      section: {
        title: t.permit,
        rows: [
          { label: t.spender, value: checksum(message.spender), tone: 'mono' },
          amountRow(t.amount, message.value, w),
          { label: t.expires, value: deadlineText(message.deadline, w) },
        ],
      },
    };
  }
  if (primaryType === 'PermitSingle' && has('PermitSingle', 'details', 'spender')) {
    const details = (message.details ?? {}) as Record<string, unknown>;
    return {
      title: t.tokenPermit2,
      section: {
        title: t.permit,
        rows: [
          { label: t.token, value: checksum(details.token), tone: 'mono' },
          { label: t.spender, value: checksum(message.spender), tone: 'mono' },
          amountRow(t.amount, details.amount, w),
          { label: t.expires, value: deadlineText(details.expiration, w) },
        ],
      },
    };
  }
  if (primaryType === 'PermitTransferFrom' && has('PermitTransferFrom', 'permitted', 'spender')) {
    const permitted = (message.permitted ?? {}) as Record<string, unknown>;
    return {
      title: t.tokenTransferPermit2,
      section: {
        title: t.permit,
        rows: [
          { label: t.token, value: checksum(permitted.token), tone: 'mono' },
          { label: t.spender, value: checksum(message.spender), tone: 'mono' },
          amountRow(t.amount, permitted.amount, w),
          { label: t.expires, value: deadlineText(message.deadline, w) },
        ],
      },
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// eth_signTransaction

/**
 * `amount` in a currency's smallest unit (wei for ETH, lamports for SOL) in that currency,
 * exact (every decimal; the string goes to Intl, never through a float), e.g. '1.5 ETH', in
 * `de` '1,5 ETH'; `{ decimals: 9, symbol: 'SOL' }` gives '0.000005 SOL' for 5000 lamports.
 */
export function formatNativeAmount(
  amount: bigint,
  currency: { decimals: number; symbol: string },
  locale: FrameLocale = 'en',
): string {
  return `${formatDecimalAmount(amount, currency.decimals, locale)} ${currency.symbol}`;
}

/** Most fraction digits Intl draws: {@link formatDecimalAmount} is exact up to these decimals. */
export const MAX_EXACT_DECIMALS = 100;

/**
 * `amount` in base units as a decimal number with `decimals` digits after the point, exact
 * (viem's `formatUnits` to a string, then Intl, never a float), grouped by the locale:
 * 1,500,000 with 6 decimals is '1.5' (`de` '1,5'). Exact for `decimals` up to
 * {@link MAX_EXACT_DECIMALS}; callers with more (an SPL mint may declare up to 255) show base
 * units instead.
 */
export function formatDecimalAmount(
  amount: bigint,
  decimals: number,
  locale: FrameLocale = 'en',
): string {
  const decimal = formatUnits(amount, decimals) as Intl.StringNumericLiteral;
  const digits = Math.min(Math.max(decimals, 0), MAX_EXACT_DECIMALS);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(decimal);
}

/** `count` bytes in the locale's words ('6 bytes', '1 byte', '6 Byte'). */
export function formatByteCount(count: number, locale: FrameLocale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(
    count,
  );
}

function describeCall(data: `0x${string}`, w: Words): DescriptionSection {
  const { t } = w;
  try {
    const { functionName, args } = decodeFunctionData({ abi: KNOWN_ABI, data });
    const a = args as readonly unknown[];
    switch (functionName) {
      case 'transfer':
        return {
          title: t.tokenTransfer,
          rows: [
            { label: t.function, value: 'transfer(address,uint256)' },
            { label: t.to, value: checksum(a[0]), tone: 'mono' },
            { label: t.amount, value: formatTokenAmount(a[1] as bigint, w.locale).text },
          ],
        };
      case 'transferFrom':
        return {
          title: t.tokenTransfer,
          rows: [
            { label: t.function, value: 'transferFrom(address,address,uint256)' },
            { label: t.from, value: checksum(a[0]), tone: 'mono' },
            { label: t.to, value: checksum(a[1]), tone: 'mono' },
            { label: t.amount, value: formatTokenAmount(a[2] as bigint, w.locale).text },
          ],
        };
      case 'approve':
        return {
          title: t.tokenApproval,
          rows: [
            { label: t.function, value: 'approve(address,uint256)' },
            { label: t.spender, value: checksum(a[0]), tone: 'mono' },
            amountRow(t.amount, a[1], w),
          ],
        };
      case 'permit':
        return {
          title: t.tokenPermit,
          rows: [
            { label: t.function, value: 'permit(...)' },
            { label: t.owner, value: checksum(a[0]), tone: 'mono' },
            { label: t.spender, value: checksum(a[1]), tone: 'mono' },
            amountRow(t.amount, a[2], w),
            { label: t.expires, value: deadlineText(a[3], w) },
          ],
        };
    }
  } catch {
    // Not a known ABI: the selector and size below.
  }
  const length = size(data);
  return {
    title: t.contractCall,
    rows: [
      {
        label: t.function,
        value: length >= 4 ? slice(data, 0, 4) : data,
        tone: 'mono',
      },
      { label: t.data, value: formatByteCount(length, w.locale) },
    ],
  };
}

function describeTransaction(
  address: Address,
  params: unknown[],
  chain: DescribeChain,
  w: Words,
): RequestDescription {
  const m = w.t;
  const [tx] = params;
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx))
    throw invalid('Transaction request must be an object');
  const t = tx as Record<string, unknown>;
  if (t.from !== undefined) assertSigner(address, t.from);
  const chainId = quantity(t.chainId, 'chainId');
  if (chainId === undefined) throw invalid('chainId must be a number');
  if (chainId !== BigInt(chain.id))
    throw invalid(`The transaction's chainId ${chainId} is not the chain shown (${chain.id})`);
  const value = quantity(t.value, 'value') ?? 0n;
  const gas = quantity(t.gas ?? t.gasLimit, 'gas');
  const gasPrice = quantity(t.gasPrice, 'gasPrice');
  const maxFeePerGas = quantity(t.maxFeePerGas, 'maxFeePerGas');
  quantity(t.maxPriorityFeePerGas, 'maxPriorityFeePerGas');
  const to = t.to === undefined || t.to === null ? null : t.to;
  if (to !== null && (typeof to !== 'string' || !isAddress(to, { strict: false })))
    throw invalid('to must be an EVM address');
  const data = t.data ?? t.input;
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data)))
    throw invalid('data must be hex');
  const hasData = typeof data === 'string' && data !== '0x';

  const rows: DescriptionRow[] = [
    { label: m.network, value: `${chain.name} (${chain.id})` },
    to === null
      ? { label: m.to, value: m.contractDeployment }
      : { label: m.to, value: getAddress(to), tone: 'mono' },
    { label: m.amount, value: formatNativeAmount(value, chain.nativeCurrency, w.locale) },
  ];
  const feePerGas = maxFeePerGas ?? gasPrice;
  rows.push({
    label: m.maxFee,
    value:
      gas !== undefined && feePerGas !== undefined
        ? formatNativeAmount(gas * feePerGas, chain.nativeCurrency, w.locale)
        : m.unknown,
  });
  const sections: DescriptionSection[] = [{ title: m.transaction, rows }];
  let title = to === null ? m.contractDeployment : hasData ? m.contractCall : m.send;
  if (hasData && to !== null) {
    const call = describeCall(data as `0x${string}`, w);
    // What the call does (a token's recipient and amount) comes first; the contract is `To`.
    sections.unshift(call);
    title = call.title;
  }
  return { kind: 'transaction', title, sections, warnings: w.warnings };
}

/**
 * Describes one signing request for the approval page (issue 24 item 1).
 *
 * - `personal_sign` `[message, from]`: the text (hex decoded to UTF-8 when printable, else hex).
 * - `eth_signTypedData_v4` `[from, typedData]` (JSON string or object): the domain (name,
 *   version, chain, verifying contract), the primary type and its fields flattened as
 *   `a.b[0].c` rows; EIP-2612 `Permit` and Permit2 `PermitSingle` / `PermitTransferFrom` get
 *   their spender, amount and expiry spelled out.
 * - `eth_signTransaction` `[tx]` (JSON-RPC hex quantities): network, recipient (or 'Contract
 *   deployment'), value in the native currency (`formatUnits` with its decimals), max network
 *   fee (gas × maxFeePerGas, else gas × gasPrice) and the call decoded with viem's ERC-20
 *   `transfer`/`transferFrom`/`approve` and EIP-2612 `permit`, else its 4-byte selector and size.
 *
 * Token amounts are base units (the page knows no token decimals); amounts >= 2^255 show as
 * 'Unlimited' with a warning. Texts are `locale`'s (`frame/locales`, `describe`); native
 * amounts (exact, every decimal), base units and dates go through Intl in that locale, dates in
 * the browser's time zone with the Unix seconds after them.
 * @param address the wallet's address: the signer (`from`) must be it.
 * @param chain the chain the host names; a transaction's `chainId` must equal `chain.id`.
 * @param locale the page's locale (default `en`).
 * @throws CustodyError `invalid_request_arguments` for an unsupported method, a foreign signer,
 *   an empty message, malformed typed data, a missing or other chainId, malformed quantities.
 */
export function describeRequest(
  address: Address,
  request: { method: string; params?: unknown },
  chain: DescribeChain,
  locale: FrameLocale = 'en',
): RequestDescription {
  const w: Words = { t: FRAME_CATALOGUES[locale].describe, locale, warnings: [] };
  const params = Array.isArray(request.params) ? (request.params as unknown[]) : [];
  switch (request.method) {
    case 'personal_sign':
      return describePersonalSign(address, params, w);
    case 'eth_signTypedData_v4':
      return describeTypedData(address, params, chain, w);
    case 'eth_signTransaction':
      return describeTransaction(address, params, chain, w);
    default:
      throw invalid(`Unsupported method ${request.method}`);
  }
}
