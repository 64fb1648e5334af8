import { Button } from '../../components/Button/Button.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { passkeyLoginLinkCss } from './Button.css.ts';
import { startPasskey } from './start.ts';

/**
 * The login list's passkey links (spec section 5; entry kind `passkey-link`): "I have a
 * passkey" logs in with an existing passkey; "Sign up with a passkey" creates one, so a new
 * user finds passkey sign-up without first failing a login (issue 14, item 7).
 */
export function PasskeyLoginLink() {
  useStyleSheet(passkeyLoginLinkCss);
  const { messages: m, navigate, withCaptcha } = useModal();
  return (
    <li className="lk-login-list__passkey">
      <Button
        variant="link"
        data-testid="passkey-login"
        onClick={() => startPasskey({ navigate, withCaptcha }, 'login')}
      >
        {m.iHaveAPasskey}
      </Button>
      <Button
        variant="link"
        data-testid="passkey-signup"
        onClick={() => startPasskey({ navigate, withCaptcha }, 'signup')}
      >
        {m.passkeySignUp}
      </Button>
    </li>
  );
}
