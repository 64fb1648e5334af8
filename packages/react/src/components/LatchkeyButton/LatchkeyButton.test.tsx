import type { ConnectedWallet, LinkedAccount } from '@latchkey/core';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../../test/fakeClient.ts';
import { renderHost } from '../../test/Host.tsx';
import { findDialog } from '../../test/modal.ts';
import { COPIED_MS, LatchkeyButton } from './LatchkeyButton.tsx';

const ADDRESS = '0x1234567890abcdef1234567890abcdef1234abcd';

const embeddedWallet = (address = ADDRESS): ConnectedWallet =>
  ({
    address,
    chainType: 'ethereum',
    chainId: 'eip155:31337',
    walletClientType: 'latchkey',
    connectorType: 'embedded',
    imported: false,
    linked: true,
    getEthereumProvider: async () => ({ request: async () => null }),
    switchChain: async () => {},
    disconnect: () => {},
  }) as unknown as ConnectedWallet;

/** The button's root (the host page also has a 'Log in' button of its own). */
function root(): HTMLElement {
  const el = document.querySelector<HTMLElement>('.lk-latchkey-button');
  if (!el) throw new Error('no .lk-latchkey-button');
  return el;
}
const q = () => within(root());

async function renderLoggedIn() {
  const view = renderHost({
    client: { initialStatus: 'authenticated' },
    children: <LatchkeyButton />,
  });
  act(() => view.client.wallets.upsert(embeddedWallet()));
  const trigger = await q().findByRole('button', { name: /0x1234…abcd/ });
  return { ...view, trigger };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('<LatchkeyButton/> logged out', () => {
  it('is disabled (same button, same text) while the session loads', async () => {
    const fake = createFakeClient();
    let finish = () => {};
    fake.client.initialize.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            fake.setState({ status: 'unauthenticated', user: null });
            resolve();
          };
        }),
    );
    render(
      <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client}>
        <LatchkeyButton />
      </LatchkeyProvider>,
    );
    const button = q().getByRole<HTMLButtonElement>('button', { name: 'Log in' });
    expect(button.disabled).toBe(true);
    await act(async () => finish());
    expect(q().getByRole('button', { name: 'Log in' })).toBe(button);
    expect(button.disabled).toBe(false);
  });

  it("'Log in' opens the modal", async () => {
    renderHost({ children: <LatchkeyButton className="nav" /> });
    expect(root().classList.contains('nav')).toBe(true);
    const button = q().getByRole<HTMLButtonElement>('button', { name: 'Log in' });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const { el } = await findDialog();
    expect(el.getAttribute('role')).toBe('dialog');
  });

  it('uses `label` as the logged-out text', async () => {
    renderHost({ children: <LatchkeyButton label="Sign in" /> });
    expect(await q().findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('<LatchkeyButton/> logged in', () => {
  it("shows 'Account', then the first linked contact (a phone here), then the shortened wallet address", async () => {
    const view = renderHost({
      client: { initialStatus: 'authenticated' },
      children: <LatchkeyButton />,
    });
    expect(await q().findByRole('button', { name: /^Account/ })).toBeTruthy();
    const at = new Date(0);
    const verification = { verifiedAt: at, firstVerifiedAt: at, latestVerifiedAt: at };
    act(() =>
      view.setState({
        status: 'authenticated',
        user: {
          ...TEST_USER,
          linkedAccounts: [
            { type: 'passkey', credentialId: 'c' } as unknown as LinkedAccount,
            { type: 'phone', number: '+14155552671', ...verification },
          ],
        },
      }),
    );
    expect(await q().findByRole('button', { name: /\+14155552671/ })).toBeTruthy();
    act(() => view.client.wallets.upsert(embeddedWallet()));
    const trigger = await q().findByRole('button', { name: /0x1234…abcd/ });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(q().queryByRole('menu')).toBeNull();
  });

  it('a long email is one ellipsised label with the whole email as the title', async () => {
    const view = renderHost({
      client: { initialStatus: 'authenticated' },
      children: <LatchkeyButton />,
    });
    const email = 'averyveryverylongfirstname.averylonglastname@subdomain.example-company.com';
    const at = new Date(0);
    const verification = { verifiedAt: at, firstVerifiedAt: at, latestVerifiedAt: at };
    act(() =>
      view.setState({
        status: 'authenticated',
        user: {
          ...TEST_USER,
          linkedAccounts: [{ type: 'email', address: email, ...verification }],
        },
      }),
    );
    const trigger = await q().findByRole('button', {
      name: new RegExp(email.replace(/\./g, '\\.')),
    });
    expect(trigger.title).toBe(email);
    expect(trigger.querySelector('.lk-latchkey-button__label')?.textContent).toBe(email);
  });

  it('opens the menu with the full address; Copy writes it and says Copied for 1.5 s', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { trigger } = await renderLoggedIn();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = q().getByRole('menu');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    expect(menu.getAttribute('aria-labelledby')).toBe(trigger.id);
    expect(q().getByText(ADDRESS)).toBeTruthy();
    const copy = within(menu).getByRole('menuitem', { name: 'Copy address' });
    await waitFor(() => expect(document.activeElement).toBe(copy));
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(copy.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(copy.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(copy.textContent).toBe('Copy address');
  });

  it('arrow keys move between items; Escape closes and returns focus to the button', async () => {
    const { trigger } = await renderLoggedIn();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = q().getByRole('menu');
    const [copy, logOut] = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(copy));
    fireEvent.keyDown(copy!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(logOut);
    fireEvent.keyDown(logOut!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(copy);
    fireEvent.keyDown(copy!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(logOut);
    fireEvent.keyDown(logOut!, { key: 'Escape' });
    expect(q().queryByRole('menu')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('ArrowUp on the button opens the menu on the last item', async () => {
    const { trigger } = await renderLoggedIn();
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    const logOut = q().getByRole('menuitem', { name: 'Log out' });
    await waitFor(() => expect(document.activeElement).toBe(logOut));
  });

  it('a click outside closes the menu', async () => {
    const { trigger } = await renderLoggedIn();
    fireEvent.click(trigger);
    expect(q().getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(q().getByText(ADDRESS));
    expect(q().getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(q().queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("'Log out' calls logout() and the button goes back to 'Log in'", async () => {
    const { trigger, client } = await renderLoggedIn();
    fireEvent.click(trigger);
    fireEvent.click(q().getByRole('menuitem', { name: 'Log out' }));
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(await q().findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(q().queryByRole('menu')).toBeNull();
  });

  it('texts come from config.messages', async () => {
    const view = renderHost({
      client: { initialStatus: 'authenticated' },
      config: { messages: { latchkeyButtonLogOut: 'Sign out' } },
      children: <LatchkeyButton />,
    });
    act(() => view.client.wallets.upsert(embeddedWallet()));
    fireEvent.click(await q().findByRole('button', { name: /0x1234…abcd/ }));
    expect(q().getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });
});
