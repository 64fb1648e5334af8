/**
 * The login methods' account helpers, merged (issue 11): each method's `linkActions` and
 * `unlinkActions` (`methods/<id>/accounts.ts`, listed in `METHOD_ACCOUNTS` of `methods/links.ts`)
 * become `useLinkAccount`'s and `useUnlinkAccount`'s return values and types.
 */
import type { LatchkeyClient } from '@latchkey/core';
import type { LinkActionContext, MethodAccounts } from '../methods/linkTypes.ts';
import { METHOD_ACCOUNTS } from '../methods/links.ts';

type AnyMethodAccounts = (typeof METHOD_ACCOUNTS)[number];

/** `A & B & ...` of a union `A | B | ...`. */
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The helpers every method adds to `useLinkAccount` (`linkEmail`, `linkOAuth`, ...). */
export type MethodLinkActions = Intersection<
  ReturnType<Extract<AnyMethodAccounts, { linkActions: unknown }>['linkActions']>
>;

/** The calls every method adds to `useUnlinkAccount` (`unlinkEmail`, ...). */
export type MethodUnlinkActions = Intersection<
  ReturnType<Extract<AnyMethodAccounts, { unlinkActions: unknown }>['unlinkActions']>
>;

/** The registered methods as the optional-field shape they all satisfy (`MethodAccounts`). */
const ACCOUNTS: readonly MethodAccounts[] = METHOD_ACCOUNTS;

/** Every method's `linkActions`, merged into one object (a method without them adds none). */
export function methodLinkActions(context: LinkActionContext): MethodLinkActions {
  return Object.assign({}, ...ACCOUNTS.map((method) => method.linkActions?.(context)));
}

/** Every method's `unlinkActions`, merged into one object (a method without them adds none). */
export function methodUnlinkActions(client: LatchkeyClient): MethodUnlinkActions {
  return Object.assign({}, ...ACCOUNTS.map((method) => method.unlinkActions?.(client)));
}
