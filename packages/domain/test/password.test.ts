import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblems } from '../src/password.ts';

describe('passwordProblems', () => {
  it('uses the exact messages of spec 1 §5', () => {
    expect(PASSWORD_MESSAGES.uppercase).toBe('One uppercase character');
    expect(PASSWORD_MESSAGES.number).toBe('One number');
    expect(PASSWORD_MESSAGES.special).toBe('Special Character');
  });

  it('accepts a strong password', () => {
    expect(passwordProblems('Sunfield-2026!')).toEqual([]);
    expect(passwordProblems('ABCDEFG1 ')).toEqual([]);
  });

  it('lists every unmet rule, in order', () => {
    expect(passwordProblems('')).toEqual([
      'At least 8 characters',
      'One uppercase character',
      'One number',
      'Special Character',
    ]);
    expect(passwordProblems('abcdefgh')).toEqual([
      'One uppercase character',
      'One number',
      'Special Character',
    ]);
  });

  it('names the single missing rule', () => {
    expect(passwordProblems('abcdefg1!')).toEqual(['One uppercase character']);
    expect(passwordProblems('Abcdefgh!')).toEqual(['One number']);
    expect(passwordProblems('Abcdefg1')).toEqual(['Special Character']);
    expect(passwordProblems('Ab1!xyz')).toEqual(['At least 8 characters']);
  });
});
