import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { displayTextCss } from './DisplayText.css.ts';

/** Characters kept at the start of an address by {@link middleEllipsis}: `0x` and 4 digits. */
export const ADDRESS_HEAD = 6;
/** Characters kept at the end of an address by {@link middleEllipsis}. */
export const ADDRESS_TAIL = 4;

/**
 * Shortens `value` in the middle, keeping its first `head` and last `tail` characters around
 * an ellipsis: `0x1234567890abcdef…abcd` -> `0x1234…abcd` (issue 14 item 10). Values no longer
 * than `head + tail + 3` characters are returned as they are (shortening would not save space).
 * Counts UTF-16 code units, which is what addresses and hashes are made of.
 */
export function middleEllipsis(value: string, head = ADDRESS_HEAD, tail = ADDRESS_TAIL): string {
  if (value.length <= head + tail + 3) return value;
  return `${value.slice(0, head)}…${value.slice(value.length - tail)}`;
}

/** Props of {@link Address}. */
export interface AddressProps {
  /** The full value, e.g. a `0x` wallet address or a transaction hash. */
  value: string;
  /** Characters kept at the start. Default {@link ADDRESS_HEAD}. */
  head?: number;
  /** Characters kept at the end. Default {@link ADDRESS_TAIL}. */
  tail?: number;
  className?: string;
}

/**
 * An address shown shortened in the middle (`0x1234…abcd`, {@link middleEllipsis}) on one line,
 * never broken mid-value (issue 14 item 10). The full value stays available: as the `title`
 * (hover) and as visually hidden text, so screen readers and copy read the whole address.
 */
export function Address({ value, head, tail, className }: AddressProps) {
  useStyleSheet(displayTextCss);
  const short = middleEllipsis(value, head, tail);
  const classes = className ? `lk-address ${className}` : 'lk-address';
  if (short === value) return <span className={classes}>{value}</span>;
  return (
    <span className={classes} title={value}>
      <span aria-hidden="true">{short}</span>
      <span className="lk-display-full">{value}</span>
    </span>
  );
}
