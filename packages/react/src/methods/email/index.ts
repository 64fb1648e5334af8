/**
 * The email method's UI (issue 11; spec sections 4 and 5): the inline email input of the login
 * list, LINK_EMAIL_SCREEN and UPDATE_EMAIL_SCREEN. Screens: `./screens.ts`.
 */
import { MailIcon } from '../../components/Icons/Icons.tsx';
import type { LoginMethodUi } from '../types.ts';
import { emailLink } from './link.ts';
import { EmailLoginMethod } from './Button.tsx';

export { EmailLoginMethod, type EmailLoginMethodProps } from './Button.tsx';

/** The email method's UI module. */
export const emailUi: LoginMethodUi = {
  ...emailLink,
  labels: { email: 'Email' },
  labelKey: 'continueWithEmail',
  switchLabelKey: 'useEmailInstead',
  icon: MailIcon,
  Button: EmailLoginMethod,
};
