import { type InputHTMLAttributes, useId, useState } from 'react';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { EyeIcon } from '../Icons/Icons.tsx';
import { passwordInputCss } from './PasswordInput.css.ts';

/** Props of {@link PasswordInput}. */
export interface PasswordInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'value'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field in the danger colour; marks the field invalid. */
  error?: string | null;
  messages: Pick<Messages, 'showPassword' | 'hidePassword'>;
}

/** A labelled password field with a show/hide toggle (spec section 2, password flow step 1). */
export function PasswordInput({
  label,
  value,
  onValueChange,
  error,
  messages: m,
  ...rest
}: PasswordInputProps) {
  useStyleSheet(passwordInputCss);
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="lk-password">
      <label className="lk-password__label" htmlFor={id}>
        {label}
      </label>
      <div className="lk-password__field" data-invalid={error ? 'true' : undefined}>
        <input
          {...rest}
          id={id}
          className="lk-password__input"
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={rest.autoComplete ?? 'new-password'}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onValueChange(e.target.value)}
        />
        <button
          type="button"
          className="lk-icon-button lk-password__toggle"
          aria-label={visible ? m.hidePassword : m.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon off={visible} />
        </button>
      </div>
      <p className="lk-password__message" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
