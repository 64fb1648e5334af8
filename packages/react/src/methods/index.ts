/**
 * The login-method UI registry (issue 11): one line per method. The login list (`LoginList`)
 * and the link tables (`LatchkeyProvider/linkMethod.ts`) read {@link LOGIN_METHOD_UIS}; the
 * screen registry reads `./screens.ts`. See `docs/adding-a-login-method.md`.
 */
import { emailUi } from './email/index.ts';
import { farcasterUi } from './farcaster/index.ts';
import { oauthUi } from './oauth/index.ts';
import { passkeyUi } from './passkey/index.ts';
import { siweUi } from './siwe/index.ts';
import { smsUi } from './sms/index.ts';
import { telegramUi } from './telegram/index.ts';
import type { ComponentType } from 'react';
import { SCREEN } from '@latchkey/core';
import type { LoginMethodUi, MethodEntryProps, MethodStartContext } from './types.ts';

export type {
  LoginMethodUi,
  LoginListMode,
  MethodEntryProps,
  MethodStartContext,
} from './types.ts';

/** Every login method's UI module, in the contract registry's order. */
export const LOGIN_METHOD_UIS: readonly LoginMethodUi[] = [
  emailUi,
  smsUi,
  oauthUi,
  siweUi,
  farcasterUi,
  passkeyUi,
  telegramUi,
];

/** The UI module owning a login-list item (`email`, `google`, `wallet`, ...), if any. */
export function methodUiOf(item: string): LoginMethodUi | undefined {
  return LOGIN_METHOD_UIS.find(
    (ui) => ui.contract.flags.some((f) => f.loginItem === item) || ui.owns?.(item),
  );
}

/** The component a method draws for a login-list entry kind (`wallet`, `passkey-link`). */
export function methodEntryOf(kind: string): ComponentType<MethodEntryProps> | undefined {
  for (const ui of LOGIN_METHOD_UIS) {
    const entry = ui.entries?.[kind];
    if (entry) return entry;
  }
  return undefined;
}

/** Display name of a login-list item (its method's label; the item itself when unknown). */
export function methodLabelOf(item: string): string {
  return methodUiOf(item)?.labels[item] ?? item;
}

/**
 * Clicking a login-list item's button: its method's `start` (a popup, a ceremony, ...); an
 * item whose method has none opens the 'not configured' screen naming it.
 */
export function startMethod(ctx: MethodStartContext, item: string): void {
  const start = methodUiOf(item)?.start;
  if (start) start(ctx, item);
  else ctx.navigate(SCREEN.AWAITING_OAUTH_SCREEN, { method: methodLabelOf(item) });
}
