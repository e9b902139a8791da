import { expect, it } from 'vitest';
import { call, describeEachDatabase } from '../harness.ts';
import { createCompanyUser } from '../projectFactory.ts';

/** "Headers and logs" and the query-string token finding. */
describeEachDatabase('security: headers and tokens', (ctx) => {
  it('refuses access_token in the query string on /api routes (401)', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const withHeader = await call(app, { method: 'GET', url: '/api/Project', token: user.token });
    expect(withHeader.statusCode, withHeader.body).toBe(200);
    const res = await call(app, { method: 'GET', url: `/api/Project?access_token=${user.token}` });
    expect(res.statusCode, res.body).toBe(401);
  });
});
