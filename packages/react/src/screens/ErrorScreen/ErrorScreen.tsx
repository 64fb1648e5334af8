import { errorScreenFor, SCREEN } from '@latchkey/core';
import { buttonCss } from '../../components/Button/Button.css.ts';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { errorScreenCss } from './ErrorScreen.css.ts';

/**
 * ERROR_SCREEN (and the allowlist, user-limit and account-not-found screens): title, detail
 * and a call to action from core's `errorScreenFor` (spec section 8). The button returns to
 * the screen remembered in `params.returnTo` (default LANDING); a CTA with an `href`
 * (allowlist `errorCtaLink`) is a link opened in a new tab. For `invalid_captcha` (and the
 * captcha errors) the button also resets the modal's captcha (spec section 8).
 *
 * ALLOWLIST_REJECTION_SCREEN: 'You don't have access to this app' / 'Have you been invited?' /
 * 'Try another account' (back to LANDING), or the app's `allowlist_config` texts, whose
 * `cta_link` makes the button a link. USER_LIMIT_REACHED_SCREEN: 'Unable to sign in' /
 * 'This application has reached its user limit and cannot sign in new users.'.
 * ACCOUNT_NOT_FOUND_SCREEN: 'Account not found' / 'Please try logging in again or go to {app}
 * to create an account.'.
 */
export default function ErrorScreen() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { params, config, navigate, captcha } = useModal();
  const screen = errorScreenFor(params.error, {
    appName: config.appName || config.messages.appNameFallback,
    allowlistConfig: config.allowlistConfig,
    messages: config.messages,
  });
  const returnTo = params.returnTo ?? SCREEN.LANDING;
  return (
    <div className="lk-error" data-error-code={screen.code}>
      <ModalHeader
        title={screen.title}
        message={screen.detail}
        icon={<AlertIcon />}
        iconTone="danger"
      />
      {screen.cta.href ? (
        <a
          className="lk-button lk-button--primary"
          href={screen.cta.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {screen.cta.text}
        </a>
      ) : (
        <Button
          variant="primary"
          onClick={() => {
            // invalid_captcha and the captcha errors: a fresh captcha for the next try.
            if (screen.resetsCaptcha) captcha?.reset();
            navigate(returnTo);
          }}
        >
          {screen.cta.text}
        </Button>
      )}
    </div>
  );
}
