import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalletScreen, WALLET_ADDRESS } from '../../test/renderWalletScreen.tsx';
import FiatOnRampPrompt from './FiatOnRampPrompt.tsx';
import FiatOnRampStatus from './FiatOnRampStatus.tsx';

const SIGNED = {
  signedUrl: 'https://buy-sandbox.moonpay.com/?apiKey=pk_test_x&signature=abc',
  externalTransactionId: 'extid_0123456789abcdef',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FIAT_ON_RAMP_PROMPT_SCREEN', () => {
  it('signs the widget URL on open, then opens it in a new tab in the click and shows the status', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const apiRequest = vi.fn(async () => SIGNED);
    const { modal } = renderWalletScreen(
      <FiatOnRampPrompt />,
      { kind: 'fund', address: WALLET_ADDRESS, config: { currencyCode: 'usdc' } },
      { apiRequest, config: { fiatOnRamp: { enabled: true, useSandbox: true } } },
    );
    expect(screen.getByRole('heading').textContent).toBe('Fund your wallet');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(/goes straight to 0x1111…1111/)).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Continue to Moonpay' });
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect(apiRequest.mock.calls[0]).toEqual([
      {
        method: 'POST',
        path: '/api/v1/plugins/moonpay_on_ramp/sign',
        body: {
          address: WALLET_ADDRESS,
          useSandbox: true,
          config: { currencyCode: 'usdc', uiConfig: { theme: 'light' } },
        },
      },
    ]);
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith(SIGNED.signedUrl, '_blank', 'noopener,noreferrer');
    expect(modal.navigate).toHaveBeenCalledWith('FIAT_ON_RAMP_STATUS_SCREEN', {
      wallet: expect.objectContaining({ kind: 'fund', address: WALLET_ADDRESS }),
      onRamp: { externalTransactionId: SIGNED.externalTransactionId, address: WALLET_ADDRESS },
    });
  });

  it("shows the server's refusal instead of the button, and closing rejects with 4001", async () => {
    const apiRequest = vi.fn(async () => {
      throw Object.assign(new Error('The fiat on-ramp is not enabled for this app'), {
        status: 403,
        code: 'fiat_on_ramp_disabled',
      });
    });
    const { modal, reject } = renderWalletScreen(
      <FiatOnRampPrompt />,
      { kind: 'fund', address: WALLET_ADDRESS },
      { apiRequest },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The fiat on-ramp is not enabled for this app',
    );
    expect(screen.queryByRole('button', { name: 'Continue to Moonpay' })).toBeNull();
    modal.requestClose();
    expect(reject).toHaveBeenCalledWith(expect.objectContaining({ code: 4001 }));
  });
});

describe('FIAT_ON_RAMP_STATUS_SCREEN', () => {
  const params = {
    onRamp: { externalTransactionId: SIGNED.externalTransactionId, address: WALLET_ADDRESS },
  };

  it("polls to 'completed', says so, and Continue resolves fundWallet with the status", async () => {
    const statuses = ['pending', 'completed'];
    const apiRequest = vi.fn(async () => ({ status: statuses.shift() ?? 'completed' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { resolve, closed } = renderWalletScreen(
        <FiatOnRampStatus />,
        { kind: 'fund', address: WALLET_ADDRESS },
        { apiRequest, params },
      );
      expect(screen.getByRole('heading').textContent).toBe('In Progress');
      expect(screen.queryByRole('button')).toBeNull();
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() =>
        expect(screen.getByRole('heading').textContent).toBe("You've funded your account!"),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(resolve).toHaveBeenCalledWith({
        status: 'completed',
        externalTransactionId: SIGNED.externalTransactionId,
      });
      expect(closed).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['failed', 'Something went wrong!', 'Done'],
    ['waitingAuthorization', 'Processing payment', null],
  ])("shows '%s' as '%s'", async (status, title, button) => {
    const apiRequest = vi.fn(async () => ({ status }));
    renderWalletScreen(
      <FiatOnRampStatus />,
      { kind: 'fund', address: WALLET_ADDRESS },
      { apiRequest, params },
    );
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe(title));
    if (button) expect(screen.getByRole('button', { name: button })).toBeTruthy();
    else expect(screen.queryByRole('button')).toBeNull();
  });

  it('closing before a final state resolves with the last status; from Add Funds, Continue goes back to the send screen', async () => {
    const apiRequest = vi.fn(async () => ({ status: 'pending' }));
    const { modal, resolve } = renderWalletScreen(
      <FiatOnRampStatus />,
      { kind: 'fund', address: WALLET_ADDRESS },
      { apiRequest, params },
    );
    await waitFor(() => expect(apiRequest).toHaveBeenCalled());
    modal.requestClose();
    expect(resolve).toHaveBeenCalledWith({
      status: 'pending',
      externalTransactionId: SIGNED.externalTransactionId,
    });

    const send = renderWalletScreen(
      <FiatOnRampStatus />,
      {
        kind: 'send-transaction',
        transaction: { chainId: 31337, to: WALLET_ADDRESS, value: '0x1' },
      },
      { apiRequest: vi.fn(async () => ({ status: 'completed' })), params },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(send.modal.navigate).toHaveBeenCalledWith('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN', {
      wallet: expect.objectContaining({ kind: 'send-transaction' }),
    });
    expect(send.resolve).not.toHaveBeenCalled();
  });
});
