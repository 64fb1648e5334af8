/**
 * Counts, for each login method, the production source files outside that method's own
 * folders that name it (issue 11: "a login method is one folder per package"). A method's own
 * places are `packages/<pkg>/src/methods/<id>/` and `packages/api/src/methods/<id>.ts` (plus
 * `<id>.schema.ts`); registries (`methods/index.ts`, react's `methods/links.ts` and
 * `methods/screens.ts`) and the shared contract (`packages/api`,
 * the database schema) are not counted, nor are tests and e2e.
 *
 * Usage: `tsx scripts/method-names.ts [--list]`. Exits 1 when a method is named in more files
 * than its budget in {@link BUDGET}, printing the files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The names searched for (case-insensitive, as a word start) per method id. */
const NAMES: Record<string, RegExp> = {
  passkey: /passkey/i,
  sms: /\bsms|Sms/,
  // Not Farcaster's relay field `siweUri` (its protocol's name), which the Farcaster folder names.
  siwe: /siwe(?!Uri)/i,
  // Not Telegram's login host (`oauth.telegram.org`), which the Telegram folder names.
  oauth: /oauth(?!\.telegram\.org)/i,
  email: /\bemail|Email/,
  telegram: /telegram/i,
  farcaster: /farcaster/i,
};

/**
 * Files outside the method's folders, the registries and the contract that may name it in code,
 * per method: a ratchet (issue 11). Before issue 11 (comments included) the figures were passkey
 * 36, sms 26, siwe 21, oauth 37, email 56; after its first session 17, 15, 6, 24, 31. What is
 * left, and why:
 * - `core/src/screens/screens.ts` (passkey, oauth, telegram, farcaster): `SCREEN`, spec section
 *   2's list of screen names, the one list core's flows and react's screen registry share.
 * - The spec's "recovery OAuth" (issue 23: the wallet's cloud backup gets the user's Google
 *   Drive token, not a login) is not the OAuth method: its names ({@link RECOVERY_OAUTH_NAMES})
 *   are taken out everywhere and its own places ({@link isRecoveryOAuthPlace}) are not counted.
 *   `server/src/recovery/service.ts` does reuse the OAuth folder's discovery and redirect check.
 * - `server/src/server.ts` (siwe): `createServer`'s public `siweChains` option.
 * - farcaster (issue 16): `createServer`'s public `farcaster` option (`server.ts`) and its field of
 *   `MethodRoutesOptions` (`methods/types.ts`), read from `LATCHKEY_FARCASTER_RELAY_URL`, `..._RPC_URL`
 *   and `..._API_URL` (`env.ts`, `main.ts`): the relay, OP Mainnet and Farcaster's API are
 *   per-server settings, as the chains of SIWE are.
 * - email: the OpenID `email` scope and claim inside the OAuth folders (4 files), the public
 *   export `smtpDelivery` (server's index), and the allowlist's `email` entry type (spec
 *   section 2), which also admits OAuth users by email; and the cross-app provider's OpenID
 *   `email` scope and claim (`server/src/crossapp/oidc/provider.ts`, issue 21), which reads the
 *   user's email account for a requester app, and that scope's line on the provider's consent
 *   page (`react/src/crossapp/provider-page/ProviderPage.tsx` and its English text in
 *   `react/src/crossapp/messages.ts`).
 * A new file naming a method must live in the method's folder or raise a number in review.
 */
export const BUDGET: Record<string, number> = {
  passkey: 1,
  sms: 0,
  siwe: 1,
  oauth: 1,
  email: 9,
  telegram: 1,
  farcaster: 5,
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'test' && entry !== 'dist')
        out.push(...sourceFiles(full));
    } else if (
      /\.(ts|tsx)$/.test(entry) &&
      !/\.(test|spec|test-d)\.tsx?$/.test(entry) &&
      entry !== 'test-utils.ts' // the server suite's helpers: test code without the suffix
    ) {
      out.push(full);
    }
  }
  return out;
}

/**
 * Method folders that several methods share, per method id: `methods/passwordless/` holds the
 * code-by-message half (code routes, code flow, code screen) that email and SMS both use.
 */
const SHARED_FOLDERS: Record<string, string[]> = {
  email: ['passwordless'],
  sms: ['passwordless'],
};

/**
 * Issue 15: the second factors of spec section 3 are named `sms`, `totp` and `passkey`; they are
 * MFA methods, not login methods, and live in the MFA places (`src/mfa/` of a package, the
 * frame's `mfa-handlers.ts`), which own those two names the way a method folder owns its own.
 */
