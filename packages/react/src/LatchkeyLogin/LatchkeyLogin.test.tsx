import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHost } from '../test/Host.tsx';
import { LatchkeyLogin } from './LatchkeyLogin.tsx';

describe('LatchkeyLogin (render.standalone)', () => {
  it('renders the card inline: no overlay, no close button, not portalled to <body>', async () => {
    const { container } = renderHost({
      config: { render: { standalone: true } },
      children: <LatchkeyLogin />,
    });
    await waitFor(() =>
      expect(
        container.querySelector('.lk-host')?.shadowRoot?.querySelector('[role="dialog"]'),
      ).toBeTruthy(),
    );
    const root = container.querySelector('.lk-host')!.shadowRoot!;
    expect(root.querySelector('.lk-overlay')).toBeNull();
    await waitFor(() => expect(root.querySelector('input[type="email"]')).not.toBeNull());
    expect(root.querySelector('.lk-close')).toBeNull();
    expect(root.querySelector('[aria-label="Close"]')).toBeNull();
    expect(root.querySelector('[role="dialog"]')?.hasAttribute('aria-modal')).toBe(false);
  });

  it('login() opens no modal in standalone mode', async () => {
    renderHost({ config: { render: { standalone: true } } });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    screen.getByText('Log in').click();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.lk-host')).toBeNull();
  });
});
