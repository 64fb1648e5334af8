import { CODE_LENGTH, codeInput, formatMessage } from '@latchkey/core';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { codeInputCss } from './CodeInput.css.ts';

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** Called once with the six digits when every box is filled (auto-submit). */
  onComplete: (code: string) => void;
  /** 'Code should be numeric' (or null) whenever the last keystroke or paste was refused. */
  onError: (message: string | null) => void;
  /** Boxes are read-only while verifying and after success. */
  disabled?: boolean;
  /** Tints the boxes. */
  state?: 'idle' | 'verifying' | 'invalid' | 'success';
  /** Focus the first box on mount (after the boxes were cleared by a remount). */
  autoFocus?: boolean;
  messages: Messages;
}

/**
 * The six numeric boxes of the login code (spec sections 4 and 5). All logic is core's
 * `codeInput` (pure functions): typing a digit fills the box and moves on, a paste spreads the
 * digits, Backspace clears and moves back, anything non-numeric is refused with 'Code should
 * be numeric'. The first box has `autocomplete="one-time-code"`; boxes are labelled 'Digit 1'...
 * Remount it (change its `key`) to clear the boxes.
 */
export function CodeInput({
  onComplete,
  onError,
  disabled = false,
  state = 'idle',
  autoFocus = false,
  messages,
}: CodeInputProps) {
  useStyleSheet(codeInputCss);
  const [digits, setDigits] = useState<string[]>(() => codeInput.empty(CODE_LENGTH));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const pendingFocus = useRef<number | null>(autoFocus ? 0 : null);

  useEffect(() => {
    if (pendingFocus.current === null) return;
    boxes.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  const apply = (result: ReturnType<typeof codeInput.type>) => {
    if (disabled) return;
    setDigits(result.digits);
    onError(result.error);
    pendingFocus.current = result.focusIndex;
    if (result.complete && !result.error) onComplete(result.digits.join(''));
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(codeInput.backspace(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(codeInput.paste(digits, index, event.clipboardData.getData('text'), { messages }));
  };

  return (
    <div className="lk-code" data-state={state}>
      {digits.map((digit, index) => (
        <input
          // Index keys: the six boxes are fixed positions.
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className="lk-code__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={formatMessage(messages.digitLabel, { n: String(index + 1) })}
          value={digit}
          readOnly={disabled}
          aria-disabled={disabled || undefined}
          onChange={(event) =>
            apply(codeInput.type(digits, index, event.target.value, { messages }))
          }
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
