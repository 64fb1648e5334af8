import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Address, EmailText, emailBreakParts, middleEllipsis } from './DisplayText.tsx';

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

describe('emailBreakParts', () => {
  it('breaks after the @ and before each dot, never inside a word', () => {
    expect(emailBreakParts('averylongname.surname@mail.example.com')).toEqual([
      'averylongname',
      '.surname@',
      'mail',
      '.example',
      '.com',
    ]);
    expect(emailBreakParts('averylongname.surname@mail.example.com').join('')).toBe(
      'averylongname.surname@mail.example.com',
    );
  });

  it('returns anything that is not an email whole', () => {
    expect(emailBreakParts('+1 415 555 2671')).toEqual(['+1 415 555 2671']);
    expect(emailBreakParts('@handle')).toEqual(['@handle']);
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

describe('<EmailText>', () => {
  it('offers line breaks only after the @ and before dots, and reads as the whole email', () => {
    const email = 'averylongfirstname.lastname@subdomain.example-company.com';
    const { container } = render(<EmailText value={email} />);
    const root = container.querySelector('.lk-email') as HTMLElement;
    expect(root.textContent).toBe(email);
    expect(root.title).toBe(email);
    expect(root.querySelectorAll('wbr')).toHaveLength(4);
    const before = [...root.querySelectorAll('wbr')].map((w) => w.previousSibling?.textContent);
    expect(before).toEqual(['averylongfirstname', '.lastname@', 'subdomain', '.example-company']);
  });
});
