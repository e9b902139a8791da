import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, installApiHooks } from '../src/api/client.ts';
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
    expect(
      billingLink('https://pay.example.com/buy?c={companyId}&plan={tier}&every={period}', 'abc', {
        tier: 2,
        period: 0,
      }),
    ).toBe('https://pay.example.com/buy?c=abc&plan=2&every=monthly');
  });

  it('turns free-trial dates into date-input values and back (the end of the day, UTC)', () => {
    expect(dateInputValue('2030-01-02T03:04:05.000Z')).toBe('2030-01-02');
    expect(dateInputValue(null)).toBe('');
    expect(isoFromDateInput('2030-01-02')).toBe('2030-01-02T23:59:59.000Z');
    expect(isoFromDateInput('')).toBeNull();
  });
});

describe('the API client and a refusal for the plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  function hooks() {
    return {
      getAccessToken: () => 'token',
      refresh: async () => false,
      onSignedOut: vi.fn(),
      onEulaRequired: vi.fn(),
      onSubscriptionRequired: vi.fn(),
      notify: vi.fn(),
    };
  }
  const answer = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('opens the subscription dialog of the level, not an error toast, even for a silent call', async () => {
    const installed = hooks();
    installApiHooks(installed);
    vi.stubGlobal(
      'fetch',
      answer(403, { message: 'Pro only', subscriptionRequired: 'professional', feature: 'nodalExport' }),
    );
    await expect(api('/Project/1/Prediction/2/NodalExport')).rejects.toBeInstanceOf(ApiError);
    expect(installed.onSubscriptionRequired).toHaveBeenCalledWith('professional');
    expect(installed.notify).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      answer(403, { message: 'Active only', subscriptionRequired: 'active', feature: 'runPrediction' }),
    );
    await expect(api('/Project/1/Prediction/2/Run', { method: 'POST', silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(installed.onSubscriptionRequired).toHaveBeenLastCalledWith('active');
  });

  it('keeps other 403s as error toasts', async () => {
    const installed = hooks();
    installApiHooks(installed);
    vi.stubGlobal('fetch', answer(403, 'You are not allowed to do this.'));
    await expect(api('/Company/Accounts')).rejects.toBeInstanceOf(ApiError);
    expect(installed.onSubscriptionRequired).not.toHaveBeenCalled();
    expect(installed.notify).toHaveBeenCalledWith('error', ['You are not allowed to do this.']);
  });
});
