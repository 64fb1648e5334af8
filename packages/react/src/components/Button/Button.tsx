import type { ButtonHTMLAttributes } from 'react';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { buttonCss } from './Button.css.ts';

/** Props of {@link Button}: a native button plus a `variant` (default `'primary'`). */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
}

/** The modal's button. `type` defaults to `'button'`. */
export function Button({ variant = 'primary', className, type, ...rest }: ButtonProps) {
  useStyleSheet(buttonCss);
  return (
    <button
      type={type ?? 'button'}
      className={`lk-button lk-button--${variant}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}
