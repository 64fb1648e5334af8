import { type LinkedAccount, type ScreenName, type User } from '@latchkey/core';
import { METHOD_LINKS } from '../methods/links.ts';
import type { ScreenParams } from '../Modal/types.ts';

/**
 * The `linkMethod` a link flow reports (issue 6): the id of the method whose link screen
 * `screen` is (`linkScreen` / `linkScreens` of `methods/<id>/link.ts`), else what a method's
 * `linkMethodOf` reads from `params` (a social provider's name, e.g. 'google'), else 'unknown'.
 */
export function linkMethodOf(screen: ScreenName, params: ScreenParams): string {
  const method = METHOD_LINKS.find(
    (link) => link.linkScreen === screen || link.linkScreens?.includes(screen),
  );
  if (method) return method.contract.id;
  for (const link of METHOD_LINKS) {
    const name = link.linkMethodOf?.(screen, params);
    if (name !== undefined) return name;
  }
  return 'unknown';
}

/**
 * A stable identity for a linked account: its type and its address, number, id or subject
 * (each method's `accountKey`; `<type>:<subject>` for the others).
 */
export function linkedAccountKey(account: LinkedAccount): string {
  for (const link of METHOD_LINKS) {
    const key = link.accountKey?.(account);
    if (key !== undefined) return key;
  }
  return `${account.type}:${'subject' in account ? account.subject : ''}`;
}

/**
 * The account type each method links: a method with a single account type in its contract
 * links that one. Other `linkMethod`s (a social provider) ask the methods' `accountTypeOf`.
 */
const METHOD_TYPE: Record<string, string> = Object.fromEntries(
  METHOD_LINKS.filter((link) => link.contract.accountTypes.length === 1).map((link) => [
    link.contract.id,
    link.contract.accountTypes[0]!,
  ]),
);

/**
 * The account a link flow added: the first account of `after` that `before` did not have,
 * preferring the type `method` links (`METHOD_TYPE`, else a method's `accountTypeOf`: a
 * social provider links its own account type). Null when there is none (nothing new, or no
 * `before` to compare with).
 */
export function newLinkedAccount(
  before: User | null,
  after: User,
  method: string,
): LinkedAccount | null {
  if (!before) return null;
  const known = new Set(before.linkedAccounts.map(linkedAccountKey));
  const added = after.linkedAccounts.filter((a) => !known.has(linkedAccountKey(a)));
  const type =
    METHOD_TYPE[method] ??
    METHOD_LINKS.map((link) => link.accountTypeOf?.(method)).find((t) => t !== undefined);
  return added.find((a) => a.type === type) ?? added[0] ?? null;
}
