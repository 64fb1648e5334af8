import { passwordStrength } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWalletScreen } from '../../test/renderWalletScreen.tsx';
import EmbeddedWalletPasswordCreate from './EmbeddedWalletPasswordCreate.tsx';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name });

async function toFinalize(password: string) {
  type('Password', password);
  fireEvent.click(button('Continue'));
  await screen.findByText('Save your password');
  fireEvent.click(button('Continue'));
  await screen.findByText('Confirm your password');
  type('Confirm password', password);
  fireEvent.click(button('Continue'));
  await screen.findByText('Confirm you saved it');
}

describe('EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN', () => {
  it('wires passwordError: the spec messages, Continue disabled until valid', async () => {
    renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
    await screen.findByText('Set a password');
    expect(button('Continue')).toHaveProperty('disabled', true);
    type('Password', 'abc');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters');
    expect(button('Continue')).toHaveProperty('disabled', true);
    type('Password', 'abcdefg<');
    expect(screen.getByRole('alert').textContent).toBe('Invalid characters used ( < )');
    type('Password', 'abcdefg!');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Continue')).toHaveProperty('disabled', false);
  });

  it('wires passwordStrength: the meter shows Weak / Medium / Strong with its value', async () => {
    const { container } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
    await screen.findByText('Set a password');
    for (const password of ['abcdefg!', 'abcdefgh1', 'Abcdefgh1!xyz', 'Orbit-Lantern-Maple-42']) {
      type('Password', password);
      const expected = passwordStrength(password);
      const meter = container.querySelector('.lk-pw__strength')!;
      expect(meter.getAttribute('data-label')).toBe(expected.label);
      expect(meter.textContent).toBe(`Strength: ${expected.label}`);
      expect(meter.getAttribute('data-value')).toBe(expected.value.toFixed(3));
    }
  });

  it('show/hide toggles the input type; Generate fills a 4-word password', async () => {
    renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
    await screen.findByText('Set a password');
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(button('Show password'));
    expect(input.type).toBe('text');
    fireEvent.click(button('Hide password'));
    expect(input.type).toBe('password');
    fireEvent.click(button('Generate a password'));
    await waitFor(() => expect(input.value).toMatch(/^[A-Z][a-z]+(-[a-z]+){3}[0-9]$/));
  });

  it("confirm step: 'Passwords do not match'; finalize: Cancel only when user-started; Set Password calls setRecovery", async () => {
    const { manager, resolve } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'update',
    });
    await screen.findByText('Switch to password recovery');
    type('Password', 'Secret-123');
    fireEvent.click(button('Continue'));
    await screen.findByText('Save your password');
    fireEvent.click(button('Continue'));
    type('Confirm password', 'Secret-12');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(button('Continue')).toHaveProperty('disabled', true);
    type('Confirm password', 'Secret-123');
    fireEvent.click(button('Continue'));
    await screen.findByText(
      'I understand that if I lose my password and device, I will lose access to my account and my assets.',
    );
    expect(button('Cancel')).toBeTruthy();
    expect(button('Set Password')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(button('Set Password'));
    await screen.findByText('Success');
    expect(manager.setRecovery).toHaveBeenCalledWith({
      recoveryMethod: 'user-passcode',
      password: 'Secret-123',
    });
    fireEvent.click(button('Close'));
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("an automatic flow has no Cancel, creates the wallet with the password, and shows 'Something went wrong' on failure", async () => {
    const { manager } = renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: true,
      mode: 'create',
    });
    manager.create.mockRejectedValueOnce(new Error('walletProxy.create timed out'));
    await screen.findByText('Set a password');
    await toFinalize('Secret-123');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(button('Set Password'));
    await screen.findByText('Something went wrong');
    expect(screen.getByText('walletProxy.create timed out')).toBeTruthy();
    expect(manager.create).toHaveBeenCalledWith({
      recoveryMethod: 'user-passcode',
      password: 'Secret-123',
    });
  });

  it('Back reverses the steps and keeps the password', async () => {
    renderWalletScreen(<EmbeddedWalletPasswordCreate />, {
      kind: 'set-password',
      automatic: false,
      mode: 'set',
    });
    await screen.findByText('Set a password');
    type('Password', 'Secret-123');
    fireEvent.click(button('Continue'));
    await screen.findByText('Save your password');
    fireEvent.click(button('‹ Back'));
    await screen.findByText('Set a password');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Secret-123');
  });
});
