import { SCREEN } from '@latchkey/core';
import { lazy, Suspense } from 'react';
import { PhoneIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { linkScreenCss } from '../../../link.css.ts';

import { smsLoginMethodCss } from '../../Button.css.ts';
/** The landing's phone input, with libphonenumber-js, in its own chunk. */
const SmsLoginMethod = lazy(() => import('../../Button.tsx'));

/**
 * LINK_PHONE_SCREEN (issue 6; spec sections 2 "Linking" and 5): the landing's phone input (country
 * dropdown, country-formatted placeholder, Submit disabled until the number is valid) in 'link'
 * mode: the code goes to the number and AWAITING_PASSWORDLESS_CODE `{ mode: 'link' }` links it
 * (`POST /api/v1/passwordless_sms/link`).
 */
export default function LinkPhone() {
  useStyleSheet(linkScreenCss);
  useStyleSheet(smsLoginMethodCss); // the loading placeholder's style, before the chunk arrives
  const { messages: m } = useModal();
  return (
    <div className="lk-link" data-testid="link-phone-screen">
      <ModalHeader title={m.linkPhoneTitle} message={m.linkPhoneDetail} icon={<PhoneIcon />} />
      {/* The same placeholder as the landing's while the phone chunk loads. */}
      <Suspense fallback={<p className="lk-sms__loading">{m.loading}</p>}>
        <SmsLoginMethod mode="link" returnTo={SCREEN.LINK_PHONE_SCREEN} />
      </Suspense>
    </div>
  );
}
