import type { ComponentType } from 'react';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import type { ModalContextValue } from '../Modal/ModalContext.ts';
import { renderScreen } from './renderScreen.tsx';

/**
 * The login gates' rejections and the screen each goes to (spec sections 2 and 8): every
 * awaiting screen's gates test runs them (`it.each(GATE_REJECTIONS)`).
 */
export const GATE_REJECTIONS = [
  ['allowlist_rejected', 'ALLOWLIST_REJECTION_SCREEN'],
  ['max_accounts_reached', 'USER_LIMIT_REACHED_SCREEN'],
  ['user_does_not_exist', 'ACCOUNT_NOT_FOUND_SCREEN'],
] as const;

/**
 * Renders one screen (`renderScreen`) under a provider context holding only `client` (a fake
 * with the calls the screen makes): the harness of the awaiting screens' gates tests.
 */
export function renderWithClient(
  Screen: ComponentType,
  client: object,
  overrides: Partial<ModalContextValue> = {},
) {
  const ctx = { client } as unknown as LatchkeyContextValue;
  return renderScreen(
    <LatchkeyContext.Provider value={ctx}>
      <Screen />
    </LatchkeyContext.Provider>,
    overrides,
  );
}
