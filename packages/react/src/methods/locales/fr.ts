import email from '../email/locales/fr.ts';
import farcaster from '../farcaster/locales/fr.ts';
import oauth from '../oauth/locales/fr.ts';
import passkey from '../passkey/locales/fr.ts';
import passwordless from '../passwordless/locales/fr.ts';
import siwe from '../siwe/locales/fr.ts';
import sms from '../sms/locales/fr.ts';

/**
 * The French (fr) texts of every login method, each from its folder's `locales/fr.ts`
 * (issue 14, item 12): a registry, one import per method, as `methods/links.ts` is.
 */
const fr = { ...email, ...farcaster, ...oauth, ...passkey, ...passwordless, ...siwe, ...sms };

export default fr;
