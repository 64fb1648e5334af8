/**
 * The light part of a login method's UI module (issue 11), in a leaf module: it imports types of
 * the wire contract, core and the modal's screen params only, so the eager registry
 * (`./links.ts`) that `messages.ts` and the config read never reaches the provider or the
 * catalogue back (no import cycle).
 */
import type { LoginMethodContract } from '@latchkey/api';
import type {
  CreateLatchkeyClientParameters,
  LatchkeyClient,
  LinkedAccount,
  ModalFlow,
  ScreenName,
} from '@latchkey/core';
import type { ScreenParams } from '../Modal/types.ts';

/**
 * The light part of a method's UI module (issue 11): its contract and what the link flow needs.
 * Kept in `methods/<id>/link.ts` and listed by `methods/links.ts`, which the provider reads
 * eagerly, so the list's components stay in the landing chunk.
 */
export interface MethodLink {
  /** The method's wire contract (`@latchkey/api`): its id, flags and account types. */
  contract: LoginMethodContract;
  /**
   * The screen the link flow opens for it (issue 6); `linkScreens` lists further screens that
   * link or update the same method (an address update).
   */
  linkScreen?: ScreenName;
  linkScreens?: readonly ScreenName[];
  /**
   * The `linkMethod` of a link flow on a screen that is not a `linkScreen` of any method (a
   * provider's name read from the screen's params); undefined when it is not this method's.
   */
  linkMethodOf?: (screen: ScreenName, params: ScreenParams) => string | undefined;
  /** The account type a `linkMethod` the method reported links (a provider's account type). */
  accountTypeOf?: (linkMethod: string) => string;
  /** A stable key of a linked account of the method's type (its address, number or id). */
  accountKey?: (account: LinkedAccount) => string | undefined;
  /**
   * The lazy browser halves the provider's client gets for the method (core's `MethodLoaders`,
   * e.g. `{ passkeys: () => import('@latchkey/core/passkey') }`): dynamic imports, so the
   * method's third-party library stays out of the eager bundle.
   */
  loaders?: Partial<CreateLatchkeyClientParameters>;
  /**
   * Runs once the provider is mounted in the browser (an effect; never during SSR), e.g. the
   * OAuth return page: reads the page URL and opens the modal's flow. Returns its cleanup.
   */
  onProviderMount?: (context: ProviderMountContext) => (() => void) | void;
}

/**
 * A method's account helpers (issue 11), in `methods/<id>/accounts.ts`, listed in
 * `METHOD_ACCOUNTS` (`./links.ts`). Apart from {@link MethodLink}: only the hooks read them, so
 * an app that never links accounts does not ship them.
 */
export interface MethodAccounts {
  /**
   * The method's helpers of `useLinkAccount` (`linkEmail`, `linkOAuth`, ...): each opens the
   * modal on its link screen. Merged into `UseLinkAccountReturnType` (its type too, through
   * `METHOD_ACCOUNTS` of `./links.ts`), so the hook names no method.
   */
  linkActions?: (context: LinkActionContext) => object;
  /**
   * The method's calls of `useUnlinkAccount` (`unlinkEmail`, ...): each resolves with the
   * updated user and rejects with the client's `LatchkeyError`. Merged like `linkActions`.
   */
  unlinkActions?: (client: LatchkeyClient) => object;
}

/** What a method's {@link MethodAccounts.linkActions} get from `useLinkAccount`. */
export interface LinkActionContext {
  client: LatchkeyClient;
  /**
   * Opens the modal on a link screen; logged out it warns, reports `must_be_authenticated` to
   * the link listeners and returns false.
   */
  link: (screen: ScreenName, params?: ScreenParams) => boolean;
  /** Whether a user is logged in (a popup must not open otherwise). */
  authenticated: boolean;
}

/** What a method's {@link MethodLink.onProviderMount} gets from `LatchkeyProvider`. */
export interface ProviderMountContext {
  /** The provider's app id (25 characters, spec section 5). */
  appId: string;
  client: LatchkeyClient;
  /** The modal's flow (core's `createModalFlow`): open a login or a link on a screen. */
  flow: ModalFlow<ScreenParams>;
}

/**
 * A method's slice of the provider config (issue 11): the fields it adds to the host's
 * `LatchkeyClientConfig` (`Client`), what it reads of the server app config (`Server`, spec
 * section 3) and what it adds to `ResolvedConfig` (`Resolved`). Listed in `METHOD_CONFIGS`
 * (`./links.ts`); `config/methodConfig.ts` merges the types and the resolved values.
 */
export interface MethodConfig<
  Client extends object,
  Server extends object,
  Resolved extends object,
> {
  /** The method's resolved fields: client config over the server's (`null` until it loads). */
  resolve: (client: Client | undefined, server: Server | null) => Resolved;
}
