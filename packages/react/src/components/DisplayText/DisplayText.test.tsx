import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Address, middleEllipsis } from './DisplayText.tsx';

const ADDRESS = '0x9302daB5be464c4F164555baa278e138933Cd47d';

describe('middleEllipsis', () => {
  it('keeps the start and the end of an address around an ellipsis', () => {
    expect(middleEllipsis(ADDRESS)).toBe('0x9302…d47d');
    expect(middleEllipsis(ADDRESS, 10, 8)).toBe('0x9302daB5…933Cd47d');
  });

  it('leaves values that shortening would not make shorter', () => {
    expect(middleEllipsis('0x1234567890abc')).toBe('0x1234…0abc');
    expect(middleEllipsis('0x1234567890a')).toBe('0x1234567890a');
    expect(middleEllipsis('')).toBe('');
  });
});

describe('<Address>', () => {
  it('shows the short form and keeps the full address as title and accessible text', () => {
    const { container } = render(<Address value={ADDRESS} />);
    const root = container.querySelector('.lk-address') as HTMLElement;
    expect(root.title).toBe(ADDRESS);
    expect(root.querySelector('[aria-hidden="true"]')?.textContent).toBe('0x9302…d47d');
    // The full value is the only text a screen reader gets.
    expect(screen.getByText(ADDRESS).className).toBe('lk-display-full');
  });

  it('renders a short value as it is, without a title', () => {
    const { container } = render(<Address value="0x1234" />);
    expect(container.textContent).toBe('0x1234');
    expect((container.firstChild as HTMLElement).title).toBe('');
  });
});
