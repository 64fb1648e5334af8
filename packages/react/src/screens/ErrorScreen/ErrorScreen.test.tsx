import { LatchkeyError } from '@latchkey/core';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import ErrorScreen from './ErrorScreen.tsx';

describe('ERROR_SCREEN', () => {
  it('shows title, detail and a CTA that returns to the remembered screen', () => {
    const { container, value } = renderScreen(<ErrorScreen />, {
      screen: 'ERROR_SCREEN',
      params: {
        error: new LatchkeyError('Linked', { code: 'linked_to_another_user' }),
        returnTo: 'AWAITING_PASSWORDLESS_CODE',
      },
    });
    expect(container.querySelector('.lk-header__title')?.textContent).toBe('Authentication failed');
    expect(container.querySelector('.lk-header__message')?.textContent).toBe(
      'This account has already been linked to another user.',
    );
    fireEvent.click(container.querySelector('button')!);
    expect(value.navigate).toHaveBeenCalledWith('AWAITING_PASSWORDLESS_CODE');
  });

  it('renders a CTA with an href (allowlist link) as a link', () => {
    const config = resolveConfig('latchkeytest0000000000000', undefined, {
      name: 'Acme',
      allowlist_config: {
        error_title: 'Invite only',
        error_detail: 'Ask for an invite.',
        cta_text: 'Join the waitlist',
        cta_link: 'https://acme.test/waitlist',
      },
    });
    const { container } = renderScreen(<ErrorScreen />, {
      config,
      messages: config.messages,
      params: { error: new LatchkeyError('No', { code: 'allowlist_rejected' }) },
    });
    expect(container.querySelector('.lk-header__title')?.textContent).toBe('Invite only');
    const link = container.querySelector('a.lk-button')!;
    expect(link.textContent).toBe('Join the waitlist');
    expect(link.getAttribute('href')).toBe('https://acme.test/waitlist');
  });
});
