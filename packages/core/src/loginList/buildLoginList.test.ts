import { OAUTH_PROVIDERS } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import {
  type BuildLoginListParameters,
  buildLoginList,
  LOGIN_METHODS,
  type LoginListEntry,
  type LoginListView,
} from './buildLoginList.ts';
import { DEFAULT_WALLET_LIST, type WalletId } from './methods/index.ts';

/** A short label per entry, to compare lists at a glance. */
const labels = (entries: LoginListEntry[]) =>
  entries.map((e) => {
    switch (e.kind) {
      case 'passwordless':
        return `input:${e.methods.join('+')}${e.expanded === e.methods[0] ? '' : `(${e.expanded})`}${e.collapsed ? ':buttons' : ''}`;
      case 'method':
        return e.method;
      case 'wallet':
        return `wallet:${e.detected ?? e.wallet}`;
      case 'overflow':
        return `overflow:${e.panel}:${e.count}`;
      default:
        return e.kind;
    }
  });

const ALL = [
  'email',
  'sms',
  'google',
  'twitter',
  'discord',
  'github',
  'apple',
  'wallet',
  'passkey',
] as const;

describe('buildLoginList, ordered layout (loginMethodsAndOrder, spec section 9)', () => {
  const build = (primary: string[], overflow?: string[], view?: 'default' | 'overflow') =>
    buildLoginList({
      loginMethods: [...ALL],
      loginMethodsAndOrder: { primary: primary as never, overflow: overflow as never },
      walletList: ['metamask', 'rainbow'],
      view,
    });

  it('shows fewer than 5 primary items fully, without More options when nothing overflows', () => {
    const list = build(['google', 'email', 'metamask']);
    expect(list.layout).toBe('ordered');
    expect(labels(list.entries)).toEqual(['google', 'input:email', 'wallet:metamask']);
  });

  it('shows fewer than 5 primary items fully plus More options when there is an overflow', () => {
    const list = build(['google', 'email'], ['apple', 'rainbow']);
    expect(labels(list.entries)).toEqual(['google', 'input:email', 'more-options']);
    const overflow = build(['google', 'email'], ['apple', 'rainbow'], 'overflow');
    expect(overflow.back).toBe(true);
    expect(labels(overflow.entries)).toEqual(['apple', 'wallet:rainbow']);
  });

  it('shows exactly 5 primary items all when there is no overflow', () => {
    const list = build(['google', 'twitter', 'discord', 'github', 'apple']);
    expect(labels(list.entries)).toEqual(['google', 'twitter', 'discord', 'github', 'apple']);
  });

  it('shows 4 plus More options for 5 primary items with an overflow', () => {
    const list = build(['google', 'twitter', 'discord', 'github', 'apple'], ['passkey']);
    expect(labels(list.entries)).toEqual([
      'google',
      'twitter',
      'discord',
      'github',
      'more-options',
    ]);
    const overflow = build(
      ['google', 'twitter', 'discord', 'github', 'apple'],
      ['passkey'],
      'overflow',
    );
    expect(labels(overflow.entries)).toEqual(['apple', 'passkey']);
  });

  it('shows 4 plus More options for more than 5 primary items', () => {
    const primary = ['email', 'google', 'twitter', 'discord', 'github', 'metamask'];
    expect(labels(build(primary).entries)).toEqual([
      'input:email',
      'google',
      'twitter',
      'discord',
      'more-options',
    ]);
    expect(labels(build(primary, undefined, 'overflow').entries)).toEqual([
      'github',
      'wallet:metamask',
    ]);
  });

  it('drops methods that are not enabled before counting', () => {
    const list = buildLoginList({
      loginMethods: ['email', 'google'],
      loginMethodsAndOrder: {
        primary: ['email', 'google', 'twitter', 'discord', 'github', 'metamask'],
      },
    });
    expect(labels(list.entries)).toEqual(['input:email', 'google']);
  });

  it('merges email and SMS into one input row where the first stands, SMS expanded when first', () => {
    const list = buildLoginList({
      loginMethods: ['email', 'sms', 'google'],
      loginMethodsAndOrder: { primary: ['sms', 'google', 'email'] },
    });
    expect(list.entries[0]).toEqual({
      kind: 'passwordless',
      methods: ['sms', 'email'],
      expanded: 'sms',
      collapsed: false,
    });
    expect(labels(list.entries)).toEqual(['input:sms+email', 'google']);
  });

  it("expands 'wallet' into the wallet list at its place", () => {
    const list = buildLoginList({
      loginMethods: ['email', 'wallet'],
      loginMethodsAndOrder: { primary: ['wallet', 'email'] },
      walletList: ['detected_wallets', 'metamask'],
    });
    expect(labels(list.entries)).toEqual([
      'wallet:detected_wallets',
      'wallet:metamask',
      'input:email',
    ]);
  });
});

