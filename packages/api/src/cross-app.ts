/**
 * The wire shapes of the cross-app client registry (issue 21, step 1; spec sections 3 and 7):
 * which clients (requester apps, or outside OpenID Connect relying parties) may connect to a
 * provider app ("log in to app B with app A's account"), set through the provider app's admin
 * API, and the public listing the requester's modal reads
 * (`GET /api/v1/apps/{requesterAppId}/cross-app/connections`), and the provider app's OpenID
 * Connect provider (issuer `{api}/api/v1/apps/{providerAppId}/oidc`) with the JSON routes its
 * sign-in page calls to finish or cancel a pending authorization (an "interaction").
 */
import * as z from 'zod';
import { CROSS_APP_ACTION } from './cross-app-routes.ts';

/**
 * What a requester asks of the provider's wallet, as EIP-1193 requests: `personal_sign`
 * `[message (0x-hex of the UTF-8 bytes, or text), address]`, `eth_signTypedData_v4` `[address,
 * typed data (object or JSON)]`, `eth_sendTransaction` `[transaction]` (quantities as 0x-hex wei,
 * `chainId` a number).
 */
export const crossAppRpcRequest = z.discriminatedUnion('method', [
  z.object({ method: z.literal('personal_sign'), params: z.tuple([z.string(), z.string()]) }),
  z.object({
    method: z.literal('eth_signTypedData_v4'),
    params: z.tuple([z.string(), z.union([z.string(), z.record(z.string(), z.unknown())])]),
  }),
  z.object({
    method: z.literal('eth_sendTransaction'),
    params: z.tuple([z.object({ from: z.string() }).catchall(z.unknown())]),
  }),
]);
export type CrossAppRpcRequest = z.infer<typeof crossAppRpcRequest>;

/** The requester's message to the transact popup (`CROSS_APP_ACTION.request`). */
export const crossAppActionRequest = z.object({
  type: z.literal(CROSS_APP_ACTION.request),
  /** The requester's id of this request, echoed in the answer. */
  id: z.string().min(1).max(64),
  /** The provider's OpenID Connect access token the requester's login got (`oauth_tokens`). */
  token: z.string().min(1).max(512),
  request: crossAppRpcRequest,
});
export type CrossAppActionRequest = z.infer<typeof crossAppActionRequest>;

/** The address an EIP-1193 request of {@link crossAppRpcRequest} signs with. */
export function crossAppRequestAddress(request: CrossAppRpcRequest): string {
  if (request.method === 'personal_sign') return request.params[1];
  if (request.method === 'eth_signTypedData_v4') return request.params[0];
  return request.params[0].from;
}

/** `POST {issuer}/transact/check` body. */
export const crossAppTransactCheck = z.object({
  /** The requester app's client id at the provider. */
  client_id: z.string().min(1).max(128),
  /** The provider's access token the requester holds. */
  access_token: z.string().min(1).max(512),
  /** The wallet the request signs with. */
  address: z.string().min(1).max(64),
});
export type CrossAppTransactCheck = z.infer<typeof crossAppTransactCheck>;

/** `POST {issuer}/transact/check` answer: who asks (for the page's header). */
export const crossAppTransactChecked = z.object({
  client: z.object({
    client_id: z.string(),
    name: z.string().nullable(),
    icon_url: z.string().nullable(),
  }),
  /** The wallet's address, EIP-55. */
  address: z.string(),
});
export type CrossAppTransactChecked = z.infer<typeof crossAppTransactChecked>;

/** The scopes a provider app's OpenID Connect provider grants, with the claims they give. */
export const CROSS_APP_SCOPES = {
  /** `sub`: the provider app's user id. */
  openid: ['sub'],
  /** `email`, `email_verified`: the user's first linked email address, when there is one. */
  email: ['email', 'email_verified'],
  /** `wallets`: the user's embedded wallets, `[{address, chain_type}]` (EIP-55 addresses). */
  wallets: ['wallets'],
} as const;

/** The `wallets` claim of a provider app's ID token and userinfo. */
export const crossAppWalletsClaim = z.array(
  z.object({ address: z.string(), chain_type: z.literal('ethereum') }),
);

/**
 * `GET {issuer}/interaction/{uid}/details` answer: what the provider's sign-in page shows before
 * the user consents (spec section 2, CROSS_APP_AUTH_SCREEN).
 */
export const crossAppInteraction = z.object({
  uid: z.string(),
  /** The provider app (whose account the user signs in with). */
  provider_app: z.object({ id: z.string(), name: z.string(), icon_url: z.string().nullable() }),
  /**
   * The requester: its client id and, when it is a Latchkey app on this server, its name and
   * logo (else null: an outside relying party is shown by its redirect origin).
   */
  client: z.object({
    client_id: z.string(),
    name: z.string().nullable(),
    icon_url: z.string().nullable(),
  }),
  /** The origin the authorization code goes to (from the registered redirect URI). */
  redirect_origin: z.string(),
  /** The scopes asked for that this provider grants (`CROSS_APP_SCOPES` keys). */
  scopes: z.array(z.string()),
  /** The connection may read the account but not sign. */
  read_only: z.boolean(),
});
export type CrossAppInteraction = z.infer<typeof crossAppInteraction>;

/** `confirm` and `abort` answer: where the page sends the browser next (the provider resumes). */
export const crossAppInteractionResult = z.object({ redirect_to: z.string() });
export type CrossAppInteractionResult = z.infer<typeof crossAppInteractionResult>;

