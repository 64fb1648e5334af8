import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailBreakParts } from './EmailText.tsx';

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