describe('buildLoginList, grouped layout (spec sections 2 and 9)', () => {
  it('is web2-first by default: inputs, socials, then wallets', () => {
    const list = buildLoginList({
      loginMethods: ['wallet', 'google', 'email'],
      walletList: ['metamask', 'rainbow'],
    });
    expect(list).toMatchObject({ layout: 'grouped', priority: 'web2-first', back: false });
    expect(labels(list.entries)).toEqual([
      'input:email',
      'google',
      'wallet:metamask',
      'wallet:rainbow',
    ]);
  });

  it('is web3-first with loginGroupPriority, or with show_wallet_login_first', () => {
    const base = {
      loginMethods: ['email', 'google', 'wallet'] as const,
      walletList: ['metamask'] as const,
    };
    const expected = ['wallet:metamask', 'input:email', 'google'];
    expect(
      labels(
        buildLoginList({
          ...base,
          loginMethods: [...base.loginMethods],
          walletList: [...base.walletList],
          loginGroupPriority: 'web3-first',
        }).entries,
      ),
    ).toEqual(expected);
    const server = buildLoginList({
      ...base,
      loginMethods: [...base.loginMethods],
      walletList: [...base.walletList],
      showWalletLoginFirst: true,
    });
    expect(server.priority).toBe('web3-first');
    expect(labels(server.entries)).toEqual(expected);
    // The client's priority wins over the server flag.
    expect(
      buildLoginList({
        loginMethods: [...base.loginMethods],
        walletList: [...base.walletList],
        showWalletLoginFirst: true,
        loginGroupPriority: 'web2-first',
      }).priority,
    ).toBe('web2-first');
  });

  it('shows up to 4 socials, then collapses the rest into the socials overflow panel', () => {
    const four = buildLoginList({ loginMethods: ['google', 'twitter', 'discord', 'github'] });
    expect(labels(four.entries)).toEqual(['google', 'twitter', 'discord', 'github']);
    const six = buildLoginList({
      loginMethods: ['email', 'google', 'twitter', 'discord', 'github', 'apple', 'telegram'],
    });
    expect(labels(six.entries)).toEqual([
      'input:email',
      'google',
      'twitter',
      'discord',
      'github',
      'overflow:overflow:2',
    ]);
    const panel = buildLoginList({
      loginMethods: ['email', 'google', 'twitter', 'discord', 'github', 'apple', 'telegram'],
      view: 'overflow',
    });
    expect(panel.back).toBe(true);
    // Only what the '+2' row hides (issue 14 item 3): nothing the default view shows.
    expect(labels(panel.entries)).toEqual(['apple', 'telegram']);
  });

  it('shows up to 4 wallets, then collapses the rest into the web3-overflow panel', () => {
    const walletList = [
      'detected_wallets',
      'metamask',
      'coinbase_wallet',
      'rainbow',
      'wallet_connect',
    ] as const;
    const list = buildLoginList({ loginMethods: ['wallet'], walletList: [...walletList] });
    expect(labels(list.entries)).toEqual([
      'wallet:detected_wallets',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
      'overflow:web3-overflow:1',
    ]);
    const panel = buildLoginList({
      loginMethods: ['wallet'],
      walletList: [...walletList],
      view: 'web3-overflow',
    });
    expect(panel.back).toBe(true);
    // 'More wallets' lists only the wallet the '+1' row hides (issue 14 item 3).
    expect(labels(panel.entries)).toEqual(['wallet:wallet_connect']);
  });

  it("adds 'I have a passkey' when passkeys are on", () => {
    expect(labels(buildLoginList({ loginMethods: ['email', 'passkey'] }).entries)).toEqual([
      'input:email',
      'passkey-link',
    ]);
    expect(labels(buildLoginList({ loginMethods: ['email'] }).entries)).toEqual(['input:email']);
  });

  it('turns the inputs into buttons with hideDirectWeb2Inputs, and keeps one of email/SMS expanded', () => {
    const list = buildLoginList({ loginMethods: ['email', 'sms'], hideDirectWeb2Inputs: true });
    expect(list.entries).toEqual([
      { kind: 'passwordless', methods: ['email', 'sms'], expanded: 'email', collapsed: true },
    ]);
    const smsFirst = buildLoginList({ loginMethods: ['sms', 'email'] });
    expect(smsFirst.entries[0]).toMatchObject({ expanded: 'sms', methods: ['sms', 'email'] });
  });

  it('uses the default wallet list when none is configured and leaves wallets out when wallet login is off', () => {
    expect(labels(buildLoginList({ loginMethods: ['wallet'] }).entries)).toEqual([
      'wallet:detected_wallets',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
      'overflow:web3-overflow:1',
    ]);
    expect(buildLoginList({ loginMethods: ['email'], view: 'web3-overflow' }).entries).toEqual([]);
  });

  it('leaves WalletConnect out, not listed as a dead end, when it is not offered (issue 14 item 8)', () => {
    expect(
      labels(buildLoginList({ loginMethods: ['wallet'], walletConnect: false }).entries),
    ).toEqual([
      'wallet:detected_wallets',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
    ]);
    // Also when the host names it in its order, or as its only wallet.
    const ordered = buildLoginList({
      loginMethods: ['email', 'wallet'],
      loginMethodsAndOrder: { primary: ['email', 'wallet_connect', 'metamask'] },
      walletConnect: false,
    });
    expect(labels(ordered.entries)).toEqual(['input:email', 'wallet:metamask']);
    expect(
      buildLoginList({
        loginMethods: ['wallet'],
        walletList: ['wallet_connect'],
        walletConnect: false,
      }).entries,
    ).toEqual([]);
    // Offered: listed as before.
    expect(
      labels(buildLoginList({ loginMethods: ['wallet'], walletList: ['wallet_connect'] }).entries),
    ).toEqual(['wallet:wallet_connect']);
  });
});

