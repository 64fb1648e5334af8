/**
 * The login list's registry (issue 11): each login method's login items and how the list
 * draws them ({@link LOGIN_ITEM_KINDS}), one line per method. `buildLoginList` reads it instead
 * of naming methods; an item no method declares (an OAuth provider, Farcaster, Telegram) is a
 * `social` button. A new method adds `methods/<id>/loginList.ts` and its lines here (see
 * `docs/adding-a-login-method.md`, section 3).
 */
import { emailLoginItems } from '../../methods/email/loginList.ts';
import { type OAuthLoginItem, oauthLoginItemFamilies } from '../../methods/oauth/loginList.ts';
import { passkeyLoginItems } from '../../methods/passkey/loginList.ts';
import { siweLoginItems } from '../../methods/siwe/loginList.ts';
import { smsLoginItems } from '../../methods/sms/loginList.ts';
import type { LoginItemFamily, LoginItemKind } from '../types.ts';

export {
  DEFAULT_WALLET_LIST,
  type Eip6963ProviderInfo,
  knownWalletOf,
  type WalletId,
} from '../../methods/siwe/walletCatalog.ts';

/** Every method's declared login items and their kind. */
export const LOGIN_ITEM_KINDS = {
  ...emailLoginItems,
  ...smsLoginItems,
  ...siweLoginItems,
  ...passkeyLoginItems,
} as const;

/** Every method's item families (items owned by a prefix, e.g. `latchkey:{providerAppId}`). */
export const LOGIN_ITEM_FAMILIES: readonly LoginItemFamily[] = [...oauthLoginItemFamilies];

/** The family whose prefix `item` starts with, if any. */
export const loginItemFamilyOf = (item: string): LoginItemFamily | undefined =>
  LOGIN_ITEM_FAMILIES.find((family) => item.startsWith(family.prefix));

/** Login items of planned methods (contracts without client folders yet: `social` buttons). */
type PlannedLoginItem = 'farcaster' | 'telegram';

/** A login item of any method: a `loginMethods` value (spec section 3). */
export type MethodLoginItem = keyof typeof LOGIN_ITEM_KINDS | OAuthLoginItem | PlannedLoginItem;

/** The declared items of one kind, e.g. `ItemsOfKind<'code-input'>` is `'email' | 'sms'`. */
export type ItemsOfKind<Kind extends LoginItemKind> = {
  [Item in keyof typeof LOGIN_ITEM_KINDS]: (typeof LOGIN_ITEM_KINDS)[Item] extends Kind
    ? Item
    : never;
}[keyof typeof LOGIN_ITEM_KINDS];
