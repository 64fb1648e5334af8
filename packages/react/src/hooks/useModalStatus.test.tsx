import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openModal } from '../test/openModal.ts';
import { useModalStatus } from './useModalStatus.ts';
import { LatchkeyProviderMissingError } from './useInternalLatchkey.ts';

/** Shows `isOpen` and counts renders. */
function Status({ renders }: { renders: string[] }) {
  const { isOpen } = useModalStatus();
  renders.push(String(isOpen));
  return <span data-testid="modal-open">{String(isOpen)}</span>;
}

describe('useModalStatus (issue 12)', () => {
  it('is false, true while the modal is open, false again once it is closed', async () => {
    const renders: string[] = [];
    const { q } = await openModal({ children: <Status renders={renders} /> });
    expect(renders[0]).toBe('false');
    expect(screen.getByTestId('modal-open').textContent).toBe('true');
    fireEvent.click(q.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('modal-open').textContent).toBe('false'));
    // Re-rendered on each change, in order.
    expect(renders.filter((r, i) => r !== renders[i - 1])).toEqual(['false', 'true', 'false']);
  });

  it('throws LatchkeyProviderMissingError outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useModalStatus())).toThrow(LatchkeyProviderMissingError);
    vi.restoreAllMocks();
  });
});
