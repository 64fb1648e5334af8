/**
 * The OAuth method's texts that core shows (spec section 8; issue 11). Merged into core's one
 * catalogue (`messages` of `../../messages.ts`) through `METHOD_MESSAGES` (`../links.ts`);
 * overridden like any text.
 */
export const oauthMessages = {
  /** `cannot_link_more_of_type` when linking a second account of a provider (spec section 8). */
  oauthCannotLinkMore: 'You cannot authorize more than one account for this user.',
} as const;
