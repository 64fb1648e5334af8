import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 14, item 12). */
const ja: Pick<
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
  codeShouldBeNumeric: 'コードは数字で入力してください',
  invalidOrExpiredCode: '確認コードが無効か、有効期限が切れています',
  issueVerifyingCode: 'コードの確認中に問題が発生しました',
  codeSent: 'コードを送信しました',
  resendCode: 'コードを再送信',
  enterConfirmationCode: '確認コードを入力',
  success: '完了しました',
  codeExhausted: '誤ったコードの入力が多すぎます。このコードは使用できなくなりました。',
  sendNewCode: '新しいコードを送信',
};

export default ja;
