/**
 * The login list of LANDING and CONNECT_OR_CREATE as data (spec sections 2, 3, 4 "Login list"
 * and 9): which entries show, in what order, and what sits behind 'More options' and the
 * overflow panels. Pure: the modal renders what this returns.
 */
import { LOGIN_METHOD_FLAGS } from '@latchkey/api';
import {
  DEFAULT_WALLET_LIST,
  type Eip6963ProviderInfo,
  type ItemsOfKind,
  knownWalletOf,
  LOGIN_ITEM_KINDS,
  loginItemFamilyOf,
  type MethodLoginItem,
  type WalletId,
} from './methods/index.ts';
import type { LoginItemKind } from './types.ts';

/**
 * One login-list entry a server flag enables (spec section 3, `loginMethods`): each method's
 * login items (the registry `loginList/methods/index.ts`), e.g. `email`, an OAuth provider,
 * `wallet`.
 */
export type LoginMethodName = MethodLoginItem;

/** The items drawn as one code input row (email, SMS). */
type CodeInputItem = ItemsOfKind<'code-input'>;

/** How the list draws `item`: as its method (or its family) declares, else a `social` button. */
const kindOf = (item: string): LoginItemKind =>
  (LOGIN_ITEM_KINDS as Readonly<Record<string, LoginItemKind>>)[item] ??
  loginItemFamilyOf(item)?.kind ??
  'social';

/**
 * Login methods of the client config in the spec's flag order (spec section 3,
 * `loginMethods`): each method contract's flags' login items (`LOGIN_METHOD_FLAGS`).
 */
export const LOGIN_METHODS = LOGIN_METHOD_FLAGS.map(
  (flag) => flag.loginItem,
) as readonly LoginMethodName[];

/** Social methods: the web2 buttons (kind `social`), in flag order. */
export const SOCIAL_METHODS: readonly LoginMethodName[] = LOGIN_METHODS.filter(
  (item) => kindOf(item) === 'social',
);

/** An item of `loginMethodsAndOrder`: a login method or a wallet of the wallet list. */
export type LoginListItemName = LoginMethodName | Exclude<WalletId, 'detected_wallets'>;

/** Entries shown before 'More options' / before a group collapses (spec section 9). */
export const LOGIN_LIST_PRIMARY_MAX = 4;
/** Up to this many primary items show without 'More options' when there is no overflow. */
export const LOGIN_LIST_PRIMARY_ALL = 5;
/** A grouped layout's group shows up to this many entries before collapsing (spec section 9). */
export const LOGIN_LIST_GROUP_MAX = 4;

/** One row of the login list. */
export type LoginListEntry =
  /**
   * The email and/or SMS input (spec section 2: alternatives, one expanded at a time).
   * `methods` lists the available ones in order; `expanded` is the default one;
   * `collapsed` (hideDirectWeb2Inputs) renders buttons that open the input instead.
   */
  | {
      kind: 'passwordless';
      methods: CodeInputItem[];
      expanded: CodeInputItem;
      collapsed: boolean;
    }
  /** A social, Farcaster, Telegram or passkey button. */
  | { kind: 'method'; method: LoginMethodName }
  /**
   * A wallet button. `wallet: 'detected_wallets'` with `detected` (an EIP-6963 `uuid`) is one
   * announced wallet the list does not name (built when the caller passes `detectedWallets`);
   * without `detected` it stands for every such wallet, drawn in place.
   */
  | { kind: 'wallet'; wallet: WalletId; detected?: string }
  /** 'More options': opens the 'overflow' view. */
  | { kind: 'more-options' }
  /** A collapsed group: opens the 'overflow' (socials) or 'web3-overflow' (wallets) panel. */
  | { kind: 'overflow'; panel: 'overflow' | 'web3-overflow'; count: number }
  /** A `link` item's link (grouped layout), e.g. 'I have a passkey' (`passkey-link`). */
  | { kind: `${ItemsOfKind<'link'>}-link` };

/**
 * Views of the login list (spec section 4): Back returns to 'default' from the two overflow
 * panels. 'wallets' is every wallet, uncollapsed and without Back: the wallets-only lists
 * (CONNECT_ONLY_LANDING_SCREEN, LINK_WALLET_SCREEN).
 */
export type LoginListView = 'default' | 'overflow' | 'web3-overflow' | 'wallets';

