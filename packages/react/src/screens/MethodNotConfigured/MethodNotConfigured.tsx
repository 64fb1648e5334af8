import { formatMessage, SCREEN } from '@latchkey/core';
import { buttonCss } from '../../components/Button/Button.css.ts';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { errorScreenCss } from '../ErrorScreen/ErrorScreen.css.ts';

/**
 * Says a login method is not configured and offers 'Try another method' (TELEGRAM_AUTH_SCREEN
 * shows it when the app has no Telegram bot).
 */
export default function MethodNotConfigured() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { params, messages: m, navigate } = useModal();
  return (
    <div className="lk-error" data-not-configured={params.method}>
      <ModalHeader
        title={m.methodNotConfiguredTitle}
        message={formatMessage(m.methodNotConfiguredDetail, { method: params.method ?? '' })}
        icon={<AlertIcon />}
      />
      <Button variant="primary" onClick={() => navigate(params.returnTo ?? SCREEN.LANDING)}>
        {m.tryAnotherMethod}
      </Button>
    </div>
  );
}
