import { describe, expect, it, vi } from 'vitest';
import { createFakeCaptcha } from '../test/fakeCaptcha.ts';
import { gateWithCaptcha } from './captchaGate.ts';

const base = { authenticated: false, returnTo: 'LANDING' as const };

describe('gateWithCaptcha (spec section 4, "Captcha" gate)', () => {
  it('runs at once without a token when the app has no captcha', () => {
    const run = vi.fn();
    const navigate = vi.fn();
    gateWithCaptcha({ ...base, captcha: null, navigate }, run);
    expect(run).toHaveBeenCalledWith();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('runs at once, synchronously, with a ready token, and consumes it', () => {
    const { captcha, pass } = createFakeCaptcha();
    pass('tok-1');
    const run = vi.fn();
    const navigate = vi.fn();
    gateWithCaptcha({ ...base, captcha, navigate }, run, { gesture: true });
    expect(run).toHaveBeenCalledWith('tok-1');
    expect(navigate).not.toHaveBeenCalled();
    expect(captcha.waitForToken).toHaveBeenCalledTimes(1);
    expect(captcha.getState().token).toBeNull();
  });

  it('defers to CAPTCHA_SCREEN when no token is ready, remembering the screen', () => {
    const { captcha } = createFakeCaptcha({ status: 'loading' });
    const run = vi.fn();
    const navigate = vi.fn();
    gateWithCaptcha({ ...base, captcha, navigate, returnTo: 'AWAITING_CONNECTION' }, run, {
      gesture: true,
    });
    expect(run).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('CAPTCHA_SCREEN', {
      captcha: { run, gesture: true },
      returnTo: 'AWAITING_CONNECTION',
    });
  });

  it('defers to CAPTCHA_SCREEN while the captcha module still loads (no token-less run)', () => {
    const run = vi.fn();
    const navigate = vi.fn();
    gateWithCaptcha({ ...base, captcha: null, enabled: true, navigate }, run);
    expect(run).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('CAPTCHA_SCREEN', {
      captcha: { run, gesture: false },
      returnTo: 'LANDING',
    });
    // A logged-in user (linking) is never asked, loaded or not.
    gateWithCaptcha({ ...base, authenticated: true, captcha: null, enabled: true, navigate }, run);
    expect(run).toHaveBeenCalledWith();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('never asks a logged-in user (linking) or a disabled captcha', () => {
    const { captcha } = createFakeCaptcha({ status: 'loading' });
    const run = vi.fn();
    const navigate = vi.fn();
    gateWithCaptcha({ ...base, authenticated: true, captcha, navigate }, run);
    const off = createFakeCaptcha({ enabled: false, status: 'disabled' });
    gateWithCaptcha({ ...base, captcha: off.captcha, navigate }, run);
    expect(run).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });
});
