import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('system', (ctx) => {
  it('answers the version without sign-in, case-insensitively', async () => {
    for (const url of ['/api/system/version', '/api/System/Version', '/API/SYSTEM/VERSION']) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toHaveProperty('version');
    }
  });
  it('answers 401 with an empty body for a protected route without a token', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/user/current' });
    expect([401, 404]).toContain(res.statusCode);
  });
});
