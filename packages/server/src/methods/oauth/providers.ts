/**
 * The social OAuth providers (issue 5, item 2): their real authorization, token and profile
 * endpoints, scopes, and how a profile maps to the linked account. Data only.
 * A provider with `issuer` is OpenID Connect: its ID token is validated (iss, aud, nonce, alg).
 * An app's provider config may name another `issuer`; then the endpoints come from that
 * issuer's discovery document (the dev app's local OpenID provider).
 */
import type { OAuthProvider } from '@latchkey/api';

/** The account fields a provider profile maps to. */
export interface OAuthProfile {
  subject: string;
  email: string | null;
  name: string | null;
  username: string | null;
}

export interface OAuthProviderSpec {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Profile endpoint; absent when the ID token carries the profile (Apple). */
  userinfoEndpoint?: string;
  /** OpenID Connect issuer; when set, an ID token is required and validated. */
  issuer?: string;
  jwksUri?: string;
  scopes: string[];
  /** Extra authorization parameters. */
  extraParams?: Record<string, string>;
  /** Maps the userinfo (or ID token claims) to the account fields. */
  profile(raw: Record<string, unknown>): OAuthProfile;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
const need = (v: unknown): string => {
  const s = str(v);
  if (!s) throw new Error('The provider profile has no subject');
  return s;
};
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** Standard OpenID Connect claims. */
export const oidcProfile = (raw: Record<string, unknown>): OAuthProfile => ({
  subject: need(raw.sub),
  email: str(raw.email),
  name: str(raw.name),
  username: str(raw.preferred_username),
});

export const OAUTH_PROVIDER_SPECS: Record<OAuthProvider, OAuthProviderSpec> = {
  google: {
    issuer: 'https://accounts.google.com',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: ['openid', 'email', 'profile'],
    profile: oidcProfile,
  },
  twitter: {
    authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    profile: (raw) => {
      const d = obj(raw.data);
      return { subject: need(d.id), email: null, name: str(d.name), username: str(d.username) };
    },
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    profile: (raw) => ({
      subject: need(raw.id),
      email: str(raw.email),
      name: str(raw.global_name),
      username: str(raw.username),
    }),
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    profile: (raw) => ({
      subject: need(raw.id),
      email: str(raw.email),
      name: str(raw.name),
      username: str(raw.login),
    }),
  },
  spotify: {
    authorizationEndpoint: 'https://accounts.spotify.com/authorize',
    tokenEndpoint: 'https://accounts.spotify.com/api/token',
    userinfoEndpoint: 'https://api.spotify.com/v1/me',
    scopes: ['user-read-email', 'user-read-private'],
    profile: (raw) => ({
      subject: need(raw.id),
      email: str(raw.email),
      name: str(raw.display_name),
      username: str(raw.id),
    }),
  },
  instagram: {
    authorizationEndpoint: 'https://www.instagram.com/oauth/authorize',
    tokenEndpoint: 'https://api.instagram.com/oauth/access_token',
    userinfoEndpoint: 'https://graph.instagram.com/me?fields=user_id,username',
    scopes: ['instagram_business_basic'],
    profile: (raw) => ({
      subject: need(raw.user_id ?? raw.id),
      email: null,
      name: null,
      username: str(raw.username),
    }),
  },
  tiktok: {
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfoEndpoint:
      'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,display_name,username',
    scopes: ['user.info.basic'],
    profile: (raw) => {
      const u = obj(obj(raw.data).user);
      return {
        subject: need(u.open_id),
        email: null,
        name: str(u.display_name),
        username: str(u.username),
      };
    },
  },
  linkedin: {
    issuer: 'https://www.linkedin.com/oauth',
    authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfoEndpoint: 'https://api.linkedin.com/v2/userinfo',
    jwksUri: 'https://www.linkedin.com/oauth/openid/jwks',
    scopes: ['openid', 'profile', 'email'],
    profile: oidcProfile,
  },
  apple: {
    issuer: 'https://appleid.apple.com',
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    jwksUri: 'https://appleid.apple.com/auth/keys',
    scopes: ['name', 'email'],
    // Apple posts the answer to the callback when scopes are asked for.
    extraParams: { response_mode: 'form_post' },
    profile: oidcProfile,
  },
};
