import { SCREEN } from '@latchkey/core';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';

/**
 * IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (spec sections 2, 5 and 8): wallet login is blocked in an
 * app's embedded browser; 'It looks like you're using an in-app browser. To log in, please try
 * again using an external browser.'
 */
export default function InAppBrowser() {
  const { params, messages: m, navigate } = useModal();
  return (
    <div className="lk-error">
      <ModalHeader
        title={m.inAppBrowserTitle}
        message={m.inAppBrowserDetail}
        icon={<AlertIcon />}
        iconTone="danger"
      />
      <Button variant="primary" onClick={() => navigate(params.returnTo ?? SCREEN.LANDING)}>
        {m.tryAnotherMethod}
      </Button>
    </div>
  );
}
