import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/renderScreen.tsx';
import { ModalHeader } from './ModalHeader.tsx';

describe('ModalHeader', () => {
  it('shows the app logo with its alt text above the title', () => {
    renderScreen(
      <ModalHeader title="Log in" logo="https://acme.test/logo.png" logoAlt="Acme logo" />,
    );
    const logo = screen.getByRole('img', { name: 'Acme logo' });
    expect(logo.getAttribute('src')).toBe('https://acme.test/logo.png');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('without a logo shows the icon instead, and no image', () => {
    renderScreen(<ModalHeader title="Log in" logo={null} icon={<svg aria-hidden="true" />} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('.lk-header__icon svg')).toBeTruthy();
  });
});
