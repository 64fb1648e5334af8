import email from '../email/locales/es.ts';
import farcaster from '../farcaster/locales/es.ts';
import oauth from '../oauth/locales/es.ts';
import passkey from '../passkey/locales/es.ts';
import passwordless from '../passwordless/locales/es.ts';
import siwe from '../siwe/locales/es.ts';
import sms from '../sms/locales/es.ts';

/**
 * The Spanish (es) texts of every login method, each from its folder's `locales/es.ts`
 * (issue 14, item 12): a registry, one import per method, as `methods/links.ts` is.
 */
const es = { ...email, ...farcaster, ...oauth, ...passkey, ...passwordless, ...siwe, ...sms };

export default es;
