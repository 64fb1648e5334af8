import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { renderHost } from './Host.tsx';
import { findDialog } from './modal.ts';

/** Renders the host, clicks 'Log in' and waits for the landing's email input. */
export async function openModal(options: Parameters<typeof renderHost>[0] = {}) {
  const view = renderHost(options);
  await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
  const opener = screen.getByText('Log in');
  opener.focus();
  fireEvent.click(opener);
  const found = await findDialog();
  await waitFor(() => expect(found.el.querySelector('input[type="email"]')).not.toBeNull());
  const email = found.el.querySelector<HTMLInputElement>('input[type="email"]')!;
  return { ...view, ...found, opener, email };
}
