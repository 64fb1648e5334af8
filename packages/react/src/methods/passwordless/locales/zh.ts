import type { Messages } from '../../../messages.ts';

/** Simplified Chinese (zh) texts of this login method (issue 14, item 12). */
const zh: Pick<
  Messages,
  | 'codeShouldBeNumeric'
  | 'invalidOrExpiredCode'
  | 'issueVerifyingCode'
  | 'codeSent'
  | 'resendCode'
  | 'enterConfirmationCode'
  | 'success'
  | 'codeExhausted'
  | 'sendNewCode'
> = {
  codeShouldBeNumeric: '验证码应为数字',
  invalidOrExpiredCode: '验证码无效或已过期',
  issueVerifyingCode: '验证码验证出现问题',
  codeSent: '验证码已发送',
  resendCode: '重新发送验证码',
  enterConfirmationCode: '输入验证码',
  success: '成功!',
  codeExhausted: '错误次数过多,此验证码已无法使用。',
  sendNewCode: '发送新验证码',
};

export default zh;
