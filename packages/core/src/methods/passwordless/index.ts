/**
 * The one-time-code flow shared by the email and SMS methods (spec section 4, "Email or SMS
 * login" and "Code entry"; issue 11): the code-box model and the send / verify / resend flow,
 * parameterised by channel. The channels' own client calls are in `methods/email/actions.ts`
 * and `methods/sms/actions.ts`.
 */
export { checkCode } from './checkCode.ts';
export { type CodeInputOptions, type CodeInputResult, codeInput } from './codeInput.ts';
export {
  createPasswordlessFlow,
  type PasswordlessChannel,
  type PasswordlessFlow,
  type PasswordlessFlowClient,
  type PasswordlessFlowOptions,
  type PasswordlessFlowState,
  type PasswordlessFlowStep,
  type PasswordlessMode,
  type SendCodeOptions,
} from './flow.ts';
