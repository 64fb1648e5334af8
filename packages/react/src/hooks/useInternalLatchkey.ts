import { useContext } from 'react';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';

/** Thrown by every hook used outside `<LatchkeyProvider>`. */
export class LatchkeyProviderMissingError extends Error {
  override name = 'LatchkeyProviderMissingError';
  readonly code = 'provider_missing';
  constructor(hook: string) {
    super(
      `\`${hook}\` was called outside the LatchkeyProvider component. Wrap your app in <LatchkeyProvider appId=... apiUrl=...>.`,
    );
  }
}

/** The provider's context; throws {@link LatchkeyProviderMissingError} outside it. */
export function useInternalLatchkey(hook: string): LatchkeyContextValue {
  const value = useContext(LatchkeyContext);
  if (!value) throw new LatchkeyProviderMissingError(hook);
  return value;
}
