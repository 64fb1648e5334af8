import { Button } from '../../components/Button/Button.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { passkeyLoginLinkCss } from './Button.css.ts';
import { startPasskey } from './start.ts';

/**
 * The login list's "I have a passkey" link (spec section 5; entry kind `passkey-link`): logs
 * in with an existing passkey. The list's passkey button signs up with a new one.
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
    </li>
  );
}
