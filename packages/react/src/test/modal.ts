import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The modal's shadow root (the modal renders into `<div class="lk-host">`'s open shadow root). */
export function shadowRoot(): ShadowRoot | null {
  return document.querySelector('.lk-host')?.shadowRoot ?? null;
}

/** The dialog element inside the shadow root, or null. */
export function dialog(): HTMLElement | null {
  return shadowRoot()?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
}

/** Waits for the lazily loaded dialog and returns testing-library queries bound to it. */
export async function findDialog() {
  await waitFor(() => expect(dialog()).not.toBeNull());
  return { el: dialog()!, q: within(dialog()!) };
}

/** Waits for the dialog to show the screen named `screen`, loaded and rendered. */
export async function waitForScreen(screen: string) {
  await waitFor(() =>
    expect(dialog()?.querySelector(`.lk-screen[data-screen="${screen}"]`)).not.toBeNull(),
  );
  return findDialog();
}
