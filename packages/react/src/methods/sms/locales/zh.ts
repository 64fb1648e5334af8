import type { Messages } from '../../../messages.ts';

/** Simplified Chinese (zh) texts of this login method (issue 14, item 12). */
const zh: Pick<
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
  invalidPhone: '请输入有效的电话号码。',
  phoneLabel: '电话号码',
  countryLabel: '国家/地区',
  continueWithSms: '使用短信继续',
  useSmsInstead: '改用短信',
  checkPhoneForCode: '请在 {phone} 上查收来自 {app} 的短信,并在下方输入验证码。',
  didNotGetSms: '没有收到短信?',
  regionNotSupportedTitle: '不支持此地区',
  regionNotSupportedDetail: '此地区不支持短信验证',
  linkPhoneTitle: '关联你的电话号码',
  linkPhoneDetail: '我们将通过短信发送验证码,以确认这是你的号码。',
};

export default zh;
