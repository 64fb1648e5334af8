import type { Messages } from '../../../messages.ts';

/** Simplified Chinese (zh) texts of this login method (issue 14, item 12). */
const zh: Pick<
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
  invalidEmail: '请输入有效的电子邮件地址。',
  emailPlaceholder: 'your@email.com',
  continueWithEmail: '使用电子邮件继续',
  useEmailInstead: '改用电子邮件',
  checkEmailForCode: '请在 {email} 中查收来自 {app} 的邮件,并在下方输入验证码。',
  didNotGetEmail: '没有收到邮件?',
  emailRequiredToUpdate: '用户必须已有电子邮件地址才能更新。',
  updateEmailFailedTitle: '无法更新电子邮件',
  emailLabel: '电子邮件地址',
  linkEmailTitle: '关联你的电子邮件',
  linkEmailDetail: '我们将发送验证码,以确认这是你的邮箱。',
  updateEmailTitle: '更新你的电子邮件',
  updateEmailDetail: '你当前的电子邮件是 {email}。我们将向新地址发送验证码。',
  newEmailLabel: '新电子邮件地址',
};

export default zh;
