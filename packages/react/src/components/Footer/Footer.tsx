import type { ReactNode } from 'react';
import type { ResolvedConfig } from '../../config/resolveConfig.ts';
import { formatNodes } from '../../formatNodes.tsx';
import { LATCHKEY_PROJECT_URL, type Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { ShieldIcon } from '../Icons/Icons.tsx';
import { footerCss } from './Footer.css.ts';

/** Props of {@link Footer}. */
export interface FooterProps {
  legal: ResolvedConfig['legal'];
  messages: Messages;
  /** Hides the terms sentence (wallet screens: the user is already logged in). */
  hideTerms?: boolean;
}

/**
 * The modal footer (spec section 2, "Footer"): 'By logging in I agree to the Terms & Privacy
 * Policy' when terms acceptance is NOT required (when it is, a consent screen asks instead),
 * with links to the configured URLs; then 'Protected by Latchkey'.
 */
export function Footer({ legal, messages, hideTerms = false }: FooterProps) {
  useStyleSheet(footerCss);
  const showTerms = !legal.requireUsersAcceptTerms && !hideTerms;
  return (
    <footer className="lk-footer">
      {showTerms && (
        <p className="lk-footer__terms">
          {formatNodes(messages.footerTermsTemplate, {
            terms: link(legal.termsAndConditionsUrl, messages.termsLink),
            privacy: link(legal.privacyPolicyUrl, messages.privacyLink),
          })}
        </p>
      )}
      <p className="lk-footer__protected">
        <ShieldIcon />
        {messages.protectedBy}{' '}
        <a href={LATCHKEY_PROJECT_URL} target="_blank" rel="noopener noreferrer">
          {messages.protectedByName}
        </a>
      </p>
    </footer>
  );
}

function link(href: string | null, text: string): ReactNode {
  if (!href) return text;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
