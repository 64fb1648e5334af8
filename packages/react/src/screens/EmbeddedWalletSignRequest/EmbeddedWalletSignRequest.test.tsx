import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeManager,
  createFakeProvider,
  renderWalletScreen,
  WALLET_ADDRESS,
} from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletSignRequest from './EmbeddedWalletSignRequest.tsx';

const SIGNATURE = `0x${'ab'.repeat(65)}`;

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', () => {
  it('shows the default texts and the message', async () => {
    renderWalletScreen(<EmbeddedWalletSignRequest />, { kind: 'sign-message', message: 'hello' });
    expect(screen.getByRole('heading').textContent).toBe('Sign message');
    expect(screen.getByText('Signing this message will not cost you any fees.')).toBeTruthy();
    expect(screen.getByTestId('sign-message').textContent).toBe('hello');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign and continue' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });

  it('follows the UI options {title, description, buttonText, iconUrl}', () => {
    const { container } = renderWalletScreen(<EmbeddedWalletSignRequest />, {
      kind: 'sign-message',
      message: 'hello',
      uiOptions: {
        title: 'Prove it',
        description: 'Free',
        buttonText: 'Go',
        iconUrl: 'https://example.com/i.png',
      },
    });
    expect(screen.getByRole('heading').textContent).toBe('Prove it');
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go' })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/i.png');
  });

  it("closing before success rejects with 4001 'user rejected'", () => {
    const { modal, reject, resolve } = renderWalletScreen(<EmbeddedWalletSignRequest />, {
      kind: 'sign-message',
      message: 'hello',
    });
    modal.requestClose();
    expect(resolve).not.toHaveBeenCalled();
    expect(reject).toHaveBeenCalledTimes(1);
    expect(reject.mock.calls[0]![0]).toMatchObject({ code: 4001, message: 'user rejected' });
  });

  it('signs with personal_sign (hex message), resolves the signature, and closes after 1.4 s', async () => {
    const provider = createFakeProvider({ personal_sign: SIGNATURE });
    const { resolve, reject, closed, modal } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'sign-message', message: 'hi' },
      { manager: createFakeManager(provider) },
    );
    const button = screen.getByRole('button', { name: 'Sign and continue' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(SIGNATURE));
    expect(provider.request).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x6869', WALLET_ADDRESS],
    });
    expect(screen.getByRole('button', { name: 'Signed' })).toBeTruthy();
    await waitFor(() => expect(closed).toHaveBeenCalled(), { timeout: 2500 });
    // Closing after success does not reject.
    modal.requestClose();
    expect(reject).not.toHaveBeenCalled();
  });

  it('signs typed data with eth_signTypedData_v4 (bigints as strings)', async () => {
    const provider = createFakeProvider({ eth_signTypedData_v4: SIGNATURE });
    const typedData = {
      domain: { name: 'Test', chainId: 31337n },
      types: { Mail: [{ name: 'body', type: 'string' }] },
      primaryType: 'Mail',
      message: { body: 'hi' },
    };
    const { resolve } = renderWalletScreen(
      <EmbeddedWalletSignRequest />,
      { kind: 'sign-typed-data', typedData },
      { manager: createFakeManager(provider) },
    );
    const button = screen.getByRole('button', { name: 'Sign and continue' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(SIGNATURE));
    const call = provider.request.mock.calls[0]![0] as { params: [string, string] };
    expect(call.params[0]).toBe(WALLET_ADDRESS);
    expect(JSON.parse(call.params[1]).domain.chainId).toBe('31337');
  });
});
