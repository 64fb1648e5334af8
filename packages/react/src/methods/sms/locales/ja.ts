import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 14, item 12). */
const ja: Pick<
  Messages,
  | 'invalidPhone'
  | 'phoneLabel'
  | 'countryLabel'
  | 'continueWithSms'
  | 'useSmsInstead'
  | 'checkPhoneForCode'
  | 'didNotGetSms'
  | 'regionNotSupportedTitle'
  | 'regionNotSupportedDetail'
  | 'linkPhoneTitle'
  | 'linkPhoneDetail'
> = {
  invalidPhone: '有効な電話番号を入力してください。',
  phoneLabel: '電話番号',
  countryLabel: '国',
  continueWithSms: 'SMS で続ける',
  useSmsInstead: 'SMS を使用',
  checkPhoneForCode:
    '{phone} に {app} からの SMS が届いていることを確認し、以下にコードを入力してください。',
  didNotGetSms: 'SMS が届きませんか?',
  regionNotSupportedTitle: 'この地域はサポートされていません',
  regionNotSupportedDetail: 'この地域では SMS 認証をご利用いただけません',
  linkPhoneTitle: '電話番号をリンク',
  linkPhoneDetail: 'ご本人のものであることを確認するために SMS でコードを送信します。',
};

export default ja;