/** Parameters of {@link buildLoginList}. */
export interface BuildLoginListParameters {
  /** Enabled login methods in config order (client `loginMethods`, else the server flags). */
  loginMethods: readonly LoginMethodName[];
  /** `loginMethodsAndOrder` of the client config; when set, it decides the list. */
  loginMethodsAndOrder?: {
    primary: readonly LoginListItemName[];
    overflow?: readonly LoginListItemName[];
  } | null;
  /** `appearance.loginGroupPriority`; wins over `showWalletLoginFirst`. */
  loginGroupPriority?: 'web2-first' | 'web3-first' | null;
  /** The server's `show_wallet_login_first`. */
  showWalletLoginFirst?: boolean;
  /** `appearance.hideDirectWeb2Inputs`: email/SMS as buttons, not inputs. */
  hideDirectWeb2Inputs?: boolean;
  /** `appearance.walletList`. Default {@link DEFAULT_WALLET_LIST}. */
  walletList?: readonly WalletId[] | null;
  /**
   * WalletConnect is offered (the app has a project id and a connector). When false the
   * `wallet_connect` entry is left out rather than listed as a dead end (issue 14 item 8).
   * Default true.
   */
  walletConnect?: boolean;
  /**
   * The wallets announced in the page through EIP-6963, in announcement order (issue 14 item
   * 3). When given, `detected_wallets` expands to one row per announced wallet that the list
   * does not name (a named one, e.g. MetaMask by `io.metamask`, stays at its name's place), so
   * a group counts and collapses the rows a person sees and the 'More wallets' panel repeats
   * none of them. When absent, `detected_wallets` stays one entry standing for all of them.
   */
  detectedWallets?: readonly Pick<Eip6963ProviderInfo, 'uuid' | 'rdns'>[] | null;
  /** Which view to build. Default 'default'. */
  view?: LoginListView;
}

/** What {@link buildLoginList} returns. */
export interface LoginList {
  layout: 'ordered' | 'grouped';
  /** 'web2-first' or 'web3-first' (grouped layout); null for the ordered layout. */
  priority: 'web2-first' | 'web3-first' | null;
  view: LoginListView;
  entries: LoginListEntry[];
  /** True when the view has a Back button (the overflow views). */
  back: boolean;
}

// An item of a family (another app's account, `latchkey:{providerAppId}`, issue 21) is drawn
// as its family says.
const isSocial = (m: LoginListItemName) =>
  (SOCIAL_METHODS as readonly string[]).includes(m) || loginItemFamilyOf(m)?.kind === 'social';
const isPasswordless = (m: LoginListItemName): m is CodeInputItem => kindOf(m) === 'code-input';
const isWalletItem = (m: LoginListItemName) =>
  !(LOGIN_METHODS as readonly string[]).includes(m) && !loginItemFamilyOf(m);

/** Turns ordered item names into rows: email and SMS merge into one input row where the first stands. */
function toEntries(
  items: readonly LoginListItemName[],
  hideDirectWeb2Inputs: boolean,
  walletList: readonly WalletId[],
  detected: readonly Pick<Eip6963ProviderInfo, 'uuid'>[] | null,
): LoginListEntry[] {
  const entries: LoginListEntry[] = [];
  const passwordless = items.filter(isPasswordless);
  let passwordlessPlaced = false;
  for (const item of items) {
    if (isPasswordless(item)) {
      if (passwordlessPlaced) continue;
      passwordlessPlaced = true;
      entries.push({
        kind: 'passwordless',
        methods: passwordless,
        expanded: passwordless[0]!,
        collapsed: hideDirectWeb2Inputs,
      });
    } else if (kindOf(item) === 'wallets') {
      // 'wallet' stands for the whole wallet list at this place; the detected wallets one row
      // each when they are known.
      entries.push(
        ...walletList.flatMap((wallet): LoginListEntry[] =>
          wallet === 'detected_wallets' && detected
            ? detected.map((info) => ({ kind: 'wallet', wallet, detected: info.uuid }))
            : [{ kind: 'wallet', wallet }],
        ),
      );
    } else if (isWalletItem(item)) {
      entries.push({ kind: 'wallet', wallet: item as WalletId });
    } else {
      entries.push({ kind: 'method', method: item as LoginMethodName });
    }
  }
  return entries;
}

/**
 * Shows a group whole, or its first {@link LOGIN_LIST_GROUP_MAX} plus an overflow row whose
 * panel lists the rest.
 */
function collapse(
  entries: LoginListEntry[],
  panel: 'overflow' | 'web3-overflow',
): LoginListEntry[] {
  if (entries.length <= LOGIN_LIST_GROUP_MAX) return entries;
  return [
    ...entries.slice(0, LOGIN_LIST_GROUP_MAX),
    { kind: 'overflow', panel, count: entries.length - LOGIN_LIST_GROUP_MAX },
  ];
}

