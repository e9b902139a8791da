/**
 * docs/permissions.md "Agreements and login notifications" and "Project clone": every cell, each role
 * of the company, and another company (404 for projects).
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

const ROLES = ['User', 'Manager', 'Admin', 'ITAdmin', 'FSLRAdmin'] as const;
type Role = (typeof ROLES)[number];

/** Expected status of each action by role (docs/permissions.md). */
const TABLE: { action: string; allowed: readonly Role[] }[] = [
  { action: 'POST /User/Migrate', allowed: ROLES },
  { action: 'GET /User/MigrationAgreement', allowed: ROLES },
  { action: 'GET /LoginNotification/GetNotifications', allowed: ROLES },
  { action: 'POST /Company/MigrationAgreement', allowed: ['Admin', 'FSLRAdmin'] },
  { action: 'POST /Company/SuperAdminMigrationAgreement', allowed: ['FSLRAdmin'] },
  { action: 'GET /LoginNotification', allowed: ['FSLRAdmin'] },
  { action: 'POST /LoginNotification', allowed: ['FSLRAdmin'] },
  { action: 'DELETE /LoginNotification/{id}', allowed: ['FSLRAdmin'] },
  { action: 'POST /Project/{id}/Clone', allowed: ROLES },
];

describeEachDatabase('agreements and project clone permissions', (ctx) => {
  it('answers every role as the permissions table says', async () => {
    const { app } = ctx();
    const owner = await createCompanyUser(app, { roles: ['Admin'] });
    const project = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: owner.token,
      payload: { name: 'Permissions', latitude: 36, longitude: -80 },
    });
    const projectId = (project.json() as { id: number }).id;
    const superAdmin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const published: number[] = [];

    for (const role of ROLES) {
      const user = await createCompanyUser(app, { roles: [role], companyId: owner.companyId });
      for (const { action, allowed } of TABLE) {
        const [method, path] = action.split(' ') as [string, string];
        let url = path;
        let payload: Record<string, unknown> | undefined;
        if (url.includes('Migrat')) payload = { version: 1, accept: true };
        if (method === 'POST' && url === '/LoginNotification') payload = { companyId: owner.companyId };
        if (url === '/LoginNotification/{id}') {
          const made = await call(app, {
            method: 'POST',
            url: '/api/LoginNotification',
            token: superAdmin.token,
            payload: { companyId: owner.companyId },
          });
          const id = (made.json() as { id: number }).id;
          published.push(id);
          url = `/LoginNotification/${id}`;
        }
        if (url === '/Project/{id}/Clone') {
          url = `/Project/${projectId}/Clone`;
          payload = {};
        }
        const res = await call(app, {
          method: method as 'GET',
          url: `/api${url}`,
          token: user.token,
          payload,
        });
        const want = allowed.includes(role) ? 200 : 403;
        expect(`${role} ${action} ${res.statusCode}`, res.body).toBe(`${role} ${action} ${want}`);
        if (method === 'POST' && url === '/LoginNotification' && res.statusCode === 200)
          published.push((res.json() as { id: number }).id);
      }
    }
    for (const id of published)
      await call(app, { method: 'DELETE', url: `/api/LoginNotification/${id}`, token: superAdmin.token });

    // Another company, its super admin included: the project is not found.
    const stranger = await createCompanyUser(app, { roles: ['Admin'] });
    for (const token of [stranger.token, superAdmin.token]) {
      const res = await call(app, {
        method: 'POST',
        url: `/api/Project/${projectId}/Clone`,
        token,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
