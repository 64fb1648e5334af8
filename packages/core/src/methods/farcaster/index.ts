/**
 * The Farcaster method's public names (issue 11's recipe; issue 16), re-exported by
 * `@latchkey/core` through the registry (`../index.ts`).
 */
export type {
  FarcasterActions,
  FarcasterConnection,
  StartFarcasterLoginOptions,
} from './actions.ts';
export type {
  FarcasterSignature,
  FarcasterSignerModule,
  FarcasterSignerState,
  FarcasterSignerStatus,
  FarcasterSignerWatch,
  FarcasterSignerWatchOptions,
} from './types.ts';
export type { FarcasterAccount, FarcasterUserFields } from './user.ts';
