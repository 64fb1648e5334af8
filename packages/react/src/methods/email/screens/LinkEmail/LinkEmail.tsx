import { SCREEN } from '@latchkey/core';
import { MailIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { linkScreenCss } from '../../../link.css.ts';
import { EmailLoginMethod } from '../../Button.tsx';

/**
 * LINK_EMAIL_SCREEN (issue 6; spec sections 2 "Linking" and 4 "Auth mode"): an email input;
 * Submit sends a code in 'link' mode and opens AWAITING_PASSWORDLESS_CODE `{ mode: 'link' }`,
 * whose code links the address (`POST /api/v1/passwordless/link`). The server refuses a second
 * email ('User already has an account of type email linked.') and an address another user
 * owns ('This account has already been linked to another user.'); the code screen shows them.
 */
export default function LinkEmail() {
  useStyleSheet(linkScreenCss);
  const { messages: m } = useModal();
  return (
    <div className="lk-link" data-testid="link-email-screen">
      <ModalHeader title={m.linkEmailTitle} message={m.linkEmailDetail} icon={<MailIcon />} />
      <EmailLoginMethod mode="link" returnTo={SCREEN.LINK_EMAIL_SCREEN} />
    </div>
  );
}
