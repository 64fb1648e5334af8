import email from '../email/locales/zh.ts';
import farcaster from '../farcaster/locales/zh.ts';
import oauth from '../oauth/locales/zh.ts';
import passkey from '../passkey/locales/zh.ts';
import passwordless from '../passwordless/locales/zh.ts';
import siwe from '../siwe/locales/zh.ts';
import sms from '../sms/locales/zh.ts';

/**
 * The Simplified Chinese (zh) texts of every login method, each from its folder's `locales/zh.ts`
 * (issue 14, item 12): a registry, one import per method, as `methods/links.ts` is.
 */
const zh = { ...email, ...farcaster, ...oauth, ...passkey, ...passwordless, ...siwe, ...sms };

export default zh;
