import type { User, WalletConnectionTarget } from '@latchkey/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenParams } from '../../../../Modal/types.ts';
import { createFakeCaptcha } from '../../../../test/fakeCaptcha.ts';
import { TEST_USER } from '../../../../test/fakeClient.ts';
import { renderWithClient } from '../../../../test/renderWithClient.tsx';
import AwaitingConnection from './AwaitingConnection.tsx';

type ForParams = {
  mode: string;
  onComplete?: (r: { user: User | null; isNewUser: boolean }) => void;
};
const calls = vi.hoisted(() => ({ last: null as null | ForParams }));
const flow = vi.hoisted(() => ({
  connect: vi.fn(async () => true),
  sign: vi.fn(),
  retry: vi.fn(),
  reset: vi.fn(),
}));
vi.mock('../../flow.ts', () => ({
  walletConnectionFlowFor: (p: ForParams) => {
    calls.last = p;
    return flow;
  },
  useWalletConnectionState: () => ({ step: 'connecting', status: 'waiting', wallet: null }),
}));

const wallet = { name: 'Test Wallet' } as unknown as WalletConnectionTarget;

function render(params: ScreenParams, captcha = createFakeCaptcha()) {
  const view = renderWithClient(
    AwaitingConnection,
    {},
    { screen: 'AWAITING_CONNECTION', params, captcha: captcha.captcha },
  );
  return { ...view, captcha };
}

describe('AWAITING_CONNECTION gates and link mode (issue 6)', () => {
  it('login: passes the gate’s captcha token to connect, starts the captcha, ends with finishLogin', async () => {
    flow.connect.mockClear();
    const { value, captcha } = render({ externalWallet: wallet, captchaToken: 'tok-w' });
    await waitFor(() =>
      expect(flow.connect).toHaveBeenCalledWith(wallet, { captchaToken: 'tok-w' }),
    );
    expect(calls.last?.mode).toBe('login');
    expect(captcha.captcha.execute).toHaveBeenCalled();
    calls.last!.onComplete!({ user: TEST_USER, isNewUser: true });
    expect(value.finishLogin).toHaveBeenCalledWith({ user: TEST_USER, isNewUser: true });
    expect(value.completeLink).not.toHaveBeenCalled();
  });

  it('link: connects in link mode without a captcha and ends with completeLink(user)', async () => {
    flow.connect.mockClear();
    const { value, captcha } = render({ externalWallet: wallet, mode: 'link' });
    await waitFor(() => expect(flow.connect).toHaveBeenCalledWith(wallet, {}));
    expect(calls.last?.mode).toBe('link');
    expect(captcha.captcha.execute).not.toHaveBeenCalled();
    calls.last!.onComplete!({ user: TEST_USER, isNewUser: false });
    expect(value.completeLink).toHaveBeenCalledWith(TEST_USER);
    expect(value.finishLogin).not.toHaveBeenCalled();
  });
});
