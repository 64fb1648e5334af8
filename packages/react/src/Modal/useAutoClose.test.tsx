import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoClose } from './useAutoClose.ts';

function Screen({ ms, onDone }: { ms: number; onDone: () => void }) {
  const ref = useAutoClose(ms, onDone);
  return (
    <div data-testid="screen" ref={ref}>
      done soon
    </div>
  );
}

describe('useAutoClose', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('calls onDone once after ms', () => {
    const onDone = vi.fn();
    render(<Screen ms={2500} onDone={onDone} />);
    act(() => vi.advanceTimersByTime(2499));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does not count the time from a pointer move on the screen (an enter alone does not hold it) until it leaves', () => {
    const onDone = vi.fn();
    const { getByTestId } = render(<Screen ms={2500} onDone={onDone} />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerEnter(getByTestId('screen'));
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerMove(getByTestId('screen'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.pointerLeave(getByTestId('screen'));
    act(() => vi.advanceTimersByTime(1399));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('calls the latest onDone without restarting, and nothing after unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = render(<Screen ms={2500} onDone={first} />);
    act(() => vi.advanceTimersByTime(2000));
    rerender(<Screen ms={2500} onDone={second} />);
    act(() => vi.advanceTimersByTime(500));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);

    const third = vi.fn();
    const again = render(<Screen ms={2500} onDone={third} />);
    again.unmount();
    unmount();
    act(() => vi.advanceTimersByTime(10_000));
    expect(third).not.toHaveBeenCalled();
  });

  it("keeps the pointer's hold through Strict Mode's second mount", () => {
    const onDone = vi.fn();
    const { getByTestId } = render(
      <StrictMode>
        <Screen ms={2500} onDone={onDone} />
      </StrictMode>,
    );
    fireEvent.pointerMove(getByTestId('screen'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.pointerLeave(getByTestId('screen'));
    act(() => vi.advanceTimersByTime(2500));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
