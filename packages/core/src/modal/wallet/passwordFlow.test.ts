import { describe, expect, it, vi } from 'vitest';
import {
  mountPasswordFrame,
  type MountPasswordFrameParameters,
  passwordFlowClosesItself,
  passwordFlowDone,
  passwordFlowFailed,
} from './passwordFlow.ts';

const RESULT = { address: '0x1', recoveryMethod: 'user-passcode', deviceStorage: 'local' };

function setup(status: string, connectStatus = 'connected') {
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
    /** Issue 15: the MFA check before the page (the user's verification, if enrolled). */
    ensureMfa: vi.fn(async () => {}),
    mountPassword: vi.fn(() => frame),
  };
  const p = {
    wallet: { manager: async () => manager },
    host: {} as HTMLElement,
    action: 'set',
    theme: { colorScheme: 'light' },
    appName: 'Acme',
    frameTitle: 'Password',
    unableToRecoverMessage: 'Unable to recover',
    onReady: vi.fn(),
    onResult: vi.fn(),
    onError: vi.fn(),
  } as unknown as MountPasswordFrameParameters & {
    onReady: ReturnType<typeof vi.fn>;
    onResult: ReturnType<typeof vi.fn>;
    onError: ReturnType<typeof vi.fn>;
  };
  return { p, manager, frame, answer: (v: unknown) => answer(v), fail: (e: unknown) => fail(e) };
}

describe('mountPasswordFrame (issue 24 item 4: the password page in a frame)', () => {
  it('mounts the page with the theme and app name, titles the frame, reports ready and the answer', async () => {
    const { p, manager, frame, answer } = setup('connected');
    mountPasswordFrame(p);
    await vi.waitFor(() => expect(manager.mountPassword).toHaveBeenCalled());
    expect(manager.mountPassword).toHaveBeenCalledWith(p.host, {
      action: 'set',
      theme: { colorScheme: 'light' },
      appName: 'Acme',
    });
    expect(manager.connect).not.toHaveBeenCalled();
    // Issue 15: an MFA user verifies before the page fetches the shares (here: on this device).
    expect(manager.ensureMfa).toHaveBeenCalledWith({ onDevice: true });
    expect(frame.iframe.title).toBe('Password');
    await vi.waitFor(() => expect(p.onReady).toHaveBeenCalled());
    answer(RESULT);
    await vi.waitFor(() => expect(p.onResult).toHaveBeenCalledWith(RESULT));
  });

  it('set / change on a wallet not on this device: connects first, else fails with the message', async () => {
    const { p, manager } = setup('idle', 'needs-recovery');
    mountPasswordFrame(p);
    await vi.waitFor(() => expect(p.onError).toHaveBeenCalled());
    expect(manager.connect).toHaveBeenCalled();
    expect((p.onError.mock.calls[0]![0] as Error).message).toBe('Unable to recover');
    expect(manager.mountPassword).not.toHaveBeenCalled();
  });

  it('recovery verifies MFA without a device share; a cancelled verification mounts no page', async () => {
    const { p, manager } = setup('idle');
    const canceled = new Error('MFA canceled');
    manager.ensureMfa.mockRejectedValueOnce(canceled);
    mountPasswordFrame({ ...p, action: 'recover' });
    await vi.waitFor(() => expect(p.onError).toHaveBeenCalledWith(canceled));
    expect(manager.ensureMfa).toHaveBeenCalledWith({ onDevice: false });
    expect(manager.mountPassword).not.toHaveBeenCalled();
  });

  it("the page's error is reported; after unmount nothing is and the frame is destroyed", async () => {
    const first = setup('connected');
    mountPasswordFrame(first.p);
    await vi.waitFor(() => expect(first.manager.mountPassword).toHaveBeenCalled());
    first.fail(new Error('locked'));
    await vi.waitFor(() => expect(first.p.onError).toHaveBeenCalled());

    const second = setup('connected');
    const unmount = mountPasswordFrame(second.p);
    await vi.waitFor(() => expect(second.manager.mountPassword).toHaveBeenCalled());
    unmount();
    expect(second.frame.destroy).toHaveBeenCalled();
    second.answer(RESULT);
    await Promise.resolve();
    expect(second.p.onResult).not.toHaveBeenCalled();
  });
});

describe('password flow steps', () => {
  it("'done' closes itself only when the app started the flow; 'failed' keeps the message", () => {
    expect(passwordFlowClosesItself(passwordFlowDone(), true)).toBe(true);
    expect(passwordFlowClosesItself(passwordFlowDone(), false)).toBe(false);
    expect(passwordFlowClosesItself({ step: 'frame' }, true)).toBe(false);
    expect(passwordFlowFailed(new Error('boom'))).toEqual({ step: 'failed', failure: 'boom' });
    expect(passwordFlowFailed('text')).toEqual({ step: 'failed', failure: 'text' });
  });
});
