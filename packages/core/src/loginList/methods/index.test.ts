import { OAUTH_PROVIDERS } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import {
  buildLoginList,
  LOGIN_METHODS,
  type LoginMethodName,
  SOCIAL_METHODS,
} from '../buildLoginList.ts';
import { LOGIN_ITEM_KINDS } from './index.ts';

const itemsOf = (kind: string) =>
  Object.entries(LOGIN_ITEM_KINDS)
    .filter(([, k]) => k === kind)
    .map(([item]) => item as LoginMethodName);

describe('login list registry (loginList/methods/index.ts)', () => {
  it('declares only login items of the contract', () => {
    for (const item of Object.keys(LOGIN_ITEM_KINDS)) expect(LOGIN_METHODS).toContain(item);
  });

  it('social buttons are the items no method declares, in flag order (as before issue 11)', () => {
    expect(SOCIAL_METHODS).toEqual([...OAUTH_PROVIDERS, 'farcaster', 'telegram']);
    for (const item of Object.keys(LOGIN_ITEM_KINDS)) expect(SOCIAL_METHODS).not.toContain(item);
  });

  it("merges the 'code-input' items into one row, first expanded", () => {
    const codeInputs = itemsOf('code-input');
    expect(codeInputs.length).toBeGreaterThan(1);
    const { entries } = buildLoginList({ loginMethods: [...codeInputs].reverse() });
    expect(entries).toEqual([
      {
        kind: 'passwordless',
        methods: [...codeInputs].reverse(),
        expanded: codeInputs.at(-1),
        collapsed: false,
      },
    ]);
  });

  it("ends the grouped default view with each 'link' item's link, once", () => {
    const links = itemsOf('link');
    expect(links.length).toBeGreaterThan(0);
    const { entries } = buildLoginList({ loginMethods: [...links, ...links] });
    expect(entries).toEqual(links.map((item) => ({ kind: `${item}-link` })));
  });

  it("puts the wallet list where a 'wallets' item stands", () => {
    const [wallets] = itemsOf('wallets');
    const { entries } = buildLoginList({
      loginMethods: [wallets!],
      walletList: ['metamask', 'coinbase_wallet'],
      loginMethodsAndOrder: { primary: [wallets!] },
    });
    expect(entries).toEqual([
      { kind: 'wallet', wallet: 'metamask' },
      { kind: 'wallet', wallet: 'coinbase_wallet' },
    ]);
  });
});
