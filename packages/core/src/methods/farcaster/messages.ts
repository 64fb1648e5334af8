/**
 * The Farcaster method's texts that core shows (spec section 8, "OAuth and Farcaster"; issue
 * 16). Merged into core's one catalogue (`messages` of `../../messages.ts`) through
 * `METHOD_MESSAGES` (`../links.ts`); overridden like any text. Only the text of the client's
 * own code lives here (the eager bundle's budget); the modal's texts, among them the other
 * failure details of spec section 8, are react's (`methods/farcaster/messages.ts`).
 */
export const farcasterMessages = {
  /**
   * `farcaster_timeout`: no answer from the Farcaster app within `FARCASTER_CONNECT_TIMEOUT_MS`
   * (120 s; spec sections 8 and 9). The error's message, and the error screen's detail under
   * 'Authentication failed'.
   */
  farcasterTimedOut: 'The request timed out. Try again.',
} as const;
