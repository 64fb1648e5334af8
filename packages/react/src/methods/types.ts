/**
 * The shape of a login method's UI module (issue 11). Each method folder
 * (`methods/<id>/index.ts`) exports one {@link LoginMethodUi}; `methods/index.ts` lists them,
 * and the login list (`LoginList`) and the link tables (`LatchkeyProvider/linkMethod.ts`) read
 * that list instead of switching on method names. A method's screens are in
 * `methods/<id>/screens.ts` (a {@link ScreenEntries} map), gathered by `methods/screens.ts` for
 * `screens/registry.ts`.
 */
import type { LatchkeyClient, LoginListEntry } from '@latchkey/core';
import type { ComponentType } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { Messages } from '../messages.ts';
import type { ModalContextValue } from '../Modal/ModalContext.ts';

import type { MethodLink } from './linkTypes.ts';

export type { ScreenEntries, ScreenEntry } from '../Modal/types.ts';
export type { MethodLink } from './linkTypes.ts';

/** What a method's `start` gets: the modal's navigation and captcha gate, and the client. */
export interface MethodStartContext {
  /** The provider's client; undefined outside a provider (tests). */
  client: LatchkeyClient | undefined;
  navigate: ModalContextValue['navigate'];
  withCaptcha: ModalContextValue['withCaptcha'];
}

/**
 * What the login list is for: 'login' (LANDING), 'connect-only' (wallets only, no login) or
 * 'link' (LINK_WALLET_SCREEN: wallets only, linked to the logged-in user).
 */
export type LoginListMode = 'login' | 'connect-only' | 'link';

/** Props of a method's own login-list entry component ({@link LoginMethodUi.entries}). */
export interface MethodEntryProps {
  /** The run of consecutive entries of the component's kind. */
  run: readonly LoginListEntry[];
  /** Every entry of the list (a wallet run needs the wallets listed elsewhere). */
  list: readonly LoginListEntry[];
  mode: LoginListMode;
}

/** A message key whose text is a plain string (a button label). */
export type LabelKey = {
  [K in keyof Messages]: Messages[K] extends string ? K : never;
}[keyof Messages];

/** A login method's UI module (issue 11): its {@link MethodLink} and its login-list part. */
export interface LoginMethodUi extends MethodLink {
  /**
   * Display name of each login-list item the method owns (`loginItem` of its flags), shown on
   * its button in the list and passed to a 'not configured' screen (brand names, not
   * translated).
   */
  labels: Readonly<Record<string, string>>;
  /**
   * Passwordless methods (inline input in the list): the message of the collapsed button that
   * opens the input, and of the link that switches to it from the other input.
   */
  labelKey?: LabelKey;
  switchLabelKey?: LabelKey;
  /**
   * Login-list items the method owns beyond its flags' `loginItem`s, e.g. the OAuth method's
   * `latchkey:{providerAppId}` (another app's account, issue 21).
   */
  owns?: (item: string) => boolean;
  /**
   * The label of one of its items on its login-list button when it is not a fixed name (a
   * cross-app provider's name, fetched); else `labels`.
   */
  ItemLabel?: ComponentType<{ item: string }>;
  /** Hides one of its items from the list under `config` (e.g. a provider on mobile). */
  hidden?: (item: string, config: ResolvedConfig) => boolean;
  /** The method's icon in the list (collapsed passwordless button, wallet fallback). */
  icon?: ComponentType;
  /** The icon of one of its items on its login-list button (a social provider's logo). */
  itemIcon?: ComponentType<{ item: string }>;
  /** Passwordless methods: the inline input the list renders (may be `lazy`). */
  Button?: ComponentType;
  /**
   * What clicking the method's login-list button does (`item` is its `loginItem`, e.g. a
   * social provider). Absent for entries the list draws itself (passwordless inputs, wallets).
   */
  start?: (ctx: MethodStartContext, item: string) => void;
  /**
   * Called while the method's button shows in the login list (once per list and client), to
   * load what its click needs so the click can open a popup inside the user's gesture (the
   * Telegram widget script). Failures are the method's to swallow.
   */
  prepare?: (client: LatchkeyClient, item: string) => void;
  /**
   * Login-list entries the method draws itself, by `LoginListEntry['kind']` (the wallet
   * buttons, a "log in with an existing credential" link). The component gets each run of
   * consecutive entries of that kind.
   */
  entries?: Readonly<Record<string, ComponentType<MethodEntryProps>>>;
}
