import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHost } from '../test/Host.tsx';
import { dialog, findDialog, shadowRoot } from '../test/modal.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openModal(options: Parameters<typeof renderHost>[0] = {}) {
  const view = renderHost(options);
  await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
  const opener = screen.getByText('Log in');
  opener.focus();
  fireEvent.click(opener);
  const found = await findDialog();
  await waitFor(() => expect(found.el.querySelector('input[type="email"]')).not.toBeNull());
  return { ...view, ...found, opener };
}

describe('LoginModal', () => {
  it('login() opens a labelled modal dialog inside a shadow root', async () => {
    const { el } = await openModal();
    expect(el.getAttribute('role')).toBe('dialog');
    expect(el.getAttribute('aria-modal')).toBe('true');
    const labelId = el.getAttribute('aria-labelledby');
    expect(labelId).toBeTruthy();
    expect(shadowRoot()!.getElementById(labelId!)?.textContent).toBe('Log in or sign up');
    // Nothing of the modal is in the light DOM: it lives in the shadow root.
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('styles come from adopted constructable stylesheets, not <style> tags', async () => {
    await openModal({ config: { appearance: { accentColor: '#ff0055' } } });
    const root = shadowRoot()!;
    expect(root.adoptedStyleSheets.length).toBeGreaterThan(0);
    expect(root.querySelector('style')).toBeNull();
    expect(document.querySelector('style')).toBeNull();
    const css = root.adoptedStyleSheets
      .flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText))
      .join('\n');
    expect(css).toContain('--lk-accent: #ff0055');
  });

  it('puts initial focus on the email input', async () => {
    const { el } = await openModal();
    await waitFor(() => expect(shadowRoot()!.activeElement).toBe(el.querySelector('input')));
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const { el } = await openModal();
    const focusables = Array.from(
      el.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input'),
    );
    const first = focusables[0]!;
    const last = focusables[focusables.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(shadowRoot()!.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(shadowRoot()!.activeElement).toBe(last);
  });

  it('Escape closes it, returns focus to the opener and resets after 150 ms', async () => {
    const { el, opener } = await openModal();
    fireEvent.keyDown(el.querySelector('input')!, { key: 'Escape' });
    expect(el.closest('.lk-overlay')?.getAttribute('data-state')).toBe('closing');
    expect(document.activeElement).toBe(opener);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('the close button closes it', async () => {
    const { q } = await openModal();
    fireEvent.click(q.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('has no close button and ignores Escape when closeable is false', async () => {
    const { el, q } = await openModal({ config: { render: { closeable: false } } });
    expect(q.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(el, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 200));
    expect(dialog()).not.toBeNull();
  });

  it('shows the logo, landingHeader and the loginMessage cut to 100 characters', async () => {
    const long = 'x'.repeat(150);
    const { el } = await openModal({
      config: {
        appearance: {
          landingHeader: 'Welcome to Acme',
          loginMessage: long,
          logo: 'https://acme.test/logo.png',
        },
      },
    });
    expect(el.querySelector('.lk-header__title')?.textContent).toBe('Welcome to Acme');
    expect(el.querySelector('.lk-header__message')?.textContent).toBe('x'.repeat(100));
    expect(el.querySelector('img.lk-header__logo')?.getAttribute('src')).toBe(
      'https://acme.test/logo.png',
    );
  });

  it('uses overridden strings from config.messages', async () => {
    const { el, q } = await openModal({
      config: {
        messages: { landingHeader: 'Entrar', emailPlaceholder: 'tu@correo.com', close: 'Cerrar' },
      },
    });
    expect(el.querySelector('.lk-header__title')?.textContent).toBe('Entrar');
    expect(el.querySelector('input')?.getAttribute('placeholder')).toBe('tu@correo.com');
    expect(q.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });
});