describe('buildLoginList, detected wallets and the More wallets panel (issue 14 item 3)', () => {
  const testWallet = { uuid: 'uuid-test', rdns: 'dev.latchkey.testwallet' };
  const otherWallet = { uuid: 'uuid-other', rdns: 'com.example.other' };
  const metamask = { uuid: 'uuid-metamask', rdns: 'io.metamask' };
  const build = (
    detectedWallets: BuildLoginListParameters['detectedWallets'],
    view: LoginListView = 'default',
    more: Partial<BuildLoginListParameters> = {},
  ) =>
    buildLoginList({
      loginMethods: ['email', 'wallet', 'passkey'],
      detectedWallets,
      view,
      ...more,
    });

  it('makes each announced wallet the list does not name a row of its own, in announcement order', () => {
    expect(
      labels(build([testWallet, otherWallet], 'default', { walletConnect: false }).entries),
    ).toEqual([
      'input:email',
      'wallet:uuid-test',
      'wallet:uuid-other',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'overflow:web3-overflow:1',
      'passkey-link',
    ]);
    expect(build([testWallet], 'default', { walletConnect: false }).entries[1]).toEqual({
      kind: 'wallet',
      wallet: 'detected_wallets',
      detected: 'uuid-test',
    });
  });

  it('keeps a named wallet (MetaMask by io.metamask) at its name only, never twice', () => {
    const list = build([metamask, testWallet], 'default', { walletConnect: false });
    expect(labels(list.entries)).toEqual([
      'input:email',
      'wallet:uuid-test',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
      'passkey-link',
    ]);
    // In the ordered layout too.
    const ordered = buildLoginList({
      loginMethods: ['wallet'],
      loginMethodsAndOrder: { primary: ['wallet'] },
      walletList: ['detected_wallets', 'metamask'],
      detectedWallets: [metamask, testWallet],
    });
    expect(labels(ordered.entries)).toEqual(['wallet:uuid-test', 'wallet:metamask']);
  });

  it('drops detected_wallets when nothing is announced, so the group counts only real rows', () => {
    expect(labels(build([], 'default', { walletConnect: false }).entries)).toEqual([
      'input:email',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
      'passkey-link',
    ]);
    expect(build([], 'web3-overflow', { walletConnect: false }).entries).toEqual([]);
  });

  it('the default dev app with a detected wallet and WalletConnect: More wallets holds only WalletConnect', () => {
    expect(labels(build([testWallet]).entries)).toEqual([
      'input:email',
      'wallet:uuid-test',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
      'overflow:web3-overflow:1',
      'passkey-link',
    ]);
    expect(labels(build([testWallet], 'web3-overflow').entries)).toEqual(['wallet:wallet_connect']);
  });

  it('the panel and the default view never share a wallet and together hold the whole group', () => {
    const lists: (readonly WalletId[])[] = [
      DEFAULT_WALLET_LIST,
      ['metamask', 'detected_wallets', 'phantom', 'rainbow', 'zerion', 'okx_wallet', 'uniswap'],
      ['detected_wallets'],
    ];
    const announced = [[], [testWallet], [testWallet, otherWallet, metamask]];
    for (const walletList of lists)
      for (const detectedWallets of announced)
        for (const loginGroupPriority of ['web2-first', 'web3-first'] as const) {
          const more = { walletList, loginGroupPriority };
          const wallets = (entries: LoginListEntry[]) =>
            labels(entries).filter((l) => l.startsWith('wallet:'));
          const shown = wallets(build(detectedWallets, 'default', more).entries);
          const panel = wallets(build(detectedWallets, 'web3-overflow', more).entries);
          const all = wallets(build(detectedWallets, 'wallets', more).entries);
          expect(shown.filter((w) => panel.includes(w))).toEqual([]);
          expect([...shown, ...panel]).toEqual(all);
          expect(new Set(all).size).toBe(all.length);
        }
  });

  it("the 'wallets' view lists every wallet without Back (connect-only, link)", () => {
    const list = build([testWallet], 'wallets');
    expect(list.back).toBe(false);
    expect(labels(list.entries)).toEqual([
      'wallet:uuid-test',
      'wallet:metamask',
      'wallet:coinbase_wallet',
      'wallet:rainbow',
      'wallet:wallet_connect',
    ]);
    expect(buildLoginList({ loginMethods: ['email'], view: 'wallets' }).entries).toEqual([]);
  });

  it('without detectedWallets, detected_wallets stays one entry (drawn in place)', () => {
    expect(build(undefined, 'default', { walletConnect: false }).entries[1]).toEqual({
      kind: 'wallet',
      wallet: 'detected_wallets',
    });
  });
});

