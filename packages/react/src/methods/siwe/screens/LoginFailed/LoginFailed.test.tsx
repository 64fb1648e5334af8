import { SCREEN } from '@latchkey/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '../../../../test/renderWithClient.tsx';
import LoginFailed from './LoginFailed.tsx';

/** LOGIN_FAILED_SCREEN after a click on a wallet that is not installed (`walletDestination`). */
function renderNotInstalled(method: string) {
  return renderWithClient(
    LoginFailed,
    {},
    {
      screen: SCREEN.LOGIN_FAILED_SCREEN,
      params: { method, error: { code: 'wallet_not_installed' }, returnTo: SCREEN.LANDING },
    },
  );
}

describe('LOGIN_FAILED_SCREEN has no dead end (spec section 2; issue 14 item 8)', () => {
  it("a known wallet not installed: 'Install MetaMask' links its download page, then Try again / Cancel", () => {
    const { value } = renderNotInstalled('MetaMask');
    expect(screen.getByRole('heading').textContent).toBe('Could not connect with wallet');
    expect(screen.getByText('MetaMask is not installed in this browser.')).toBeTruthy();
    const install = screen.getByRole('link', { name: 'Install MetaMask' });
    expect(install.getAttribute('href')).toBe('https://metamask.io/download/');
    expect(install.getAttribute('target')).toBe('_blank');
    expect(install.getAttribute('rel')).toBe('noopener noreferrer');
    // Try again goes back to the wallet list (pick it once installed); Cancel closes.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.LANDING);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(value.requestClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Use a different wallet' })).toBeNull();
  });

  it('an unknown wallet not installed: no install link, still Try again / Cancel', () => {
    renderNotInstalled('Some Wallet');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it("no retry left: 'Use a different wallet' and Cancel", () => {
    const { value } = renderWithClient(
      LoginFailed,
      {},
      {
        screen: SCREEN.LOGIN_FAILED_SCREEN,
        params: { method: 'WalletConnect', error: { code: 'wallet_connect_failed' } },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a different wallet' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.LANDING);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(value.requestClose).toHaveBeenCalledTimes(1);
  });
});