const MFA_FACTORS = new Set(['sms', 'passkey']);
const isMfaPlace = (file: string) => /\/src\/mfa\//.test(file) || file.endsWith('/mfa-handlers.ts');

/** True when `file` (relative to the repo) is one of `id`'s own modules (or a shared folder of it). */
function ownedBy(file: string, id: string): boolean {
  return (
    file.includes(`/methods/${id}/`) ||
    (MFA_FACTORS.has(id) && isMfaPlace(file)) ||
    (SHARED_FOLDERS[id] ?? []).some((folder) => file.includes(`/methods/${folder}/`)) ||
    new RegExp(`/api/src/methods/${id}(\\.schema)?\\.ts$`).test(file)
  );
}

/**
 * `source` without its comments: a docstring that mentions a method is no coupling. Crude (a
 * `//` inside a string is cut too), which only ever lowers a count by a line's tail.
 */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * The spec's "recovery OAuth" (issue 23; sections 2, 7 and 8): the embedded wallet's cloud
 * backup gets the user's Google Drive token through `/api/v1/recovery/oauth/*`, shows
 * EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, and its frame request carries the redirect's
 * `oauthReturn`. Those names are the wallet's, not the OAuth login method's, so they are taken
 * out before the oauth count.
 */
/**
 * The cloud backup's own places, which name the recovery OAuth freely (its callback's
 * `latchkey_oauth_*` return parameters, PKCE through oauth4webapi, the spec's 'Invalid code
 * during OAuth flow.' texts in every frame locale): the server's `src/recovery/`, the frame's
 * `cloud-*` pages and its locales, core's cloud frame and flow, react's cloud recovery screen
 * and its redirect return.
 */
const isRecoveryOAuthPlace = (file: string) =>
  /\/src\/recovery\//.test(file) ||
  /\/frame\/(cloud-[\w-]+|locales\/[\w-]+)\.ts$/.test(file) ||
  /\/wallets\/embedded\/cloud-[\w-]+\.ts$/.test(file) ||
  /\/modal\/wallet\/cloud\w*\.ts$/.test(file) ||
  /\/EmbeddedWalletRecoveryOAuth\//.test(file) ||
  file.endsWith('/useCloudRecoveryReturn.ts');

const RECOVERY_OAUTH_NAMES =
  /\w*recovery[_-]?oauth\w*|\w*RecoveryOAuth\w*|\w*CloudOAuthReturn\w*|\boauthReturn\b/gi;

/**
 * A registry: `methods/index.ts`, react's and core's `methods/links.ts` and `methods/screens.ts`,
 * react's `methods/public.ts` (each method's public hooks, one line per method, re-exported
 * by the package index), and react's `methods/locales/<locale>.ts` (each method's translations
 * for one locale, one import per method; issue 14).
 */
function isRegistry(file: string): boolean {
  return (
    /\/methods\/(index|links|screens|public)\.tsx?$/.test(file) ||
    /\/methods\/locales\/[a-z]{2}(-[A-Za-z]+)?\.ts$/.test(file)
  );
}

/**
 * The shared contract: the wire package (`@latchkey/api`: schemas, routes, error codes, app
 * config) and the database schema, which name every method by design.
 */
function isContract(file: string): boolean {
  return file.startsWith('packages/api/src/') || file.startsWith('packages/server/src/db/');
}

const packagesDir = path.join(root, 'packages');
const files = readdirSync(packagesDir).flatMap((pkg) => {
  const src = path.join(packagesDir, pkg, 'src');
  try {
    return sourceFiles(src).map((f) => path.relative(root, f));
  } catch {
    return [];
  }
});

const list = process.argv.includes('--list');
let failed = false;
for (const [id, pattern] of Object.entries(NAMES)) {
  const outside = files.filter((f) => {
    if (ownedBy(f, id) || isRegistry(f) || isContract(f)) return false;
    if (id === 'oauth' && isRecoveryOAuthPlace(f)) return false;
    const code = withoutComments(readFileSync(path.join(root, f), 'utf8'));
    return pattern.test(id === 'oauth' ? code.replace(RECOVERY_OAUTH_NAMES, '') : code);
  });
  const over = outside.length > BUDGET[id]!;
  if (over) failed = true;
  console.log(
    `${id.padEnd(8)} ${String(outside.length).padStart(3)} files outside its folders (budget ${BUDGET[id]})${over ? '  OVER' : ''}`,
  );
  if (list || over) for (const f of outside) console.log(`    ${f}`);
}
process.exit(failed ? 1 : 0);
