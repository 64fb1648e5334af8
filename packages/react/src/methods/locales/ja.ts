import email from '../email/locales/ja.ts';
import farcaster from '../farcaster/locales/ja.ts';
import oauth from '../oauth/locales/ja.ts';
import passkey from '../passkey/locales/ja.ts';
import passwordless from '../passwordless/locales/ja.ts';
import siwe from '../siwe/locales/ja.ts';
import sms from '../sms/locales/ja.ts';

/**
 * The Japanese (ja) texts of every login method, each from its folder's `locales/ja.ts`
 * (issue 14, item 12): a registry, one import per method, as `methods/links.ts` is.
 */
const ja = { ...email, ...farcaster, ...oauth, ...passkey, ...passwordless, ...siwe, ...sms };

export default ja;
