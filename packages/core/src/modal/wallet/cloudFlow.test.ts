import { describe, expect, it, vi } from 'vitest';
import { mountCloudFrame, type MountCloudFrameParameters } from './cloudFlow.ts';

const DONE = { status: 'done', address: '0x1', recoveryMethod: 'google-drive' };

function setup(action: string, status = 'connected', connectStatus = 'connected') {
  let answer!: (value: unknown) => void;
  let fail!: (error: unknown) => void;
  const frame = {
    iframe: { title: '' },
    ready: Promise.resolve(),
    result: new Promise((resolve, reject) => {
      answer = resolve;
      fail = reject;
    }),
    destroy: vi.fn(),
  };
  const manager = {
    getState: () => ({ status }),
    connect: vi.fn(async () => ({ status: connectStatus })),
    ensureMfa: vi.fn(async () => {}),
    mountCloud: vi.fn(() => frame),
  };
  const p = {
    wallet: { manager: async () => manager },
    host: {} as HTMLElement,
    action,
    provider: 'google-drive',
    theme: { colorScheme: 'dark' },
    frameTitle: 'Google Drive backup',
    unableToRecoverMessage: 'Unable to recover wallet',
    onReady: vi.fn(),
    onResult: vi.fn(),
    onRedirect: vi.fn(),
    onError: vi.fn(),
  } as unknown as MountCloudFrameParameters & {
    onReady: ReturnType<typeof vi.fn>;
    onResult: ReturnType<typeof vi.fn>;
    onRedirect: ReturnType<typeof vi.fn>;
    onError: ReturnType<typeof vi.fn>;
  };
  return { p, manager, frame, answer: (v: unknown) => answer(v), fail: (e: unknown) => fail(e) };
}

describe('mountCloudFrame (issue 23: the cloud page in a frame)', () => {
  it('recover: verifies MFA for a new device, mounts with the provider and oauthReturn, reports the answer', async () => {
    const { p, manager, frame, answer } = setup('recover', 'needs-recovery');
    const oauthReturn = { code: 'c', state: 's' };
    mountCloudFrame({ ...p, oauthReturn });
    await vi.waitFor(() => expect(manager.mountCloud).toHaveBeenCalled());
    expect(manager.connect).not.toHaveBeenCalled();
    expect(manager.ensureMfa).toHaveBeenCalledWith({ onDevice: false });
    expect(manager.mountCloud).toHaveBeenCalledWith(p.host, {
      action: 'recover',
      provider: 'google-drive',
      theme: { colorScheme: 'dark' },
      oauthReturn,
    });
    expect(frame.iframe.title).toBe('Google Drive backup');
    await vi.waitFor(() => expect(p.onReady).toHaveBeenCalled());
    answer(DONE);
    await vi.waitFor(() => expect(p.onResult).toHaveBeenCalledWith(DONE));
    expect(p.onRedirect).not.toHaveBeenCalled();
  });

  it('set connects the wallet first; one that needs recovery fails with the given text', async () => {
    const first = setup('set', 'idle');
    mountCloudFrame(first.p);
    await vi.waitFor(() => expect(first.manager.mountCloud).toHaveBeenCalled());
    expect(first.manager.connect).toHaveBeenCalledTimes(1);
    expect(first.manager.ensureMfa).toHaveBeenCalledWith({ onDevice: true });

    const second = setup('set', 'idle', 'needs-recovery');
    mountCloudFrame(second.p);
    await vi.waitFor(() => expect(second.p.onError).toHaveBeenCalled());
    expect((second.p.onError.mock.calls[0]![0] as Error).message).toBe('Unable to recover wallet');
    expect(second.manager.mountCloud).not.toHaveBeenCalled();
  });

  it('create needs no wallet nor MFA; a redirect is reported as such; unmount destroys and silences', async () => {
    const { p, manager, frame, answer } = setup('create', 'idle');
    const unmount = mountCloudFrame(p);
    await vi.waitFor(() => expect(manager.mountCloud).toHaveBeenCalled());
    expect(manager.connect).not.toHaveBeenCalled();
    expect(manager.ensureMfa).not.toHaveBeenCalled();
    answer({ status: 'redirect', url: 'https://accounts.example/' });
    await vi.waitFor(() => expect(p.onRedirect).toHaveBeenCalledWith('https://accounts.example/'));
    expect(p.onResult).not.toHaveBeenCalled();

    const other = setup('create', 'idle');
    const stop = mountCloudFrame(other.p);
    await vi.waitFor(() => expect(other.manager.mountCloud).toHaveBeenCalled());
    stop();
    expect(other.frame.destroy).toHaveBeenCalled();
    other.fail(new Error('destroyed'));
    await new Promise((r) => setTimeout(r, 0));
    expect(other.p.onError).not.toHaveBeenCalled();
    unmount();
    expect(frame.destroy).toHaveBeenCalled();
  });
});
