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
 * (allowlist `errorCtaLink`) is a link opened in a new tab.
 */
export default function ErrorScreen() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { params, config, navigate } = useModal();
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
        <Button variant="primary" onClick={() => navigate(returnTo)}>
          {screen.cta.text}
        </Button>
      )}
    </div>
  );
}
