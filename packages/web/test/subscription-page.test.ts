import { describe, expect, it } from 'vitest';
import { billingLink } from '../src/screens/subscription/api.ts';
import { dateInputValue, isoFromDateInput } from '../src/screens/manageAccounts/keys.ts';

describe('subscription page helpers', () => {
  it('fills the company into the billing provider’s address, as written or as URL() encoded it', () => {
    expect(billingLink(null, 'c1')).toBeNull();
    expect(billingLink('https://pay.example.com/c?company={companyId}', 'a b')).toBe(
      'https://pay.example.com/c?company=a%20b',
    );
    expect(billingLink('https://pay.example.com/%7BcompanyId%7D/portal', 'abc')).toBe(
      'https://pay.example.com/abc/portal',
    );
  });

  it('turns free-trial dates into date-input values and back (the end of the day, UTC)', () => {
    expect(dateInputValue('2030-01-02T03:04:05.000Z')).toBe('2030-01-02');
    expect(dateInputValue(null)).toBe('');
    expect(isoFromDateInput('2030-01-02')).toBe('2030-01-02T23:59:59.000Z');
    expect(isoFromDateInput('')).toBeNull();
  });
});
