/**
 * The OAuth method's login-list items (issue 11; spec sections 2 and 9): one per provider
 * (`LOGIN_METHOD_FLAGS`), each a `social` button, the kind of an item no method declares.
 */
import type { OAuthProvider } from '@latchkey/api';

/** A provider's login-list item (`google`, `twitter`, ...). */
export type OAuthLoginItem = OAuthProvider;
