import { CODE_LENGTH } from '@latchkey/api';
import { type MessageOverrides, resolveMessages } from '../../messages.ts';

/** What every code-box operation returns (spec section 5, "Login code"). */
export type CodeInputResult = {
  /** One entry per box: a single digit or `''`. */
  digits: string[];
  /** The box that should have focus next. */
  focusIndex: number;
  /** 'Code should be numeric' when the input was refused, else null. */
  error: string | null;
  /** True when every box holds a digit: the UI submits `digits.join('')`. */
  complete: boolean;
};

/** Options of the code-box operations. */
export type CodeInputOptions = { messages?: MessageOverrides };

const clamp = (n: number, length: number) => Math.max(0, Math.min(n, length - 1));

function result(
  digits: string[],
  focusIndex: number,
  error: string | null = null,
): CodeInputResult {
  return {
    digits,
    focusIndex: clamp(focusIndex, digits.length),
    error,
    complete: digits.length > 0 && digits.every((d) => /^[0-9]$/.test(d)),
  };
}

/**
 * Empty boxes.
 *
 * @param length - Number of boxes. Default 6 (spec section 9).
 */
function empty(length: number = CODE_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

/**
 * Spreads a pasted code over the boxes (spec section 5: "paste spreads digits").
 * Spaces and dashes are ignored (`'123 456'`, `'123-456'`). A full-length paste fills from
 * the first box whatever box had focus; a shorter one fills from `index`.
 *
 * @param digits - Current boxes.
 * @param index - Box that received the paste.
 * @param text - Pasted text.
 * @returns Unchanged boxes with 'Code should be numeric' when `text` has other characters.
 */
function paste(
  digits: string[],
  index: number,
  text: string,
  options: CodeInputOptions = {},
): CodeInputResult {
  const cleaned = text.replace(/[\s-]/g, '');
  if (cleaned.length === 0) return result([...digits], index);
  if (!/^[0-9]+$/.test(cleaned)) {
    return result([...digits], index, resolveMessages(options.messages).codeShouldBeNumeric);
  }
  const next = [...digits];
  const start = cleaned.length >= digits.length ? 0 : clamp(index, digits.length);
  const chars = cleaned.slice(0, digits.length - start);
  for (let i = 0; i < chars.length; i++) next[start + i] = chars[i]!;
  return result(next, start + chars.length);
}

/**
 * Types into one box. A digit fills the box and moves focus to the next; `''` clears the box;
 * anything non-numeric is refused with 'Code should be numeric' (spec section 5).
 * More than one character (mobile autofill into one box) is handled as a paste.
 *
 * @param digits - Current boxes.
 * @param index - Box typed into.
 * @param value - The box's new value.
 */
function type(
  digits: string[],
  index: number,
  value: string,
  options: CodeInputOptions = {},
): CodeInputResult {
  const i = clamp(index, digits.length);
  if (value.length > 1) {
    // An input that already held a digit reports old + new: keep the new character.
    const current = digits[i] ?? '';
    if (value.length === 2 && current !== '' && value.startsWith(current)) {
      return type(digits, i, value.slice(1), options);
    }
    return paste(digits, i, value, options);
  }
  if (value === '') {
    const next = [...digits];
    next[i] = '';
    return result(next, i);
  }
  if (!/^[0-9]$/.test(value)) {
    return result([...digits], i, resolveMessages(options.messages).codeShouldBeNumeric);
  }
  const next = [...digits];
  next[i] = value;
  return result(next, i + 1);
}

/**
 * Backspace in one box: clears it and moves focus back (spec section 5). In a box that is
 * already empty, clears the previous box instead.
 *
 * @param digits - Current boxes.
 * @param index - Box with focus.
 */
function backspace(digits: string[], index: number): CodeInputResult {
  const i = clamp(index, digits.length);
  const next = [...digits];
  if (next[i]) {
    next[i] = '';
    return result(next, i - 1);
  }
  if (i > 0) next[i - 1] = '';
  return result(next, i - 1);
}

/** The six-box login code model, pure functions (spec section 5). */
export const codeInput = { empty, type, paste, backspace } as const;
