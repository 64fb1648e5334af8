import { type LinkedAccount, SCREEN, type ScreenName, type User } from '@latchkey/core';
import type { ScreenParams } from '../Modal/ModalContext.ts';

/**
 * The `linkMethod` a link flow reports (issue 6): 'email' (LINK_EMAIL_SCREEN and
 * UPDATE_EMAIL_SCREEN), 'sms', 'siwe' (a wallet), 'passkey', or the OAuth provider's name
 * (AWAITING_OAUTH_SCREEN with `params.oauth.provider`, e.g. 'google').
 */
export function linkMethodOf(screen: ScreenName, params: ScreenParams): string {
  switch (screen) {
    case SCREEN.LINK_EMAIL_SCREEN:
    case SCREEN.UPDATE_EMAIL_SCREEN:
      return 'email';
    case SCREEN.LINK_PHONE_SCREEN:
      return 'sms';
    case SCREEN.LINK_WALLET_SCREEN:
      return 'siwe';
    case SCREEN.LINK_PASSKEY_SCREEN:
      return 'passkey';
    default:
      return params.oauth?.provider ? String(params.oauth.provider) : 'unknown';
  }
}

/** A stable identity for a linked account: its type and its address, number, id or subject. */
export function linkedAccountKey(account: LinkedAccount): string {
  switch (account.type) {
    case 'email':
      return `email:${account.address.toLowerCase()}`;
    case 'phone':
      return `phone:${account.number}`;
    case 'wallet':
      return `wallet:${account.address.toLowerCase()}`;
    case 'passkey':
      return `passkey:${account.credentialId}`;
    default:
      return `${account.type}:${account.subject}`;
  }
}

const METHOD_TYPE: Record<string, LinkedAccount['type']> = {
  email: 'email',
  sms: 'phone',
  siwe: 'wallet',
  passkey: 'passkey',
};

/**
 * The account a link flow added: the first account of `after` that `before` did not have,
 * preferring the type `method` links (an OAuth provider `p` links `p_oauth`). Null when there
 * is none (nothing new, or no `before` to compare with).
 */
export function newLinkedAccount(
  before: User | null,
  after: User,
  method: string,
): LinkedAccount | null {
  if (!before) return null;
  const known = new Set(before.linkedAccounts.map(linkedAccountKey));
  const added = after.linkedAccounts.filter((a) => !known.has(linkedAccountKey(a)));
  const type = METHOD_TYPE[method] ?? `${method}_oauth`;
  return added.find((a) => a.type === type) ?? added[0] ?? null;
}
