import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveAllMessages } from '../../messages.ts';
import { CodeInput } from './CodeInput.tsx';

afterEach(() => {
  cleanup();
});

const messages = resolveAllMessages();

function setup() {
  const onComplete = vi.fn();
  const onError = vi.fn();
  render(<CodeInput messages={messages} onComplete={onComplete} onError={onError} />);
  const boxes = [1, 2, 3, 4, 5, 6].map(
    (n) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement,
  );
  return { boxes, onComplete, onError };
}

describe('CodeInput', () => {
  it('renders six numeric boxes labelled Digit 1..6, one-time-code on the first', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box.getAttribute('inputmode')).toBe('numeric');
    expect(boxes[0]!.getAttribute('autocomplete')).toBe('one-time-code');
    expect(boxes[1]!.getAttribute('autocomplete')).toBe('off');
  });

  it('typing a digit fills the box and moves focus to the next', () => {
    const { boxes } = setup();
    boxes[0]!.focus();
    fireEvent.change(boxes[0]!, { target: { value: '4' } });
    expect(boxes[0]!.value).toBe('4');
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('refuses a non-numeric character with "Code should be numeric"', () => {
    const { boxes, onError } = setup();
    fireEvent.change(boxes[0]!, { target: { value: 'a' } });
    expect(boxes[0]!.value).toBe('');
    expect(onError).toHaveBeenLastCalledWith('Code should be numeric');
  });

  it('a paste spreads the digits over the boxes and submits when all six are filled', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123 456' } });
    expect(boxes.map((b) => b.value).join('')).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('a non-numeric paste changes nothing and shows the error', () => {
    const { boxes, onError, onComplete } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '12ab56' } });
    expect(boxes.map((b) => b.value).join('')).toBe('');
    expect(onError).toHaveBeenLastCalledWith('Code should be numeric');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('Backspace clears the box and moves focus back', () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0]!, { target: { value: '1' } });
    fireEvent.change(boxes[1]!, { target: { value: '2' } });
    boxes[1]!.focus();
    fireEvent.keyDown(boxes[1]!, { key: 'Backspace' });
    expect(boxes[1]!.value).toBe('');
    expect(boxes[0]!.value).toBe('1');
    expect(document.activeElement).toBe(boxes[0]);
    // In an empty box, Backspace clears the previous one.
    boxes[1]!.focus();
    fireEvent.keyDown(boxes[1]!, { key: 'Backspace' });
    expect(boxes[0]!.value).toBe('');
  });

  it('auto-submits once when typing fills the sixth box', () => {
    const { boxes, onComplete } = setup();
    '987654'.split('').forEach((d, i) => {
      fireEvent.change(boxes[i]!, { target: { value: d } });
    });
    expect(onComplete).toHaveBeenCalledWith('987654');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });
});

describe('CodeInput while disabled', () => {
  it('ignores typing, paste and Backspace', () => {
    const onComplete = vi.fn();
    render(<CodeInput messages={messages} onComplete={onComplete} onError={() => {}} disabled />);
    const first = screen.getByLabelText('Digit 1') as HTMLInputElement;
    fireEvent.change(first, { target: { value: '1' } });
    fireEvent.paste(first, { clipboardData: { getData: () => '123456' } });
    expect(first.value).toBe('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('focuses the first box on mount with autoFocus', () => {
    render(<CodeInput messages={messages} onComplete={() => {}} onError={() => {}} autoFocus />);
    expect(document.activeElement).toBe(screen.getByLabelText('Digit 1'));
  });
});
