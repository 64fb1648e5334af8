import { SCREEN } from '@latchkey/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import * as simpleIcons from 'simple-icons';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { LatchkeyClientConfig } from '../../config/config.ts';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { APP_ID } from '../../test/fakeClient.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { bundledWalletIcon } from '../../methods/siwe/externalWallets/walletIcons.ts';
import { LoginList } from './LoginList.tsx';
import { loginListCss } from './LoginList.css.ts';

const provider = { request: vi.fn(async () => null) };

/** Announces a wallet through EIP-6963 whenever the page asks. */
function announceWallet(name = 'Test Wallet', rdns = 'dev.latchkey.test') {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: `uuid-${rdns}`, name, icon: 'data:image/png;base64,', rdns },
          provider,
        },
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

function renderList(
  client: LatchkeyClientConfig,
  server: Record<string, unknown> = {},
  mode?: 'connect-only',
) {
  const config = resolveConfig(APP_ID, client, { name: 'Acme', ...server });
  return renderScreen(<LoginList mode={mode} />, { config, messages: config.messages });
}

/** What the list last gave the modal's top-bar Back (`setBackHandler`), or null. */
function lastBackHandler(value: { setBackHandler: unknown }): (() => void) | null {
  const calls = (value.setBackHandler as Mock<(handler: (() => void) | null) => void>).mock.calls;
  return calls.at(-1)?.[0] ?? null;
}

/** The scrolling list (the links under it are a second list). */
const mainList = () => screen.getAllByRole('list')[0]!;

const rowNames = () =>
  within(mainList())
    .getAllByRole('listitem')
    .map((li) => li.textContent?.trim());

const userAgent = navigator.userAgent;
afterEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
});

