import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConnectWallet } from '../../hooks/useConnectWallet.ts';
import { renderHost } from '../../test/Host.tsx';
import { waitForScreen } from '../../test/modal.ts';

function ConnectButton() {
  const { connectWallet } = useConnectWallet();
  return (
    <button type="button" onClick={connectWallet}>
      Connect wallet
    </button>
  );
}

describe('CONNECT_ONLY_LANDING_SCREEN (spec sections 2 and 6; issue 14 item 13)', () => {
  it("lists wallets without the login footer sentence 'By logging in...'", async () => {
    renderHost({
      config: { loginMethods: ['email', 'wallet'] },
      client: { appConfig: { wallet_auth: true } },
      children: <ConnectButton />,
    });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    fireEvent.click(screen.getByText('Connect wallet'));
    const { el } = await waitForScreen('CONNECT_ONLY_LANDING_SCREEN');
    await waitFor(() => expect(el.querySelector('.lk-footer')).not.toBeNull());
    expect(el.querySelector('.lk-footer')!.textContent).toContain('Protected by');
    expect(el.textContent).not.toContain('By logging in');
    expect(el.querySelector('.lk-footer__terms')).toBeNull();
  });
});
