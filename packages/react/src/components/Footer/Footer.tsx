import { SCREEN, type ScreenName } from '@latchkey/core';
import { type ReactNode, useContext } from 'react';
import type { ResolvedConfig } from '../../config/resolveConfig.ts';
import { formatNodes } from '../../formatNodes.tsx';
import { LATCHKEY_PROJECT_URL, type Messages } from '../../messages.ts';
import { ModalContext } from '../../Modal/ModalContext.ts';
import type { ScreenParams } from '../../Modal/types.ts';
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

const CONNECT_ONLY_SCREENS: readonly ScreenName[] = [
  SCREEN.CONNECT_ONLY_LANDING_SCREEN,
  SCREEN.AWAITING_CONNECT_ONLY_CONNECTION,
  SCREEN.CONNECT_ONLY_AUTHENTICATED_SCREEN,
];

/**
 * The screen belongs to connect-only mode (spec sections 2 and 6: connect a wallet without
 * logging in): one of its screens, or a screen reached from its wallet list (`params.returnTo`
 * CONNECT_ONLY_LANDING_SCREEN: a failed or missing wallet, Phantom, in-app browser).
 */
export function isConnectOnlyScreen(screen: ScreenName, params: ScreenParams): boolean {
  return (
    CONNECT_ONLY_SCREENS.includes(screen) || params.returnTo === SCREEN.CONNECT_ONLY_LANDING_SCREEN
  );
}

/**
 * The modal footer (spec section 2, "Footer"): 'By logging in I agree to the Terms & Privacy
 * Policy' when terms acceptance is NOT required (when it is, a consent screen asks instead),
 * with links to the configured URLs; then 'Protected by Latchkey'. Inside the modal it reads
 * the current screen: connect-only mode logs nobody in, so it has no terms sentence
 * (issue 14 item 13).
 */
export function Footer({ legal, messages, hideTerms = false }: FooterProps) {
  useStyleSheet(footerCss);
  const modal = useContext(ModalContext);
  const connectOnly = modal !== null && isConnectOnlyScreen(modal.screen, modal.params);
  const showTerms = !legal.requireUsersAcceptTerms && !hideTerms && !connectOnly;
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
