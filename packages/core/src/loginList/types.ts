/**
 * How the login list draws a method's login item (issue 11): the shape of each method's
 * `methods/<id>/loginList.ts`, read by `buildLoginList` through `loginList/methods/index.ts`.
 * A leaf, so method folders import it without importing the login list.
 */

/**
 * The kind of a login item (a `loginMethods` value, spec section 3):
 * - `code-input`: a code-by-message input (email, SMS); the list merges them into one row of
 *   alternatives, the first configured expanded (spec section 2);
 * - `wallets`: stands for the whole wallet list (`walletList`) at its place; the web3 group;
 * - `link`: a login method drawn as a link ending the grouped layout's default view (entry kind
 *   `<item>-link`), and as a button in the ordered layout;
 * - `social` (an item no method declares, e.g. an OAuth provider): a button of the web2 group.
 */
export type LoginItemKind = 'code-input' | 'wallets' | 'link' | 'social';

/** A method's login items and their {@link LoginItemKind}, e.g. `{ email: 'code-input' }`. */
export type LoginItemKinds = { readonly [item: string]: LoginItemKind };

/**
 * Login items a method owns by a prefix rather than by name (issue 21): e.g. the OAuth method's
 * `latchkey:{providerAppId}`, another app's account. `valid` tells a well-formed item (a
 * malformed one is dropped from the list, never taken for a wallet name).
 */
export interface LoginItemFamily {
  prefix: string;
  kind: LoginItemKind;
  valid(item: string): boolean;
}
