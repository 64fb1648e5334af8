import { formatMessage } from '@latchkey/core';
import { EmailLoginMethod } from '../../components/EmailLoginMethod/EmailLoginMethod.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { landingCss } from './Landing.css.ts';
import { LOGIN_METHOD_COMPONENTS } from './loginMethods.ts';

/**
 * LANDING (spec section 2, "Login and connect"): the app logo, `appearance.landingHeader`
 * (default 'Log in or sign up'), `appearance.loginMessage` (at most 100 characters), then
 * one component per configured login method, in `config.loginMethods` order.
 */
export default function Landing() {
  useStyleSheet(landingCss);
  const { config, messages: m } = useModal();
  const built = config.loginMethods.flatMap((name) => {
    const Method = LOGIN_METHOD_COMPONENTS[name];
    return Method ? [{ name, Method }] : [];
  });
  // Only email is built in this slice: a config naming none of the built methods still gets it.
  const methods = built.length ? built : [{ name: 'email', Method: EmailLoginMethod }];
  return (
    <>
      <ModalHeader
        title={config.landingHeader}
        message={config.loginMessage}
        logo={config.logo}
        logoAlt={formatMessage(m.logoAlt, { app: config.appName })}
      />
      <ul className="lk-landing__methods">
        {methods.map(({ name, Method }) => (
          <li key={name}>
            <Method />
          </li>
        ))}
      </ul>
    </>
  );
}
