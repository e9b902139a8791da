/**
 * docs/permissions.md "Global notifications": every cell, each role of the company, and another
 * company (its notifications are not found, whoever asks).
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

const ROLES = ['User', 'Manager', 'Admin', 'ITAdmin', 'FSLRAdmin'] as const;
type Role = (typeof ROLES)[number];

/** Expected status of each action by role (docs/permissions.md). */
const TABLE: { action: string; allowed: readonly Role[] }[] = [
  { action: 'GET /User/Notification', allowed: ROLES },
  { action: 'POST /User/Notification/{id}/Dismiss', allowed: ROLES },
  { action: 'GET /Notification', allowed: ['FSLRAdmin'] },
  { action: 'POST /Notification', allowed: ['FSLRAdmin'] },
  { action: 'DELETE /Notification/{id}', allowed: ['FSLRAdmin'] },
];

describeEachDatabase('notification permissions', (ctx) => {
  it('answers every role as the permissions table says', async () => {
    const { app } = ctx();
    const owner = await createCompanyUser(app, { roles: ['Admin'] });
    // The super admin who publishes belongs to another company: "any company".
    const superAdmin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const publish = async (companyId: string) => {
      const res = await call(app, {
        method: 'POST',
        url: '/api/Notification',
        token: superAdmin.token,
        payload: { type: 1, message: 'Maintenance', dismissable: true, companyId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    const shared = await publish(owner.companyId);
    const published = [shared];

    for (const role of ROLES) {
      const user = await createCompanyUser(app, { roles: [role], companyId: owner.companyId });
      for (const { action, allowed } of TABLE) {
        const [method, path] = action.split(' ') as [string, string];
        let url = path.replace('/User/Notification/{id}', `/User/Notification/${shared}`);
        let payload: Record<string, unknown> | undefined;
        if (method === 'POST' && url === '/Notification')
          payload = { type: 0, message: `From ${role}`, companyId: owner.companyId };
        if (url === '/Notification/{id}') {
          const id = await publish(owner.companyId);
          published.push(id);
          url = `/Notification/${id}`;
        }
        if (url.endsWith('/Dismiss')) payload = {};
        const res = await call(app, {
          method: method as 'GET',
          url: `/api${url}`,
          token: user.token,
          payload,
        });
        const want = allowed.includes(role) ? 200 : 403;
        expect(`${role} ${action} ${res.statusCode}`, res.body).toBe(`${role} ${action} ${want}`);
        if (method === 'POST' && url === '/Notification' && res.statusCode === 200)
          published.push((res.json() as { id: number }).id);
      }
    }

    // Another company, its super admin included, neither sees nor dismisses the company's notification.
    const stranger = await createCompanyUser(app, { roles: ['Admin'] });
    const fresh = await publish(owner.companyId);
    published.push(fresh);
    for (const token of [stranger.token, superAdmin.token]) {
      const shown = await call(app, { method: 'GET', url: '/api/User/Notification', token });
      expect((shown.json() as { id: number }[]).map((n) => n.id)).not.toContain(fresh);
      const res = await call(app, {
        method: 'POST',
        url: `/api/User/Notification/${fresh}/Dismiss`,
        token,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
    for (const id of published)
      await call(app, { method: 'DELETE', url: `/api/Notification/${id}`, token: superAdmin.token });
  });
});
