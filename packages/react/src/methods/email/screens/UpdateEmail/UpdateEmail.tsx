import { SCREEN } from '@latchkey/core';
import { EmailText } from '../../EmailText.tsx';
import { MailIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { formatNodes } from '../../../../formatNodes.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { linkScreenCss } from '../../../link.css.ts';
import { EmailLoginMethod } from '../../Button.tsx';

/**
 * UPDATE_EMAIL_SCREEN (issue 6; spec sections 2 and 7, "update email (old, new, token)"): shows
 * the current address and asks for the new one; the code goes to the new address and
 * AWAITING_PASSWORDLESS_CODE `{ mode: 'update-email' }` replaces the old address with it
 * (`POST /api/v1/passwordless/update`). A user without an email sees 'User is required to have
 * an email address to update it.' (`useUpdateEmail` throws it before opening the modal).
 */
export default function UpdateEmail() {
  useStyleSheet(linkScreenCss);
  const { messages: m } = useModal();
  const { session } = useInternalLatchkey('UpdateEmail');
  const current = session.user?.email?.address;
  return (
    <div className="lk-link" data-testid="update-email-screen">
      <ModalHeader
        title={m.updateEmailTitle}
        message={
          current
            ? formatNodes(m.updateEmailDetail, { email: <EmailText value={current} /> })
            : m.emailRequiredToUpdate
        }
        icon={<MailIcon />}
      />
      {current ? (
        <EmailLoginMethod
          mode="update-email"
          returnTo={SCREEN.UPDATE_EMAIL_SCREEN}
          label={m.newEmailLabel}
        />
      ) : null}
    </div>
  );
}
