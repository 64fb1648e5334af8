/**
 * The login methods' slices of the provider config, merged (issue 11): each method's
 * `methods/<id>/config.ts` is listed in `METHOD_CONFIGS` (`methods/links.ts`); this module turns
 * the list into the types `LatchkeyClientConfig`, `ServerConfigInput` and `ResolvedConfig`
 * extend and into the resolved values, so no config file names a method.
 */
import { METHOD_CONFIGS } from '../methods/links.ts';

type AnyMethodConfig = (typeof METHOD_CONFIGS)[number];

/** `A & B & ...` of a union `A | B | ...`. */
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The client-config fields every method adds (`loginConfig`, ...). */
export type MethodClientConfig = Intersection<
  NonNullable<Parameters<AnyMethodConfig['resolve']>[0]>
>;

/** What the methods read of the server app config (spec section 3, "Server app config"). */
export type MethodServerInput = Intersection<
  NonNullable<Parameters<AnyMethodConfig['resolve']>[1]>
>;

/** The resolved fields every method adds to `ResolvedConfig` (`twitterOAuthOnMobileEnabled`, ...). */
export type MethodResolvedConfig = Intersection<ReturnType<AnyMethodConfig['resolve']>>;

/** Each method's resolved fields, merged: client config over the server's, defaults filled. */
export function resolveMethodConfigs(
  client: MethodClientConfig | undefined,
  server: MethodServerInput | null,
): MethodResolvedConfig {
  return Object.assign({}, ...METHOD_CONFIGS.map((method) => method.resolve(client, server)));
}
