import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPasswordFlow } from './passwordFlow.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createPasswordFlow (spec section 4, "Password flow")', () => {
  it('blocks Continue for empty or invalid passwords, with the spec texts', () => {
    const flow = createPasswordFlow({ submit: async () => {}, automatic: false });
    expect(flow.canContinue()).toBe(false);
    flow.setPassword('abc');
    expect(flow.getState().error).toBe('Password must be at least 6 characters');
    expect(flow.canContinue()).toBe(false);
    flow.setPassword('abcdef ~');
    expect(flow.getState().error).toBe('Invalid characters used (   ~ )');
    flow.setPassword('abcdef');
    expect(flow.getState().error).toBeNull();
    expect(flow.canContinue()).toBe(true);
  });

  it('walks creating -> saving -> confirming -> finalizing, Back reverses, submit on leaving finalizing', async () => {
    const submit = vi.fn(async () => {});
    const flow = createPasswordFlow({ submit, automatic: false });
    flow.setPassword('Secret-123');
    await flow.next();
    expect(flow.getState().step).toBe('saving');
    expect(flow.back()).toBe(true);
    expect(flow.getState().step).toBe('creating');
    expect(flow.getState().password).toBe('Secret-123');
    await flow.next();
    await flow.next();
    expect(flow.getState().step).toBe('confirming');
    flow.setConfirmation('Secret-12');
    expect(flow.getState().error).toBe('Passwords do not match');
    await flow.next();
    expect(flow.getState().step).toBe('confirming');
    flow.setConfirmation('Secret-123');
    await flow.next();
    expect(flow.getState().step).toBe('finalizing');
    await flow.next(); // not acknowledged
    expect(submit).not.toHaveBeenCalled();
    flow.setAcknowledged(true);
    await flow.next();
    expect(submit).toHaveBeenCalledWith('Secret-123');
    expect(flow.getState().step).toBe('done');
  });

  it('auto-closes 1400 ms after done only when started automatically', async () => {
    vi.useFakeTimers();
    for (const automatic of [true, false]) {
      const onAutoClose = vi.fn();
      const flow = createPasswordFlow({ submit: async () => {}, automatic, onAutoClose });
      flow.setPassword('Secret-123');
      await flow.next();
      await flow.next();
      flow.setConfirmation('Secret-123');
      await flow.next();
      flow.setAcknowledged(true);
      await flow.next();
      vi.advanceTimersByTime(1399);
      expect(onAutoClose).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onAutoClose).toHaveBeenCalledTimes(automatic ? 1 : 0);
    }
  });

  it("a failed submit ends in 'failed' with the error's message", async () => {
    const flow = createPasswordFlow({
      submit: async () => {
        throw new Error('frame unavailable');
      },
      automatic: false,
    });
    flow.setPassword('Secret-123');
    await flow.next();
    await flow.next();
    flow.setConfirmation('Secret-123');
    await flow.next();
    flow.setAcknowledged(true);
    await flow.next();
    expect(flow.getState()).toMatchObject({ step: 'failed', failure: 'frame unavailable' });
  });
});