describe('LoginList', () => {
  it('grouped, web2-first: the email input, then the wallet list with detected wallets first', () => {
    const stop = announceWallet();
    renderList({
      loginMethods: ['email', 'wallet'],
      appearance: { walletList: ['detected_wallets', 'metamask'] },
    });
    expect(mainList().dataset).toMatchObject({
      layout: 'grouped',
      priority: 'web2-first',
    });
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    expect(rowNames().slice(1)).toEqual([
      expect.stringContaining('Test Wallet'),
      expect.stringContaining('MetaMask'),
    ]);
    // The announced wallet is marked installed; every wallet says 'Connect' (shown on hover).
    expect(rowNames()[1]).toContain('Installed');
    expect(screen.getAllByText('Connect')).toHaveLength(2);
    stop();
  });

  it('web3-first from the server flag puts wallets before the email input', () => {
    renderList(
      { loginMethods: ['email', 'wallet'], appearance: { walletList: ['metamask'] } },
      { show_wallet_login_first: true },
    );
    expect(rowNames()[0]).toContain('MetaMask');
    expect(mainList().dataset.priority).toBe('web3-first');
  });

  it('a click on an installed wallet opens AWAITING_CONNECTION with its injected provider', () => {
    const stop = announceWallet();
    const { value } = renderList({
      loginMethods: ['wallet'],
      appearance: { walletList: ['detected_wallets'] },
    });
    fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_CONNECTION, {
      externalWallet: expect.objectContaining({
        provider,
        connectorType: 'injected',
        walletClientType: 'test_wallet',
        name: 'Test Wallet',
      }),
      returnTo: SCREEN.LANDING,
    });
    stop();
  });

  it('connect-only lists wallets only and opens AWAITING_CONNECT_ONLY_CONNECTION', () => {
    const stop = announceWallet();
    const { value } = renderList({ loginMethods: ['email'] }, {}, 'connect-only');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ }));
    expect(value.navigate).toHaveBeenCalledWith(
      SCREEN.AWAITING_CONNECT_ONLY_CONNECTION,
      expect.objectContaining({ externalWallet: expect.objectContaining({ provider }) }),
    );
    stop();
  });

  it('in an in-app browser an untrusted wallet click goes to IN_APP_BROWSER_LOGIN_NOT_POSSIBLE', () => {
    Object.defineProperty(navigator, 'userAgent', {
      value: 'Mozilla/5.0 Instagram 300.0',
      configurable: true,
    });
    const stop = announceWallet();
    const { value } = renderList({
      loginMethods: ['wallet'],
      appearance: { walletList: ['detected_wallets'] },
    });
    fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ })); // synthetic: untrusted
    expect(value.navigate).toHaveBeenCalledWith(
      SCREEN.IN_APP_BROWSER_LOGIN_NOT_POSSIBLE,
      expect.anything(),
    );
    stop();
  });

  it('Phantom not installed goes to PHANTOM_INTERSTITIAL_SCREEN; another missing wallet to LOGIN_FAILED_SCREEN', () => {
    const { value } = renderList({
      loginMethods: ['wallet'],
      appearance: { walletList: ['phantom', 'rainbow'] },
    });
    fireEvent.click(screen.getByRole('button', { name: /Phantom/ }));
    expect(value.navigate).toHaveBeenLastCalledWith(
      SCREEN.PHANTOM_INTERSTITIAL_SCREEN,
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: /Rainbow/ }));
    expect(value.navigate).toHaveBeenLastCalledWith(
      SCREEN.LOGIN_FAILED_SCREEN,
      expect.objectContaining({ method: 'Rainbow' }),
    );
  });

  it('lists WalletConnect only when the app has a project id and a connector (issue 14 item 8)', () => {
    const client: LatchkeyClientConfig = {
      loginMethods: ['wallet'],
      appearance: { walletList: ['metamask', 'wallet_connect'] },
    };
    renderList(client);
    expect(screen.queryByRole('button', { name: /WalletConnect/ })).toBeNull();
    expect(screen.getByRole('button', { name: /MetaMask/ })).toBeTruthy();
    cleanup();
    renderList(
      { ...client, externalWallets: { walletConnect: { connector: { connect: vi.fn() } } } },
      { wallet_connect_cloud_project_id: 'cloud-project' },
    );
    expect(screen.getByRole('button', { name: /WalletConnect/ })).toBeTruthy();
  });

  it('ordered: 4 primary items plus More options; the overflow view has Back', () => {
    const rendered = renderList({
      loginMethods: ['email', 'google', 'twitter', 'discord', 'github', 'apple'],
      loginMethodsAndOrder: {
        primary: ['google', 'twitter', 'discord', 'github', 'apple'],
        overflow: ['email'],
      },
    });
    expect(mainList().dataset.layout).toBe('ordered');
    expect(rowNames()).toEqual(['Google', 'Twitter', 'Discord', 'GitHub', 'More options']);
    const { value } = rendered;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'More options' })));
    expect(rowNames()).toEqual(['Apple', expect.stringContaining('Submit')]);
    // The panel takes the modal's one Back (issue 14 item 11), and has none of its own.
    expect(screen.queryByRole('button', { name: /Back/ })).toBeNull();
    act(() => lastBackHandler(value)?.());
    expect(rowNames()).toHaveLength(5);
    expect(lastBackHandler(value)).toBeNull();
  });

  it('methods of later issues open a screen that says they are not configured; passkeys add the link', () => {
    const { value } = renderList({ loginMethods: ['email', 'google', 'passkey'] });
    fireEvent.click(screen.getByRole('button', { name: 'Google' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_OAUTH_SCREEN, { method: 'Google' });
    fireEvent.click(screen.getByRole('button', { name: 'I have a passkey' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE, {
      passkey: 'login',
    });
    // A new user signs up with a passkey from the landing, without failing a login first.
    fireEvent.click(screen.getByRole('button', { name: 'Sign up with a passkey' }));
    expect(value.navigate).toHaveBeenLastCalledWith(SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE, {
      passkey: 'signup',
    });
  });

  it('email and SMS are alternatives with one expanded', async () => {
    renderList({ loginMethods: ['email', 'sms'] });
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Use SMS instead' })));
    // The phone input is a lazy chunk (libphonenumber-js): its first import can take seconds on
    // a loaded machine, so wait longer than findByRole's 1 s default.
    expect(
      await screen.findByRole('textbox', { name: 'Phone number' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Use email instead' })));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
  });

  it('SMS configured before email is expanded first; hideDirectWeb2Inputs opens it from a button', async () => {
    renderList({ loginMethods: ['sms', 'email'] });
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use email instead' })).toBeTruthy();
    cleanup();
    renderList({ loginMethods: ['email', 'sms'], appearance: { hideDirectWeb2Inputs: true } });
    act(() => fireEvent.click(screen.getByRole('button', { name: /Continue with SMS/ })));
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeTruthy();
  });

  it('hideDirectWeb2Inputs: a Continue with email button opens the input', () => {
    renderList({ loginMethods: ['email'], appearance: { hideDirectWeb2Inputs: true } });
    expect(screen.queryByRole('textbox')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: /Continue with email/ })));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
  });

  it.each([
    ['google', simpleIcons.siGoogle, '#4285F4'],
    ['twitter', simpleIcons.siX, 'currentColor'],
    ['discord', simpleIcons.siDiscord, '#5865F2'],
    ['github', simpleIcons.siGithub, 'currentColor'],
    ['spotify', simpleIcons.siSpotify, '#1ED760'],
    ['instagram', simpleIcons.siInstagram, '#FF0069'],
    ['tiktok', simpleIcons.siTiktok, 'currentColor'],
    ['apple', simpleIcons.siApple, 'currentColor'],
    ['telegram', simpleIcons.siTelegram, '#26A5E4'],
  ] as const)('the %s button shows its simple-icons logo, decorative', (provider, icon, fill) => {
    renderList({ loginMethods: [provider] });
    const button = screen.getByRole('button', {
      name: new RegExp(icon.title === 'X' ? 'Twitter' : icon.title, 'i'),
    });
    const svg = button.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.dataset.brand).toBe(icon.slug);
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe(icon.path);
    expect(svg?.querySelector('path')?.getAttribute('fill')).toBe(fill);
  });

  it('LinkedIn (not in simple-icons) shows a neutral glyph, not a brand logo', () => {
    renderList({ loginMethods: ['linkedin'] });
    const svg = screen.getByRole('button', { name: /LinkedIn/ }).querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.dataset.brand).toBeUndefined();
  });

  it('a detected wallet shows its EIP-6963 icon; an undetected known wallet its bundled icon', () => {
    const stop = announceWallet('MetaMask', 'io.metamask');
    renderList({
      loginMethods: ['wallet'],
      appearance: { walletList: ['metamask', 'rainbow', 'okx_wallet', 'brave_wallet'] },
    });
    const iconOf = (id: string) =>
      screen.getByTestId(`wallet-${id}`).querySelector('img')?.getAttribute('src');
    expect(iconOf('metamask')).toBe('data:image/png;base64,');
    for (const id of ['rainbow', 'okx_wallet', 'brave_wallet'] as const) {
      expect(iconOf(id)).toBe(bundledWalletIcon(id));
      expect(iconOf(id)).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    }
    stop();
    cleanup();
    renderList({ loginMethods: ['wallet'], appearance: { walletList: ['metamask'] } });
    expect(iconOf('metamask')).toBe(bundledWalletIcon('metamask'));
  });

  it('every known wallet of spec section 3 has a bundled icon', () => {
    for (const id of [
      'metamask',
      'coinbase_wallet',
      'phantom',
      'rainbow',
      'wallet_connect',
      'zerion',
      'brave_wallet',
      'uniswap',
      'okx_wallet',
      'rabby_wallet',
    ] as const) {
      expect(decodeURIComponent(bundledWalletIcon(id) ?? '')).toMatch(
        /^data:image\/svg\+xml,<svg[^]*<\/svg>$/,
      );
    }
  });

  it('caps the list at 400 px (spec section 9)', () => {
    expect(loginListCss).toContain(
      'min(400px, calc(var(--lk-card-max, 400px) - var(--lk-list-rest, 0px)))',
    );
  });
});