describe('LOGIN_METHODS (issue 11: read from the method contracts)', () => {
  it("lists the contracts' login items in the spec's flag order", () => {
    expect(LOGIN_METHODS).toEqual([
      'email',
      'sms',
      ...OAUTH_PROVIDERS,
      'wallet',
      'farcaster',
      'passkey',
      'telegram',
    ]);
  });
});

describe("buildLoginList, another app's account (latchkey:{appId}, issue 21)", () => {
  const cross = 'latchkey:providerapp00000000000000' as const;

  it('is a method button where loginMethodsAndOrder names it, without a server flag', () => {
    const list = buildLoginList({
      loginMethods: ['email', 'wallet'],
      loginMethodsAndOrder: { primary: ['email', cross, 'metamask'] },
    });
    expect(labels(list.entries)).toEqual(['input:email', cross, 'wallet:metamask']);
    expect(list.entries[1]).toEqual({ kind: 'method', method: cross });
  });

  it('counts in the primary items and moves to the overflow view like any button', () => {
    const primary = ['email', 'google', 'twitter', 'discord', cross] as const;
    const list = buildLoginList({
      loginMethods: ['email', 'google', 'twitter', 'discord', 'github'],
      loginMethodsAndOrder: { primary, overflow: ['github'] },
    });
    expect(labels(list.entries)).toEqual([
      'input:email',
      'google',
      'twitter',
      'discord',
      'more-options',
    ]);
    const overflow = buildLoginList({
      loginMethods: ['email', 'google', 'twitter', 'discord', 'github'],
      loginMethodsAndOrder: { primary, overflow: ['github'] },
      view: 'overflow',
    });
    expect(labels(overflow.entries)).toEqual([cross, 'github']);
  });

  it('in loginMethods (grouped layout) it joins the social group, not the wallets', () => {
    const list = buildLoginList({
      loginMethods: ['email', cross, 'google', 'wallet'],
      walletList: ['metamask'],
    });
    expect(labels(list.entries)).toEqual(['input:email', cross, 'google', 'wallet:metamask']);
  });

  it("a bare 'latchkey:' names no app: not a button (nor a wallet)", () => {
    const list = buildLoginList({
      loginMethods: ['email', 'wallet'],
      loginMethodsAndOrder: { primary: ['email', 'latchkey:' as never] },
    });
    expect(labels(list.entries)).toEqual(['input:email']);
  });
});
