/**
 * The old path of the local OpenID provider, which moved into the OAuth method's folder
 * (`methods/oauth/dev/oidc.ts`, issue 11). `npm start` (`scripts/start.ts`) still runs this path
 * and `methods/oauth/oauth.test.ts` still imports it; remove this file once both point at the
 * new one.
 */
import { fileURLToPath } from 'node:url';
import { runDevOidcProvider } from '../methods/oauth/dev/oidc.ts';

export * from '../methods/oauth/dev/oidc.ts';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runDevOidcProvider();
}
