import { Fragment } from 'react';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { emailTextCss } from './EmailText.css.ts';

/**
 * Splits an email into the pieces between which it may wrap: after the '@' and before each '.'
 * (`first.last@mail.example.com` -> `['first', '.last@', 'mail', '.example', '.com']`). Any
 * other string (a phone number) comes back whole.
 */
export function emailBreakParts(value: string): string[] {
  const at = value.lastIndexOf('@');
  if (at <= 0) return [value];
  const local = value.slice(0, at + 1).split(/(?=\.)/);
  const domain = value.slice(at + 1).split(/(?=\.)/);
  return [...local, ...domain].filter((part) => part !== '');
}

/** Props of {@link EmailText}. */
export interface EmailTextProps {
  /** The email (or phone number) to show. */
  value: string;
  className?: string;
}

/**
 * An email that wraps only at sensible points (issue 14 item 10): a `<wbr>` after the '@' and
 * before each '.', so a long address breaks as `averylongname@` / `mail.example.com`; a part
 * still wider than the line breaks anywhere as the last resort (`overflow-wrap: anywhere`).
 * The text is the whole value, with the value as `title` too. A phone number renders as is.
 */
export function EmailText({ value, className }: EmailTextProps) {
  useStyleSheet(emailTextCss);
  const parts = emailBreakParts(value);
  return (
    <span className={className ? `lk-email ${className}` : 'lk-email'} title={value}>
      {parts.map((part, i) => (
        // Index keys: the parts of one value never reorder.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
