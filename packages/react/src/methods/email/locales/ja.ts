import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 14, item 12). */
const ja: Pick<
  Messages,
  | 'invalidEmail'
  | 'emailPlaceholder'
  | 'continueWithEmail'
  | 'useEmailInstead'
  | 'checkEmailForCode'
  | 'didNotGetEmail'
  | 'emailRequiredToUpdate'
  | 'updateEmailFailedTitle'
  | 'emailLabel'
  | 'linkEmailTitle'
  | 'linkEmailDetail'
  | 'updateEmailTitle'
  | 'updateEmailDetail'
  | 'newEmailLabel'
> = {
  invalidEmail: '有効なメールアドレスを入力してください。',
  emailPlaceholder: 'your@email.com',
  continueWithEmail: 'メールで続ける',
  useEmailInstead: 'メールを使用',
  checkEmailForCode:
    '{email} に {app} からのメールが届いていることを確認し、以下にコードを入力してください。',
  didNotGetEmail: 'メールが届きませんか?',
  emailRequiredToUpdate:
    'メールアドレスを更新するには、メールアドレスが登録されている必要があります。',
  updateEmailFailedTitle: 'メールアドレスを更新できませんでした',
  emailLabel: 'メールアドレス',
  linkEmailTitle: 'メールアドレスをリンク',
  linkEmailDetail: 'ご本人のものであることを確認するためにコードを送信します。',
  updateEmailTitle: 'メールアドレスを更新',
  updateEmailDetail: '現在のメールアドレスは {email} です。新しいアドレスにコードを送信します。',
  newEmailLabel: '新しいメールアドレス',
};

export default ja;