/**
 * Builds the login list (spec sections 2 and 9).
 *
 * Ordered layout (`loginMethodsAndOrder` set): the primary items, where
 * - fewer than 5 primary items: all shown, plus 'More options' when there is an overflow;
 * - exactly 5 and no overflow: all 5 shown;
 * - otherwise: the first 4 plus 'More options'.
 * The 'overflow' view lists what 'More options' hides: the primary items not shown, then the
 * overflow items.
 *
 * Grouped layout (otherwise): a web2 group (email/SMS input, then socials) and a web3 group
 * (the wallet list), web2 first unless `loginGroupPriority` is 'web3-first' or (without it) the
 * server's `show_wallet_login_first` is on. Each group shows up to 4 rows, then collapses
 * into an overflow row ('+N') opening the 'overflow' (socials) or 'web3-overflow' ('More
 * wallets') panel, which lists only those N: nothing the default view already shows (issue 14
 * item 3). With `detectedWallets`, each detected wallet is a row of its own and counts. 'I have
 * a passkey' ends the default view when passkeys are on. The 'wallets' view lists every wallet
 * (the wallets-only lists).
 *
 * In both layouts email and SMS share one row (alternatives, the first configured expanded),
 * and `hideDirectWeb2Inputs` turns the inputs into buttons. Methods that are not enabled in
 * `loginMethods` are dropped from `loginMethodsAndOrder` (wallet names need `wallet` enabled);
 * another app's account, `latchkey:{providerAppId}` (issue 21), is a social button wherever it
 * is named, in `loginMethodsAndOrder` or in `loginMethods`.
 *
 * @returns the entries of the requested view.
 * @example
 * buildLoginList({ loginMethods: ['email', 'google', 'wallet'] }).entries
 */
export function buildLoginList(parameters: BuildLoginListParameters): LoginList {
  const view = parameters.view ?? 'default';
  const enabled = new Set<string>(parameters.loginMethods);
  const noWalletConnect = parameters.walletConnect === false;
  const listed = parameters.walletList?.length ? parameters.walletList : DEFAULT_WALLET_LIST;
  const walletList = noWalletConnect ? listed.filter((w) => w !== 'wallet_connect') : listed;
  const hide = parameters.hideDirectWeb2Inputs ?? false;
  const ordered = parameters.loginMethodsAndOrder;
  // A wallet the wallet list names shows at its name, not as a detected row.
  const detected =
    parameters.detectedWallets?.filter(
      (info) => !(walletList as readonly string[]).includes(knownWalletOf(info)?.id as string),
    ) ?? null;
  const toRows = (items: readonly LoginListItemName[]) =>
    toEntries(items, hide, walletList, detected);
  // An item of a family needs no server flag: naming it enables it when well-formed (another
  // app's account, issue 21: the server refuses a provider that has not registered this app).
  const allowed = (item: LoginListItemName) =>
    isWalletItem(item)
      ? enabled.has('wallet') && !(noWalletConnect && item === 'wallet_connect')
      : (loginItemFamilyOf(item)?.valid(item) ?? enabled.has(item));

  if (ordered && view !== 'wallets') {
    const primary = ordered.primary.filter(allowed);
    const overflow = (ordered.overflow ?? []).filter(allowed);
    const showAll =
      primary.length < LOGIN_LIST_PRIMARY_ALL ||
      (primary.length === LOGIN_LIST_PRIMARY_ALL && overflow.length === 0);
    const shown = showAll ? primary : primary.slice(0, LOGIN_LIST_PRIMARY_MAX);
    const hidden = [...primary.slice(shown.length), ...overflow];
    const back = view !== 'default';
    const entries = toRows(back ? hidden : shown);
    if (!back && hidden.length) entries.push({ kind: 'more-options' });
    return { layout: 'ordered', priority: null, view, back, entries };
  }

  const priority =
    parameters.loginGroupPriority ??
    (parameters.showWalletLoginFirst ? 'web3-first' : 'web2-first');
  const methods = parameters.loginMethods;
  const passwordless = toRows(methods.filter(isPasswordless));
  const socials = toRows(
    methods.filter((m) => isSocial(m) && (loginItemFamilyOf(m)?.valid(m) ?? true)),
  );
  const wallets = enabled.has('wallet') ? toRows(['wallet']) : [];

  // A panel lists what its group's overflow row hides; 'wallets' is the whole wallet group.
  const back = view === 'overflow' || view === 'web3-overflow';
  if (view !== 'default') {
    const group = view === 'overflow' ? socials : wallets;
    return {
      layout: 'grouped',
      priority,
      view,
      back,
      entries: group.slice(back ? LOGIN_LIST_GROUP_MAX : 0),
    };
  }
  const web2 = [...passwordless, ...collapse(socials, 'overflow')];
  const web3 = collapse(wallets, 'web3-overflow');
  const entries = priority === 'web3-first' ? [...web3, ...web2] : [...web2, ...web3];
  for (const item of enabled)
    if (kindOf(item) === 'link') entries.push({ kind: `${item as ItemsOfKind<'link'>}-link` });
  return { layout: 'grouped', priority, view, back, entries };
}
