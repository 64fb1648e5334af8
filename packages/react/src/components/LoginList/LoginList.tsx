import {
  buildLoginList,
  type Eip6963ProviderInfo,
  formatMessage,
  type LoginListEntry,
  type LoginListView,
  watchEip6963Wallets,
} from '@latchkey/core';
import { type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { LatchkeyContext } from '../../LatchkeyProvider/context.ts';
import { methodEntryOf, methodLabelOf, methodUiOf, startMethod } from '../../methods/index.ts';
import type { LoginListMode } from '../../methods/types.ts';
import { useBackHandler, useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { Button } from '../Button/Button.tsx';
import { loginListCss } from './LoginList.css.ts';
import { useFitInCard } from './useFitInCard.ts';
import { useScrollFade } from './useScrollFade.ts';

/** The wallets announced in the page through EIP-6963 (their info), kept up to date. */
function useAnnouncedWallets(): readonly Eip6963ProviderInfo[] {
  const [infos, setInfos] = useState<readonly Eip6963ProviderInfo[]>([]);
  useEffect(() => {
    if (typeof window === 'undefined') return;
    return watchEip6963Wallets(window, (wallets) => setInfos(wallets.map((w) => w.info)));
  }, []);
  return infos;
}

/** A `link` item's entry ('I have a passkey'): drawn under the list, never scrolled away. */
const isLink = (entry: LoginListEntry) => entry.kind.endsWith('-link');

/** Props of {@link LoginList}. */
export interface LoginListProps {
  /**
   * 'connect-only' lists wallets only and connects without a login; 'link' (issue 6,
   * LINK_WALLET_SCREEN) lists wallets only and links the chosen one to the logged-in user.
   */
  mode?: LoginListMode;
}

/**
 * The login list of LANDING (spec sections 2, 4 and 9): core's `buildLoginList` decides the
 * entries (given the EIP-6963 wallets announced in the page, so each detected wallet is a row
 * and 'More wallets' lists only wallets not already shown); this renders them, keeps the view
 * (default / overflow / web3-overflow, Back returns; 'wallets' in the wallets-only modes) and
 * turns clicks into navigation.
 *
 * Fitting the modal (issue 14 item 3): the list is at most 400 px tall (spec section 9) and
 * gives way when the card is shorter, so the header, the links ('I have a passkey', drawn in a
 * second list under the scrolling one) and the footer are never cut; when rows are hidden the
 * list fades at the edge they are hidden behind (`data-fade-top` / `data-fade-bottom`).
 */
export function LoginList({ mode = 'login' }: LoginListProps) {
  useStyleSheet(loginListCss);
  const { config, messages: m, navigate, withCaptcha } = useModal();
  const client = useContext(LatchkeyContext)?.client;
  const walletsOnly = mode !== 'login';
  const [view, setViewState] = useState<LoginListView>(walletsOnly ? 'wallets' : 'default');
  const [passwordlessChoice, setPasswordlessChoice] = useState<string | null>(null);
  const [inputsOpen, setInputsOpen] = useState(false);
  const announced = useAnnouncedWallets();
  const { ref: scrollRef, fade, element: listElement } = useScrollFade<HTMLUListElement>();
  useFitInCard(listElement);
  // Focus follows the view: into a panel, its first row; back out, the row that opened it.
  const focusNext = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const setListRef = useCallback(
    (el: HTMLUListElement | null) => {
      listRef.current = el;
      scrollRef(el);
    },
    [scrollRef],
  );
  const setView = (next: LoginListView) => {
    focusNext.current = next === 'default' ? `[data-panel="${view}"]` : 'button, input';
    setViewState(next);
  };
  useEffect(() => {
    const selector = focusNext.current;
    focusNext.current = null;
    if (selector) listRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [view]);
  // A panel's Back is the modal's top-bar Back (one Back control, issue 14 item 11).
  const inPanel = view === 'overflow' || view === 'web3-overflow';
  useBackHandler(inPanel && mode === 'login' ? () => setView('default') : null);
  const ll = config.loginList;
  const list = buildLoginList({
    loginMethods: walletsOnly
      ? ['wallet']
      : // A method may hide an item (spec section 5: Twitter on mobile only when enabled).
        config.loginMethods.filter((x) => !methodUiOf(x)?.hidden?.(x, config)),
    loginMethodsAndOrder: walletsOnly ? null : ll.loginMethodsAndOrder,
    loginGroupPriority: ll.loginGroupPriority,
    showWalletLoginFirst: ll.showWalletLoginFirst,
    hideDirectWeb2Inputs: ll.hideDirectWeb2Inputs,
    walletList: ll.walletList,
    // No project id (or connector): WalletConnect is not listed at all (issue 14 item 8).
    walletConnect: ll.walletConnectEnabled,
    detectedWallets: announced,
    view,
  });

  // What a listed method's click needs, loaded while its button shows (`LoginMethodUi.prepare`).
  const listedMethods = list.entries
    .flatMap((e) => (e.kind === 'method' ? [e.method] : []))
    .join(',');
  useEffect(() => {
    if (!client || !listedMethods) return;
    for (const item of listedMethods.split(',')) methodUiOf(item)?.prepare?.(client, item);
  }, [client, listedMethods]);

  const renderEntry = (entry: LoginListEntry, index: number) => {
    switch (entry.kind) {
      case 'passwordless': {
        const shown = passwordlessChoice ?? entry.expanded;
        const other = entry.methods.find((x) => x !== shown);
        if (entry.collapsed && !inputsOpen) {
          return entry.methods.map((method) => {
            const ui = methodUiOf(method);
            const Icon = ui?.icon;
            return (
              <li key={`pw-${method}`}>
                <button
                  type="button"
                  className="lk-login-list__method"
                  onClick={() => {
                    setPasswordlessChoice(method);
                    setInputsOpen(true);
                  }}
                >
                  {Icon && <Icon />}
                  {ui?.labelKey ? m[ui.labelKey] : methodLabelOf(method)}
                </button>
              </li>
            );
          });
        }
        const Input = methodUiOf(shown)?.Button;
        const switchKey = other ? methodUiOf(other)?.switchLabelKey : undefined;
        return (
          <li key="passwordless">
            {Input && <Input />}
            {other && (
              <Button
                variant="link"
                className="lk-login-list__switch"
                onClick={() => setPasswordlessChoice(other)}
              >
                {switchKey ? m[switchKey] : methodLabelOf(other)}
              </Button>
            )}
          </li>
        );
      }
      case 'method': {
        const ui = methodUiOf(entry.method);
        const ItemIcon = ui?.itemIcon;
        const ItemLabel = ui?.ItemLabel;
        return (
          <li key={`method-${entry.method}`}>
            <button
              type="button"
              className="lk-login-list__method"
              data-method={entry.method}
              onClick={() => startMethod({ client, navigate, withCaptcha }, entry.method)}
            >
              {ItemIcon && <ItemIcon item={entry.method} />}
              {ItemLabel ? <ItemLabel item={entry.method} /> : methodLabelOf(entry.method)}
            </button>
          </li>
        );
      }
      case 'more-options':
        return (
          <li key="more-options">
            <button
              type="button"
              className="lk-login-list__method lk-login-list__more"
              data-panel="overflow"
              onClick={() => setView('overflow')}
            >
              {m.moreOptions}
            </button>
          </li>
        );
      case 'overflow':
        return (
          <li key={`overflow-${entry.panel}`}>
            <button
              type="button"
              className="lk-login-list__method lk-login-list__more"
              data-panel={entry.panel}
              onClick={() => setView(entry.panel)}
            >
              {entry.panel === 'web3-overflow' ? m.moreWallets : m.moreSocials}
              <span>+{entry.count}</span>
            </button>
          </li>
        );
      default:
        return <li key={index} />;
    }
  };

  // Entries a method draws itself (wallets, a credential link) render as one component per run
  // of consecutive entries of that kind, so `detected_wallets` can expand in place.
  const rowsOf = (entries: readonly LoginListEntry[]): ReactNode[] => {
    const rows: ReactNode[] = [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const Entry = methodEntryOf(entry.kind);
      if (!Entry) {
        rows.push(renderEntry(entry, i));
        continue;
      }
      const start = i;
      while (i + 1 < entries.length && entries[i + 1]!.kind === entry.kind) i++;
      rows.push(
        <Entry
          key={`${entry.kind}-${start}`}
          run={entries.slice(start, i + 1)}
          list={list.entries}
          mode={mode}
        />,
      );
    }
    return rows;
  };
  const links = list.entries.filter(isLink);

  return (
    <>
      <ul
        ref={setListRef}
        className="lk-login-list"
        data-layout={list.layout}
        data-priority={list.priority ?? undefined}
        data-view={list.view}
        data-fade-top={fade.top || undefined}
        data-fade-bottom={fade.bottom || undefined}
        aria-label={formatMessage(m.landingHeader, {})}
      >
        {rowsOf(list.entries.filter((e) => !isLink(e)))}
      </ul>
      {links.length > 0 && <ul className="lk-login-list__links">{rowsOf(links)}</ul>}
    </>
  );
}
