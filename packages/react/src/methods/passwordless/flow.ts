import type { PasswordlessFlow, PasswordlessFlowState } from '@latchkey/core';
import { useCallback, useSyncExternalStore } from 'react';

/** Core's email-code flow (send, verify, resend cooldown, invalid-code reset, success delay). */
export type PasswordlessFlowHandle = PasswordlessFlow;

/** The flow's state as React state (re-renders on every change). */
export function usePasswordlessState(flow: PasswordlessFlow): PasswordlessFlowState {
  const subscribe = useCallback((onChange: () => void) => flow.subscribe(onChange), [flow]);
  const get = useCallback(() => flow.getState(), [flow]);
  return useSyncExternalStore(subscribe, get, get);
}
