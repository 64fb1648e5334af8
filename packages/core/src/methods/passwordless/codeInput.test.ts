import { describe, expect, it } from 'vitest';
import { codeInput } from './codeInput.ts';

const empty = codeInput.empty();
const digits = (s: string) => s.split('').map((c) => (c === '_' ? '' : c));

describe('codeInput.empty', () => {
  it('has six empty boxes by default', () => {
    expect(empty).toEqual(['', '', '', '', '', '']);
    expect(codeInput.empty(4)).toHaveLength(4);
  });
});

describe('codeInput.type', () => {
  it('fills the box and moves focus to the next', () => {
    expect(codeInput.type(empty, 0, '7')).toEqual({
      digits: digits('7_____'),
      focusIndex: 1,
      error: null,
      complete: false,
    });
  });

  it('is complete when the last box is filled, focus stays on the last box', () => {
    expect(codeInput.type(digits('12345_'), 5, '6')).toEqual({
      digits: digits('123456'),
      focusIndex: 5,
      error: null,
      complete: true,
    });
  });

  it("refuses a non-numeric character with 'Code should be numeric'", () => {
    const r = codeInput.type(digits('12____'), 2, 'a');
    expect(r.error).toBe('Code should be numeric');
    expect(r.digits).toEqual(digits('12____'));
    expect(r.focusIndex).toBe(2);
  });

  it('takes the overridden message', () => {
    expect(
      codeInput.type(empty, 0, 'x', { messages: { codeShouldBeNumeric: 'Nur Ziffern' } }).error,
    ).toBe('Nur Ziffern');
  });

  it('clears a box with an empty value', () => {
    expect(codeInput.type(digits('123___'), 1, '').digits).toEqual(digits('1_3___'));
  });

  it('keeps the new digit when a filled box reports old + new', () => {
    const r = codeInput.type(digits('12____'), 1, '29');
    expect(r.digits).toEqual(digits('19____'));
    expect(r.focusIndex).toBe(2);
  });

  it('handles autofill of the whole code into one box as a paste', () => {
    expect(codeInput.type(empty, 0, '654321')).toMatchObject({
      digits: digits('654321'),
      complete: true,
    });
  });

  it('does not mutate its input', () => {
    const before = digits('1_____');
    codeInput.type(before, 1, '2');
    expect(before).toEqual(digits('1_____'));
  });
});

describe('codeInput.paste', () => {
  it.each(['123456', '123 456', '123-456', ' 12 34 56 '])('spreads %j over the boxes', (text) => {
    expect(codeInput.paste(empty, 3, text)).toEqual({
      digits: digits('123456'),
      focusIndex: 5,
      error: null,
      complete: true,
    });
  });

  it('spreads a partial paste from the focused box', () => {
    expect(codeInput.paste(digits('1_____'), 1, '23')).toEqual({
      digits: digits('123___'),
      focusIndex: 3,
      error: null,
      complete: false,
    });
  });

  it('cuts what does not fit', () => {
    expect(codeInput.paste(empty, 4, '789').digits).toEqual(digits('____78'));
  });

  it('refuses non-numeric text', () => {
    const r = codeInput.paste(empty, 0, '12a456');
    expect(r.error).toBe('Code should be numeric');
    expect(r.digits).toEqual(empty);
  });
});

describe('codeInput.backspace', () => {
  it('clears the box and moves back', () => {
    expect(codeInput.backspace(digits('123___'), 2)).toEqual({
      digits: digits('12____'),
      focusIndex: 1,
      error: null,
      complete: false,
    });
  });

  it('in an empty box clears the previous one', () => {
    expect(codeInput.backspace(digits('12____'), 2)).toMatchObject({
      digits: digits('1_____'),
      focusIndex: 1,
    });
  });

  it('stays on the first box', () => {
    expect(codeInput.backspace(digits('1_____'), 0)).toMatchObject({
      digits: empty,
      focusIndex: 0,
    });
    expect(codeInput.backspace(empty, 0)).toMatchObject({ digits: empty, focusIndex: 0 });
  });

  it('on a complete code makes it incomplete', () => {
    expect(codeInput.backspace(digits('123456'), 5)).toMatchObject({
      complete: false,
      focusIndex: 4,
    });
  });
});
