import type { User } from '@latchkey/core';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { middleEllipsis } from '../DisplayText/DisplayText.tsx';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { useWallets } from '../../hooks/useWallets.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { themeToCss } from '../../theme/theme.ts';
import { latchkeyButtonCss } from './LatchkeyButton.css.ts';

/** Props of {@link LatchkeyButton}. */
export interface LatchkeyButtonProps {
  /** The logged-out text. Default the catalogue's `latchkeyButtonLogIn` ('Log in'). */
  label?: string;
  /** Added to the root element's `lk-latchkey-button` class. */
  className?: string;
}

/** How long 'Copied' replaces 'Copy address', in ms. */
export const COPIED_MS = 1500;

/**
 * The first linked account a person reads as theirs: an `address` or a `number` (the email or
 * the phone), read without naming a login method (issue 11); wallets are shown by address above.
 */
export function contactOf(user: User | null): string | null {
  for (const account of user?.linkedAccounts ?? []) {
    if (account.type === 'wallet') continue;
    const { address, number } = account as { address?: unknown; number?: unknown };
    const value = address ?? number;
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/**
 * The app's account button (issue 12 item 7; RainbowKit's `ConnectButton`). Logged out: a
 * button that calls `login()` (disabled, same size, until the session is `ready`). Logged in:
 * the embedded wallet's address shortened (`0x1234…abcd`; else the first linked email or
 * phone, ellipsised past 240 px with the full value as the title (issue 14 item 10), else
 * 'Account'), a menu button (WAI-ARIA APG "Menu Button" pattern) opening a menu with
 * 'Copy address' (`navigator.clipboard.writeText`, 'Copied' for {@link COPIED_MS} ms) and
 * 'Log out' (`logout()`). Escape, Tab and a click outside close the menu; arrows, Home and End
 * move between items. Texts come from the catalogue (`config.messages`); colours from the
 * provider's theme (`appearance.theme`), set as `--lk-` variables on `.lk-latchkey-button`
 * through a constructable stylesheet (no `<style>`, strict CSP holds), which a page rule can
 * override.
 *
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * <LatchkeyButton label="Sign in" className="nav-login" />
 */
export function LatchkeyButton({ label, className }: LatchkeyButtonProps) {
  const { config, session, login, logout } = useInternalLatchkey('LatchkeyButton');
  const { wallets } = useWallets();
  const m = config.messages;
  const themeCss = useMemo(
    () => themeToCss(config.theme, ':where(.lk-latchkey-button)'),
    [config.theme],
  );
  useStyleSheet(themeCss);
  useStyleSheet(latchkeyButtonCss);

  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu renders: 'first', 'last', or none. */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const menuId = `${id}-menu`;

  const user = session.user;
  const embedded = wallets.find((w) => w.walletClientType === 'latchkey');
  const address = embedded?.address ?? user?.wallet?.address ?? null;
  const contact = contactOf(user);
  const display = address ? middleEllipsis(address) : (contact ?? m.latchkeyButtonAccount);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus({ preventScroll: true });
  }, []);

  // Focus the requested item once the menu is in the DOM.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  // A pointer down outside the button and its menu closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      const root = rootRef.current;
      if (root && event.target instanceof Node && root.contains(event.target)) return;
      close(root?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close]);

  // 'Copied' goes back to 'Copy address' after COPIED_MS.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  // Logging out (here or elsewhere) closes the menu.
  const authenticated = session.status === 'authenticated';
  useEffect(() => {
    if (!authenticated) setOpen(false);
  }, [authenticated]);

  const rootClass = `lk-latchkey-button${className ? ` ${className}` : ''}`;

  if (!authenticated) {
    const ready = session.status !== 'loading';
    return (
      <div ref={rootRef} className={rootClass}>
        <button
          type="button"
          className="lk-latchkey-button__trigger"
          disabled={!ready}
          aria-busy={!ready || undefined}
          onClick={login}
        >
          {label ?? m.latchkeyButtonLogIn}
        </button>
      </div>
    );
  }

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at < 0 ? -1 : at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  const copy = () => {
    if (!address) return;
    void navigator.clipboard?.writeText(address).then(
      () => setCopied(true),
      () => {},
    );
  };

  return (
    <div ref={rootRef} className={rootClass}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className="lk-latchkey-button__trigger lk-latchkey-button__trigger--account"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={address ?? contact ?? undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        <span className="lk-latchkey-button__label">{display}</span>
        <span className="lk-latchkey-button__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div className="lk-latchkey-button__popover">
          {address && <p className="lk-latchkey-button__address">{address}</p>}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={triggerId}
            className="lk-latchkey-button__menu"
            onKeyDown={onMenuKeyDown}
          >
            {address && (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="lk-latchkey-button__item"
                onClick={copy}
              >
                <span aria-live="polite">{copied ? m.copied : m.latchkeyButtonCopyAddress}</span>
              </button>
            )}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="lk-latchkey-button__item lk-latchkey-button__item--danger"
              onClick={() => {
                close(true);
                void logout();
              }}
            >
              {m.latchkeyButtonLogOut}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
