import { expect, it } from 'vitest';
import { setMaintenanceMode } from '../../../src/models/systemSettings.ts';
import { call, describeEachDatabase } from '../harness.ts';
import { createCompanyUser } from '../projectFactory.ts';

/** "Sign-in and accounts": the token and account findings. */
describeEachDatabase('security: sign-in and accounts', (ctx) => {
  it('refuses sign-up and TOTP setup during maintenance mode', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    await setMaintenanceMode(database.db, { maintenanceMode: true, message: null });
    try {
      const signUp = await call(app, {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'maint@example.com', password: 'Long-enough-1', firstName: 'A', lastName: 'B' },
      });
      expect(signUp.statusCode, signUp.body).toBe(503);
      const setup = await call(app, { method: 'POST', url: '/api/auth/totp/setup', token: user.token });
      expect(setup.statusCode, setup.body).toBe(503);
      const login = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong' },
      });
      expect(login.statusCode).not.toBe(503);
    } finally {
      await setMaintenanceMode(database.db, { maintenanceMode: false, message: null });
    }
  });
});
