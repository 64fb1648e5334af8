/** UTF-8 text as 0x-hex (what `personal_sign` takes; viem does the same). */
export function utf8ToHex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** JSON with bigints as decimal strings (EIP-712 typed data may carry bigints). */
export function stringifyJson(value: unknown, space?: number): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    space,
  );
}

/** 0x-hex of a non-negative quantity. */
export function toHexQuantity(value: bigint): string {
  return `0x${value.toString(16)}`;
}
