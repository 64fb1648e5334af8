import { formatMessage } from '@latchkey/core';
import { LoginList } from '../../components/LoginList/LoginList.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useCaptchaPrefetch } from '../../Modal/useCaptchaPrefetch.ts';

/**
 * LANDING (spec section 2, "Login and connect"): the app logo, `appearance.landingHeader`
 * (default 'Log in or sign up'), `appearance.loginMessage` (at most 100 characters), then the
 * login list (core's `buildLoginList`: ordered or grouped, overflow panels, wallets).
 * Starts the captcha when it is ready (spec section 2), so a token waits for the first submit.
 */
export default function Landing() {
  const { config, messages: m } = useModal();
  useCaptchaPrefetch();
  return (
    <>
      <ModalHeader
        title={config.landingHeader}
        message={config.loginMessage}
        logo={config.logo}
        logoAlt={formatMessage(m.logoAlt, { app: config.appName })}
      />
      <LoginList />
    </>
  );
}
