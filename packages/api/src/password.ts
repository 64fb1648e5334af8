/**
 * Recovery password rules for the `user-passcode` flow (spec section 5, "Password", "Strength";
 * section 9 for the limits and the download file name). Pure and import-free: the wallet
 * frame's password page (issue 24) and `@latchkey/core` both use it.
 */

/** Shortest password accepted (spec section 9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Symbols allowed besides letters and digits (spec section 5). */
export const PASSWORD_SYMBOLS = '!@#$%^&*()-_+';
/** Below this length the strength is 0 (spec section 5). */
export const STRENGTH_MIN_LENGTH = 8;
/** Divisor of the length entropy in the strength formula (spec section 9). */
export const STRENGTH_ENTROPY_DIVISOR = 95;

export type PasswordStrengthLabel = 'Weak' | 'Medium' | 'Strong';

export interface PasswordStrength {
  /** 0 to 1. */
  value: number;
  label: PasswordStrengthLabel;
}

const CLASSES = [
  { test: /[a-z]/, size: 26 },
  { test: /[A-Z]/, size: 26 },
  { test: /[0-9]/, size: 10 },
  { test: /[!@#$%^&*()\-_+]/, size: PASSWORD_SYMBOLS.length },
] as const;

/**
 * Strength of a recovery password (spec section 5): 0 under 8 characters; otherwise
 * score = share of the 4 character classes present (lowercase, uppercase, digit, symbol, so at
 * most 1), length entropy = length × log2(size of the pool those classes make), and
 * value = min(1, (0.3 × score + length entropy / 95) / 2). Above 0.9 Strong, above 0.5 Medium,
 * else Weak. (The spec names the terms; the pool-based entropy is our reading of "length entropy".)
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < STRENGTH_MIN_LENGTH) return { value: 0, label: 'Weak' };
  const present = CLASSES.filter((c) => c.test.test(password));
  const score = present.length / CLASSES.length;
  const pool = present.reduce((sum, c) => sum + c.size, 0);
  const lengthEntropy = pool > 0 ? password.length * Math.log2(pool) : 0;
  const value = Math.min(1, (0.3 * score + lengthEntropy / STRENGTH_ENTROPY_DIVISOR) / 2);
  const label: PasswordStrengthLabel = value > 0.9 ? 'Strong' : value > 0.5 ? 'Medium' : 'Weak';
  return { value, label };
}

/**
 * The first problem with a new recovery password, or null when it may be used (spec section 5):
 * 'Password must be at least 6 characters', or 'Invalid characters used ( ... )' listing each
 * offending character once, in order of appearance.
 */
export function passwordError(password: string): string | null {
  const offenders = [
    ...new Set(
      [...password].filter((ch) => !/[A-Za-z0-9]/.test(ch) && !PASSWORD_SYMBOLS.includes(ch)),
    ),
  ];
  if (offenders.length > 0) return `Invalid characters used ( ${offenders.join(' ')} )`;
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters';
  return null;
}

/** 'Passwords do not match' unless `confirmation` equals `password` (spec section 5). */
export function passwordConfirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'Passwords do not match';
}

/**
 * Name of the downloaded recovery file (spec section 9, design.md Naming): the app name
 * lower-cased, letters only with dashes between words, plus '-latchkey-wallet-recovery.txt'.
 * @example recoveryFileName('My App 2') // 'my-app-latchkey-wallet-recovery.txt'
 */
export function recoveryFileName(appName: string): string {
  const slug = appName
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug ? `${slug}-` : ''}latchkey-wallet-recovery.txt`;
}

/**
 * A 4-word password (spec section 9) drawn with `crypto.getRandomValues` from `wordlist`
 * (pass the BIP-39 English list: 2048 words, 44 bits), words joined by '-', the first
 * capitalised and a digit appended so every character class but symbols is present.
 * @throws Error when the wordlist has fewer than 2 words.
 */
export function generatePassword(wordlist: readonly string[]): string {
  if (wordlist.length < 2) throw new Error('wordlist too short');
  const picks = crypto.getRandomValues(new Uint32Array(5));
  // Rejection-free for power-of-two lists (BIP-39 has 2048 words); modulo bias otherwise < 2^-21.
  const words = Array.from(picks.slice(0, 4), (n) => wordlist[n % wordlist.length]!);
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join('-')}${picks[4]! % 10}`;
}
