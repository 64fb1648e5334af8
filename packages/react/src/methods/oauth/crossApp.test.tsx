import type { CrossAppConnection } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../../LatchkeyProvider/context.ts';
import { LoginList } from '../../components/LoginList/LoginList.tsx';
import { APP_ID } from '../../test/fakeClient.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import type { LatchkeyClientConfig } from '../../config/config.ts';

const WALLET_APP = 'latchkeywallet00000000000';
const connection: CrossAppConnection = {
  provider_app_id: WALLET_APP,
  provider_app_name: 'Latchkey Wallet',
  provider_app_icon_url: 'https://wallet.example/icon.png',
  provider_app_custom_api_url: null,
  read_only: false,
};

/** The login list under a provider whose client lists `connections` (a fetch per client). */
function renderList(
  client: LatchkeyClientConfig,
  connections: CrossAppConnection[],
  known: CrossAppConnection[] | null = null,
) {
  const getCrossAppConnections = vi.fn(async () => connections);
  const knownCrossAppConnections = vi.fn(() => known);
  const run = Promise.resolve(null);
  const initOAuth = vi.fn(() => run);
  const ctx = {
    client: { getCrossAppConnections, knownCrossAppConnections, initOAuth },
  } as unknown as LatchkeyContextValue;
  const config = resolveConfig(APP_ID, client, { name: 'Acme' });
  const rendered = renderScreen(
    <LatchkeyContext.Provider value={ctx}>
      <LoginList />
    </LatchkeyContext.Provider>,
    { config, messages: config.messages },
  );
  return { ...rendered, getCrossAppConnections, initOAuth, run };
}

describe("another app's account in the login list (issue 21 item 3)", () => {
  it('a latchkey:{appId} item is a button with the provider app’s name and logo, not a wallet', async () => {
    const { container, getCrossAppConnections } = renderList(
      {
        loginMethods: ['email', 'wallet'],
        loginMethodsAndOrder: { primary: ['email', `latchkey:${WALLET_APP}`, 'metamask'] },
      },
      [connection],
    );
    const button = await screen.findByRole('button', { name: 'Latchkey Wallet' });
    expect(button.getAttribute('data-method')).toBe(`latchkey:${WALLET_APP}`);
    expect(button.querySelector('img')?.getAttribute('src')).toBe(connection.provider_app_icon_url);
    expect(getCrossAppConnections).toHaveBeenCalled();
    expect(container.querySelectorAll('[data-method]')).toHaveLength(1);
  });

  it('once the client has the listing, the button has the provider’s name at its first render, with no fetch', () => {
    const { getCrossAppConnections } = renderList(
      { loginMethodsAndOrder: { primary: [`latchkey:${WALLET_APP}`] } },
      [],
      [connection],
    );
    expect(screen.getByRole('button', { name: 'Latchkey Wallet' })).toBeTruthy();
    expect(getCrossAppConnections).not.toHaveBeenCalled();
  });

  it('its click opens the provider’s popup flow in the click and goes to CROSS_APP_AUTH_SCREEN', async () => {
    const { value, initOAuth, run } = renderList(
      { loginMethodsAndOrder: { primary: [`latchkey:${WALLET_APP}`] } },
      [connection],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Latchkey Wallet' }));
    expect(initOAuth).toHaveBeenCalledWith(`latchkey:${WALLET_APP}`, {});
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.CROSS_APP_AUTH_SCREEN, {
      oauth: { provider: `latchkey:${WALLET_APP}`, result: run },
    });
  });

  it('a provider the server does not list still shows, as Another app with a neutral glyph', async () => {
    const { getCrossAppConnections, container } = renderList(
      { loginMethods: ['email', 'latchkey:someotherapp0000000000000'] },
      [connection],
    );
    await waitFor(() => expect(getCrossAppConnections).toHaveBeenCalled());
    const button = screen.getByRole('button', { name: 'Another app' });
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('svg')).toBeTruthy();
    expect(container.querySelector('[data-method="latchkey:someotherapp0000000000000"]')).toBe(
      button,
    );
  });
});
