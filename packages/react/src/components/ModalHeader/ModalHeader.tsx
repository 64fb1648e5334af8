import type { ReactNode } from 'react';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { modalHeaderCss } from './ModalHeader.css.ts';

/** Props of {@link ModalHeader}. */
export interface ModalHeaderProps {
  title: string;
  /** Line under the title (e.g. the landing `loginMessage`). */
  message?: ReactNode;
  /** Image URL shown above the title (the app logo). */
  logo?: string | null;
  logoAlt?: string;
  /** Icon shown above the title when there is no logo. */
  icon?: ReactNode;
  iconTone?: 'accent' | 'danger' | 'success';
}

/** A screen's title block. The title carries the modal's `titleId` (the dialog's label). */
export function ModalHeader({
  title,
  message,
  logo,
  logoAlt = '',
  icon,
  iconTone = 'accent',
}: ModalHeaderProps) {
  useStyleSheet(modalHeaderCss);
  const { titleId } = useModal();
  return (
    <header className="lk-header">
      {logo ? (
        <img className="lk-header__logo" src={logo} alt={logoAlt} />
      ) : icon ? (
        <span className={`lk-header__icon lk-header__icon--${iconTone}`}>{icon}</span>
      ) : null}
      <h2 id={titleId} className="lk-header__title">
        {title}
      </h2>
      {message ? <p className="lk-header__message">{message}</p> : null}
    </header>
  );
}
