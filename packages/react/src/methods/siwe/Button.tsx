import type { MouseEvent, ReactNode } from 'react';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { walletButtonCss } from './Button.css.ts';

/** Props of {@link WalletButton}. */
export interface WalletButtonProps {
  name: string;
  icon: ReactNode;
  /** Shown on the right when not hovered (e.g. 'Installed'). */
  badge?: string | null;
  /** Shown on hover and keyboard focus ('Connect'). */
  connectLabel: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  testId?: string;
}

/** One entry of the wallet list, with 'Connect' on hover (spec section 2, "Wallet list"). */
export function WalletButton({
  name,
  icon,
  badge,
  connectLabel,
  onClick,
  testId,
}: WalletButtonProps) {
  useStyleSheet(walletButtonCss);
  return (
    <button type="button" className="lk-wallet-button" onClick={onClick} data-testid={testId}>
      <span className="lk-wallet-button__icon">{icon}</span>
      <span className="lk-wallet-button__name">{name}</span>
      {badge ? <span className="lk-wallet-button__badge">{badge}</span> : null}
      <span className="lk-wallet-button__connect" aria-hidden="true">
        {connectLabel}
      </span>
    </button>
  );
}