/**
 * A cross-app connection (spec section 3, "Cross-app connection"): one provider app the
 * requester app's users may log in with.
 */
export const crossAppConnection = z.object({
  /** The provider app's id (25 characters). */
  provider_app_id: z.string(),
  /** The provider app's display name. */
  provider_app_name: z.string(),
  /** The provider app's logo URL (its `logo_url`), or null when it has none. */
  provider_app_icon_url: z.string().nullable(),
  /**
   * The API origin serving the provider app, or null when it is this same server (always the
   * case for now: every provider app listed lives on the server answering the listing).
   */
  provider_app_custom_api_url: z.string().nullable(),
  /** When true, the requester may read the provider account but not sign with its wallets. */
  read_only: z.boolean(),
});
export type CrossAppConnection = z.infer<typeof crossAppConnection>;

/**
 * `GET /api/v1/apps/{requesterAppId}/cross-app/connections` answer (spec section 7): every
 * provider app that registered the requester app id as a client, ordered by provider name.
 */
export const crossAppConnectionsResponse = z.object({
  connections: z.array(crossAppConnection),
});
export type CrossAppConnectionsResponse = z.infer<typeof crossAppConnectionsResponse>;

/**
 * A client id of the registry: 1 to 128 characters of `[A-Za-z0-9._:-]`, not `.` or `..` (a
 * path segment a URL would resolve away). A requester Latchkey app's client id is its app id
 * (25 characters of that alphabet); an outside OpenID Connect relying party may use any such id.
 */
export const crossAppClientId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1-128 characters of A-Z a-z 0-9 . _ : -')
  .refine((v) => v !== '.' && v !== '..', { message: 'must not be "." or ".."' });

/** Hosts on which a redirect URI may use plain `http` (a developer's own machine). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * One redirect URI, kept as the exact string given (OpenID Connect compares redirect URIs by
 * simple string comparison): an absolute `https` URL, or `http` on `localhost` / `127.0.0.1`,
 * without a fragment, without spaces, at most 2048 characters.
 */
const redirectUri = z
  .string()
  .max(2048)
  .superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (/[\s\p{Cc}]/u.test(value)) return fail('must not contain spaces or control characters');
    if (value.includes('#')) return fail('must not contain a fragment (#)');
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail('must be an absolute URL');
    }
    if (url.protocol === 'https:') return;
    if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return;
    fail('must be https (http only on localhost or 127.0.0.1)');
  });

/**
 * `PUT /api/v1/admin/apps/{providerAppId}/cross-app/clients/{clientId}` body: registers the
 * client, or replaces its settings (a full replacement, not a patch). Unknown keys are refused.
 */
export const adminCrossAppClientRequest = z
  .strictObject({
    /** 1 to 10 distinct redirect URIs (see `redirectUri` above), compared as exact strings. */
    redirect_uris: z
      .array(redirectUri)
      .min(1, 'give at least one redirect URI')
      .max(10, 'at most 10 redirect URIs')
      .refine((list) => new Set(list).size === list.length, {
        message: 'redirect URIs must not repeat',
      }),
    /** The client may read the provider account but not sign with its wallets. Default false. */
    read_only: z.boolean().default(false),
    /**
     * True (default): a confidential client, which authenticates at the token endpoint with a
     * client secret (generated by the server). False: a public client (PKCE only, no secret);
     * switching a client to public drops its secret.
     */
    confidential: z.boolean().default(true),
    /** Generate a new client secret for a confidential client (the old one stops working). */
    rotate_secret: z.boolean().optional(),
  })
  .refine((v) => !(v.rotate_secret && !v.confidential), {
    message: 'rotate_secret needs a confidential client (a public client has no secret)',
    path: ['rotate_secret'],
  });
export type AdminCrossAppClientRequest = z.output<typeof adminCrossAppClientRequest>;
/** What a caller sends (defaults not yet applied). */
export type AdminCrossAppClientInput = z.input<typeof adminCrossAppClientRequest>;

/** The admin view of one registered client. Never carries the client secret. */
export const adminCrossAppClient = z.object({
  client_id: z.string(),
  redirect_uris: z.array(z.string()),
  read_only: z.boolean(),
  /** True: the client has a secret (sealed at rest, never answered again); false: public. */
  confidential: z.boolean(),
  /** Seconds since the epoch. */
  created_at: z.number().int(),
  /** Seconds since the epoch. */
  updated_at: z.number().int(),
});
export type AdminCrossAppClient = z.infer<typeof adminCrossAppClient>;

/**
 * The `PUT` answer: the view plus `client_secret`, which is the new secret (43 base64url
 * characters, 32 bytes) only when it was just generated (a confidential client created or
 * switched from public, or `rotate_secret: true`), and null otherwise: it is never shown again.
 */
export const adminCrossAppClientSaved = adminCrossAppClient.extend({
  client_secret: z.string().nullable(),
});
export type AdminCrossAppClientSaved = z.infer<typeof adminCrossAppClientSaved>;

/**
 * `GET /api/v1/admin/apps/{providerAppId}/cross-app/clients` answer (and `DELETE` of one client:
 * the clients left), ordered by client id.
 */
export const adminCrossAppClientsResponse = z.object({
  clients: z.array(adminCrossAppClient),
});
export type AdminCrossAppClientsResponse = z.infer<typeof adminCrossAppClientsResponse>;