describe('LoginList shows what it holds (issue 14 item 3)', () => {
  /** The demo's wallets with WalletConnect offered: 4 named wallets plus detected ones. */
  const withWalletConnect = (): [LatchkeyClientConfig, Record<string, unknown>] => [
    {
      loginMethods: ['email', 'wallet', 'passkey'],
      externalWallets: { walletConnect: { connector: { connect: vi.fn() } } },
    },
    { wallet_connect_cloud_project_id: 'cloud-project' },
  ];

  it("'More wallets' lists only the wallets the default view does not show, with icons; Back returns", async () => {
    const stopTest = announceWallet('Test Wallet', 'dev.latchkey.test');
    const stopMetaMask = announceWallet('MetaMask', 'io.metamask');
    const { value } = renderList(...withWalletConnect());
    // The detected wallet is a row of its own and counts: 4 wallets, then 'More wallets +1'.
    expect(rowNames().slice(1)).toEqual([
      expect.stringContaining('Test Wallet'),
      expect.stringContaining('MetaMask'),
      expect.stringContaining('Coinbase Wallet'),
      expect.stringContaining('Rainbow'),
      'More wallets+1',
    ]);
    // MetaMask is announced and named: once, at its name, marked installed.
    expect(screen.getAllByRole('button', { name: /MetaMask/ })).toHaveLength(1);
    expect(screen.getByTestId('wallet-metamask').textContent).toContain('Installed');
    const shown = rowNames();

    act(() => fireEvent.click(screen.getByRole('button', { name: /More wallets/ })));
    expect(mainList().dataset.view).toBe('web3-overflow');
    expect(rowNames()).toEqual([expect.stringContaining('WalletConnect')]);
    for (const name of shown) expect(rowNames()).not.toContain(name);
    expect(
      screen.getByTestId('wallet-wallet_connect').querySelector('img')?.getAttribute('src'),
    ).toBe(bundledWalletIcon('wallet_connect'));
    // The passkey links belong to the default view only.
    expect(screen.queryByRole('button', { name: 'I have a passkey' })).toBeNull();
    // Focus moves to the panel's first wallet, and back to 'More wallets' after Back.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /WalletConnect/ }));
    act(() => lastBackHandler(value)?.());
    expect(rowNames()).toEqual(shown);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /More wallets/ }));
    stopTest();
    stopMetaMask();
  });

  it('without a detected wallet the four named wallets show and nothing collapses', () => {
    renderList({ loginMethods: ['email', 'wallet'] });
    expect(rowNames().slice(1)).toEqual([
      expect.stringContaining('MetaMask'),
      expect.stringContaining('Coinbase Wallet'),
      expect.stringContaining('Rainbow'),
    ]);
    expect(screen.queryByRole('button', { name: /More wallets/ })).toBeNull();
  });

  it('connect-only lists every wallet, with no More wallets and no Back', () => {
    const stop = announceWallet();
    renderList(withWalletConnect()[0], withWalletConnect()[1], 'connect-only');
    expect(rowNames()).toEqual([
      expect.stringContaining('Test Wallet'),
      expect.stringContaining('MetaMask'),
      expect.stringContaining('Coinbase Wallet'),
      expect.stringContaining('Rainbow'),
      expect.stringContaining('WalletConnect'),
    ]);
    expect(screen.queryByRole('button', { name: /Back|More wallets/ })).toBeNull();
    stop();
  });

  it("draws 'I have a passkey' in a list of its own under the scrolling one", () => {
    renderList({ loginMethods: ['email', 'google', 'passkey'] });
    const [list, links] = screen.getAllByRole('list');
    expect(list!.className).toBe('lk-login-list');
    expect(within(list!).queryByRole('button', { name: 'I have a passkey' })).toBeNull();
    expect(links!.className).toBe('lk-login-list__links');
    expect(within(links!).getByRole('button', { name: 'I have a passkey' })).toBeTruthy();
    expect(within(links!).getByRole('button', { name: 'Sign up with a passkey' })).toBeTruthy();
  });

  it('fades the edge rows are hidden behind, only while there is more to scroll', () => {
    renderList({ loginMethods: ['email', 'google', 'wallet'] });
    const list = mainList();
    expect(list.dataset.fadeTop).toBeUndefined();
    expect(list.dataset.fadeBottom).toBeUndefined();
    // jsdom has no layout: give the list 500 px of rows in a 300 px box.
    const sizes = { scrollHeight: 500, clientHeight: 300, scrollTop: 0 };
    for (const [key, value] of Object.entries(sizes))
      Object.defineProperty(list, key, { value, configurable: true, writable: true });
    act(() => fireEvent.scroll(list));
    expect(list.dataset.fadeTop).toBeUndefined();
    expect(list.dataset.fadeBottom).toBe('true');
    act(() => {
      list.scrollTop = 100;
      fireEvent.scroll(list);
    });
    expect(list.dataset).toMatchObject({ fadeTop: 'true', fadeBottom: 'true' });
    act(() => {
      list.scrollTop = 200;
      fireEvent.scroll(list);
    });
    expect(list.dataset.fadeTop).toBe('true');
    expect(list.dataset.fadeBottom).toBeUndefined();
  });

  it('the fade is a mask on the box; the list, not the header or footer, gives way in a short card', () => {
    expect(loginListCss).toMatch(/\[data-fade-bottom\] \{ --lk-fade-bottom: transparent; \}/);
    expect(loginListCss).toMatch(/mask-image: linear-gradient\(to bottom, var\(--lk-fade-top\)/);
    expect(loginListCss).toContain('scroll-padding-block');
  });
});
