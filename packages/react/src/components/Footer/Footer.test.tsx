import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LATCHKEY_PROJECT_URL, resolveAllMessages } from '../../messages.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { Footer } from './Footer.tsx';

afterEach(() => {
  cleanup();
});

const messages = resolveAllMessages();
const legal = {
  requireUsersAcceptTerms: false,
  termsAndConditionsUrl: 'https://acme.test/terms',
  privacyPolicyUrl: 'https://acme.test/privacy',
};

describe('Footer', () => {
  it("says 'By logging in I agree to the Terms & Privacy Policy' with links to the configured URLs", () => {
    const { container } = render(<Footer legal={legal} messages={messages} />);
    const terms = container.querySelector('.lk-footer__terms')!;
    expect(terms.textContent).toBe('By logging in I agree to the Terms & Privacy Policy');
    const links = Array.from(terms.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Terms', 'https://acme.test/terms'],
      ['Privacy Policy', 'https://acme.test/privacy'],
    ]);
    for (const a of links) expect(a.getAttribute('rel')).toContain('noopener');
  });

  it('shows no terms line when terms acceptance is required', () => {
    const { container } = render(
      <Footer legal={{ ...legal, requireUsersAcceptTerms: true }} messages={messages} />,
    );
    expect(container.querySelector('.lk-footer__terms')).toBeNull();
    expect(container.textContent).not.toContain('By logging in');
  });

  it('keeps the sentence without links when no URLs are configured', () => {
    const { container } = render(
      <Footer
        legal={{
          requireUsersAcceptTerms: false,
          termsAndConditionsUrl: null,
          privacyPolicyUrl: null,
        }}
        messages={messages}
      />,
    );
    expect(container.querySelector('.lk-footer__terms')!.textContent).toBe(
      'By logging in I agree to the Terms & Privacy Policy',
    );
    expect(container.querySelectorAll('.lk-footer__terms a')).toHaveLength(0);
  });

  it("links 'Protected by Latchkey' to the Latchkey project", () => {
    const { container } = render(<Footer legal={legal} messages={messages} />);
    const protectedBy = container.querySelector('.lk-footer__protected')!;
    expect(protectedBy.textContent).toBe('Protected by Latchkey');
    expect(protectedBy.querySelector('a')!.getAttribute('href')).toBe(LATCHKEY_PROJECT_URL);
  });

  it('uses overridden strings', () => {
    const { container } = render(
      <Footer
        legal={legal}
        messages={resolveAllMessages({
          footerTermsTemplate: 'Al entrar acepto los {terms} y la {privacy}',
          termsLink: 'Términos',
          privacyLink: 'Política de privacidad',
        })}
      />,
    );
    expect(container.querySelector('.lk-footer__terms')!.textContent).toBe(
      'Al entrar acepto los Términos y la Política de privacidad',
    );
  });

  it('has no terms sentence on connect-only screens, nor on a screen reached from their list', () => {
    const cases = [
      { screen: 'CONNECT_ONLY_LANDING_SCREEN', params: {}, terms: false },
      { screen: 'AWAITING_CONNECT_ONLY_CONNECTION', params: {}, terms: false },
      { screen: 'CONNECT_ONLY_AUTHENTICATED_SCREEN', params: {}, terms: false },
      {
        screen: 'LOGIN_FAILED_SCREEN',
        params: { returnTo: 'CONNECT_ONLY_LANDING_SCREEN' },
        terms: false,
      },
      { screen: 'LOGIN_FAILED_SCREEN', params: { returnTo: 'LANDING' }, terms: true },
      { screen: 'LANDING', params: {}, terms: true },
    ] as const;
    for (const { screen, params, terms } of cases) {
      const { container, unmount } = renderScreen(<Footer legal={legal} messages={messages} />, {
        screen,
        params,
      });
      expect(container.querySelector('.lk-footer__terms') !== null, screen).toBe(terms);
      unmount();
    }
  });
});
