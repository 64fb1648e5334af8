/**
 * The OAuth method's login-list items (issue 11; spec sections 2 and 9): one per provider
 * (`LOGIN_METHOD_FLAGS`), each a `social` button, the kind of an item no method declares; and
 * another Latchkey app's account (issue 21; spec section 1): `latchkey:{providerAppId}`, named
 * in `loginMethodsAndOrder` (or `loginMethods`) like Privy's `privy:{appId}`.
 */
import {
  CROSS_APP_PROVIDER_PREFIX,
  type CrossAppProviderId,
  type OAuthProvider,
} from '@latchkey/api';
import type { LoginItemFamily } from '../../loginList/types.ts';

/** A provider's login-list item (`google`, `twitter`, ..., or `latchkey:{providerAppId}`). */
export type OAuthLoginItem = OAuthProvider | CrossAppProviderId;

/**
 * Whether a login-list item is another app's account (`latchkey:{providerAppId}`, a non-empty
 * app id): a `social` button the login list shows whenever the host names it (the server
 * refuses a provider that has not registered this app: 'Invalid connected app').
 */
export const isCrossAppLoginItem = (item: string): item is CrossAppProviderId =>
  item.startsWith(CROSS_APP_PROVIDER_PREFIX) && item.length > CROSS_APP_PROVIDER_PREFIX.length;

/** The OAuth method's item families: another app's account, a `social` button. */
export const oauthLoginItemFamilies: readonly LoginItemFamily[] = [
  { prefix: CROSS_APP_PROVIDER_PREFIX, kind: 'social', valid: isCrossAppLoginItem },
];
