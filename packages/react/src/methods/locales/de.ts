import email from '../email/locales/de.ts';
import farcaster from '../farcaster/locales/de.ts';
import oauth from '../oauth/locales/de.ts';
import passkey from '../passkey/locales/de.ts';
import passwordless from '../passwordless/locales/de.ts';
import siwe from '../siwe/locales/de.ts';
import sms from '../sms/locales/de.ts';

/**
 * The German (de) texts of every login method, each from its folder's `locales/de.ts`
 * (issue 14, item 12): a registry, one import per method, as `methods/links.ts` is.
 */
const de = { ...email, ...farcaster, ...oauth, ...passkey, ...passwordless, ...siwe, ...sms };

export default de;
