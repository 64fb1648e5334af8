import { SCREEN } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../../../../config/resolveConfig.ts';
import { APP_ID } from '../../../../test/fakeClient.ts';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import LinkWallet from './LinkWallet.tsx';

const provider = { request: vi.fn(async () => null) };

function announceWallet() {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: {
            uuid: 'uuid-link',
            name: 'Link Wallet',
            icon: 'data:image/png;base64,',
            rdns: 'dev.latchkey.link',
          },
          provider,
        },
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

describe('LINK_WALLET_SCREEN (issue 6)', () => {
  it('lists wallets only, and a pick opens AWAITING_CONNECTION in link mode', async () => {
    const stop = announceWallet();
    // The app logs in with email only: the link screen still lists wallets, and no email input.
    const config = resolveConfig(APP_ID, { loginMethods: ['email'] }, { name: 'Acme' });
    const { value } = renderScreen(<LinkWallet />, { config, messages: config.messages });
    expect(screen.getByText('Link a wallet')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: /Link Wallet/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /Link Wallet/ }));
    expect(value.navigate).toHaveBeenCalledWith(
      SCREEN.AWAITING_CONNECTION,
      expect.objectContaining({
        mode: 'link',
        returnTo: SCREEN.LINK_WALLET_SCREEN,
        externalWallet: expect.objectContaining({ provider }),
      }),
    );
    stop();
  });
});
