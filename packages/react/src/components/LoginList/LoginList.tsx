import {
  buildLoginList,
  formatMessage,
  type LoginListEntry,
  type LoginListView,
} from '@latchkey/core';
import { type ReactNode, useContext, useState } from 'react';
import { LatchkeyContext } from '../../LatchkeyProvider/context.ts';
import { methodEntryOf, methodLabelOf, methodUiOf, startMethod } from '../../methods/index.ts';
import type { LoginListMode } from '../../methods/types.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { Button } from '../Button/Button.tsx';
import { BackIcon } from '../Icons/Icons.tsx';
import { loginListCss } from './LoginList.css.ts';

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
 * entries; this renders them, keeps the view (default / overflow / web3-overflow, Back returns)
 * and turns clicks into navigation.
 */
export function LoginList({ mode = 'login' }: LoginListProps) {
  useStyleSheet(loginListCss);
  const { config, messages: m, navigate, withCaptcha } = useModal();
  const client = useContext(LatchkeyContext)?.client;
  const walletsOnly = mode !== 'login';
  const [view, setView] = useState<LoginListView>(walletsOnly ? 'web3-overflow' : 'default');
  const [passwordlessChoice, setPasswordlessChoice] = useState<string | null>(null);
  const [inputsOpen, setInputsOpen] = useState(false);
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
    view,
  });

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
        const ItemIcon = methodUiOf(entry.method)?.itemIcon;
        return (
          <li key={`method-${entry.method}`}>
            <button
              type="button"
              className="lk-login-list__method"
              data-method={entry.method}
              onClick={() => startMethod({ client, navigate, withCaptcha }, entry.method)}
            >
              {ItemIcon && <ItemIcon item={entry.method} />}
              {methodLabelOf(entry.method)}
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
  const rows: ReactNode[] = [];
  for (let i = 0; i < list.entries.length; i++) {
    const entry = list.entries[i]!;
    const Entry = methodEntryOf(entry.kind);
    if (!Entry) {
      rows.push(renderEntry(entry, i));
      continue;
    }
    const start = i;
    while (i + 1 < list.entries.length && list.entries[i + 1]!.kind === entry.kind) i++;
    rows.push(
      <Entry
        key={`${entry.kind}-${start}`}
        run={list.entries.slice(start, i + 1)}
        list={list.entries}
        mode={mode}
      />,
    );
  }

  return (
    <>
      {list.back && mode === 'login' && (
        <Button variant="link" className="lk-login-list__back" onClick={() => setView('default')}>
          <BackIcon /> {m.back}
        </Button>
      )}
      <ul
        className="lk-login-list"
        data-layout={list.layout}
        data-priority={list.priority ?? undefined}
        data-view={list.view}
        aria-label={formatMessage(m.landingHeader, {})}
      >
        {rows}
      </ul>
    </>
  );
}
