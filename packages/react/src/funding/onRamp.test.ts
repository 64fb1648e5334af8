import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OnRampResult, pollOnRampStatus, signOnRamp } from './onRamp.ts';

const ID = 'extid_0123456789abcdef';

/** A request primitive answering each status poll from `answers` in turn (last one repeats). */
function scripted(answers: (string | { status: number })[]) {
  let i = 0;
  const request = vi.fn(async (_p: { method: string; path: string }) => {
    const answer = answers[Math.min(i++, answers.length - 1)]!;
    if (typeof answer === 'string') return { externalTransactionId: ID, status: answer };
    throw Object.assign(new Error(`HTTP ${answer.status}`), { status: answer.status });
  });
  return request;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollOnRampStatus', () => {
  it('asks at once, then every 3 s, reports changes only, and stops at a final state', async () => {
    const request = scripted(['pending', 'pending', 'waitingAuthorization', 'completed']);
    const results: OnRampResult[] = [];
    pollOnRampStatus({
      request: request as never,
      externalTransactionId: ID,
      onResult: (r) => results.push(r),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toMatchObject({
      method: 'GET',
      path: `/api/v1/plugins/moonpay_on_ramp/transactions/${ID}`,
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(results).toEqual(['pending', 'waitingAuthorization', 'completed']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(request).toHaveBeenCalledTimes(4);
  });

  it('404s are neither results nor failures; 3 other failures in a row give serviceFailure', async () => {
    const request = scripted([
      { status: 404 },
      { status: 404 },
      { status: 404 },
      { status: 404 },
      { status: 502 },
      { status: 502 },
      'pending',
      { status: 500 },
      { status: 502 },
      { status: 503 },
      'completed',
    ]);
    const results: OnRampResult[] = [];
    pollOnRampStatus({
      request: request as never,
      externalTransactionId: ID,
      onResult: (r) => results.push(r),
    });
    // Four 404s, two failures, one answer (resets the count): still polling, only 'pending'.
    await vi.advanceTimersByTimeAsync(6 * 3_000);
    expect(request).toHaveBeenCalledTimes(7);
    expect(results).toEqual(['pending']);
    // Three failures in a row: serviceFailure, and no more polls (the 'completed' is never asked).
    await vi.advanceTimersByTimeAsync(3 * 3_000);
    expect(results).toEqual(['pending', 'serviceFailure']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(request).toHaveBeenCalledTimes(10);
  });

  it('stop() ends polling, and an answer in flight is dropped', async () => {
    let answer: (v: unknown) => void = () => {};
    const request = vi.fn(() => new Promise((r) => (answer = r)));
    const onResult = vi.fn();
    const stop = pollOnRampStatus({
      request: request as never,
      externalTransactionId: ID,
      onResult,
    });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    answer({ status: 'completed' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onResult).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledTimes(1);
  });
});

describe('signOnRamp', () => {
  it('posts the address, the sandbox flag and the config (empty by default), unretried', async () => {
    const request = vi.fn(async () => ({
      signedUrl: 'https://buy-sandbox.moonpay.com/?x',
      externalTransactionId: ID,
    }));
    await signOnRamp(request as never, { address: '0xabc', useSandbox: true });
    expect(request).toHaveBeenCalledWith({
      method: 'POST',
      path: '/api/v1/plugins/moonpay_on_ramp/sign',
      body: { address: '0xabc', useSandbox: true, config: {} },
    });
  });
});
