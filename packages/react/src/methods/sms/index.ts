/**
 * The SMS method's UI (issue 11; spec sections 4 and 5): the inline phone input of the login
 * list (its own chunk, with libphonenumber-js) and LINK_PHONE_SCREEN. Screens: `./screens.ts`.
 */
import { PhoneIcon } from '../../components/Icons/Icons.tsx';
import type { LoginMethodUi } from '../types.ts';
import { LazySmsLoginMethod } from './LazyButton.tsx';
import { smsLink } from './link.ts';

/** The SMS method's UI module. */
export const smsUi: LoginMethodUi = {
  ...smsLink,
  labels: { sms: 'SMS' },
  labelKey: 'continueWithSms',
  switchLabelKey: 'useSmsInstead',
  icon: PhoneIcon,
  Button: LazySmsLoginMethod,
};
