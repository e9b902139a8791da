/**
 * docs/permissions.md, "Users of a company": every cell of the table through the API — each role
 * (User, Manager, Admin, ITAdmin of the company; FSLRAdmin of another company) on each action, on a
 * fresh target user of the company; and an admin of another company, who gets 404 on all of them.
 */
import { expect, it } from 'vitest';
import { projects } from '../../src/db/schema.ts';
import { addCompanyUser, signUpUser } from './factories.ts';
import { STRONG_PASSWORD, call, describeEachDatabase, uniqueEmail } from './harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Action {
  name: string;
  /** Only managers may (403 for the others); false: every role of the company may. */
  managersOnly: boolean;
  /** The target must be Pending (resend the welcome email). */
  pending?: boolean;
  /** The target owns a project (to move). */
  ownsProject?: boolean;
  request(ids: { companyId: string; target: string; heir: string; projectId: number }): {
    method: Method;
    url: string;
    payload?: Record<string, unknown>;
  };
}

const ACTIONS: Action[] = [
  {
    name: 'list',
    managersOnly: false,
    request: ({ companyId }) => ({ method: 'GET', url: `/api/Company/${companyId}/user` }),
  },
  {
    name: 'search',
    managersOnly: false,
    request: ({ companyId }) => ({ method: 'GET', url: `/api/User/Search?companyId=${companyId}&q=target` }),
  },
  {
    name: 'read',
    managersOnly: false,
    request: ({ target }) => ({ method: 'GET', url: `/api/User/${target}` }),
  },
  {
    name: 'invite',
    managersOnly: true,
    request: ({ companyId }) => ({
      method: 'POST',
      url: `/api/Company/${companyId}/User`,
      payload: { users: [{ email: uniqueEmail('cell'), firstName: 'Cell', lastName: 'Test' }] },
    }),
  },
  {
    name: 'role',
    managersOnly: true,
    request: ({ target }) => ({
      method: 'PUT',
      url: `/api/User/${target}/Role`,
      payload: { role: 'Manager' },
    }),
  },
  {
    name: 'status',
    managersOnly: true,
    request: ({ target }) => ({ method: 'PUT', url: `/api/User/${target}/Status`, payload: { status: 0 } }),
  },
  {
    name: 'delete',
    managersOnly: true,
    request: ({ target }) => ({ method: 'DELETE', url: `/api/User/Delete/${target}` }),
  },
  {
    name: 'resend welcome',
    managersOnly: true,
    pending: true,
    request: ({ target }) => ({ method: 'POST', url: `/api/User/${target}/ResendWelcomeEmail` }),
  },
  {
    name: 'set password',
    managersOnly: true,
    request: ({ target }) => ({
      method: 'POST',
      url: `/api/User/${target}/SetUserPassword`,
      payload: { password: STRONG_PASSWORD },
    }),
  },
  {
    name: 'owned assets',
    managersOnly: true,
    request: ({ target }) => ({ method: 'GET', url: `/api/users/${target}/reassign-assets` }),
  },
  {
    name: 'reassign assets',
    managersOnly: true,
    request: ({ target, heir }) => ({
      method: 'POST',
      url: `/api/users/${target}/reassign-assets`,
      payload: { toUserId: heir },
    }),
  },
  {
    name: 'assets by type',
    managersOnly: true,
    request: ({ target }) => ({ method: 'GET', url: `/api/User/${target}/0/asset` }),
  },
  {
    name: 'move chosen assets',
    managersOnly: true,
    ownsProject: true,
    request: ({ target, heir, projectId }) => ({
      method: 'POST',
      url: `/api/User/${target}/asset`,
      payload: { toUserId: heir, assets: [{ assetType: 1, id: projectId }] },
    }),
  },
];

describeEachDatabase('company users: the permissions table', (ctx) => {
  const app = () => ctx().app;
  /** A project the target owns. */
  const projectOf = async (companyId: string, ownerId: string): Promise<number> => {
    const [row] = await ctx()
      .database.db.insert(projects)
      .values({ companyId, ownerId, name: 'Cell project', latitude: 10, longitude: 10 })
      .returning({ id: projects.id });
    return row?.id ?? 0;
  };

  it('answers every role × action as docs/permissions.md says', async () => {
    const owner = await signUpUser(app());
    const companyId = owner.user.companyId;
    const other = await signUpUser(app());
    const heir = await addCompanyUser(app(), companyId, { lastName: 'Heir' });
    const callers = {
      User: { token: (await addCompanyUser(app(), companyId, { roles: ['User'] })).token, manages: false },
      Manager: {
        token: (await addCompanyUser(app(), companyId, { roles: ['Manager'] })).token,
        manages: false,
      },
      Admin: { token: (await addCompanyUser(app(), companyId, { roles: ['Admin'] })).token, manages: true },
      ITAdmin: {
        token: (await addCompanyUser(app(), companyId, { roles: ['ITAdmin'] })).token,
        manages: true,
      },
      FSLRAdmin: {
        token: (await addCompanyUser(app(), other.user.companyId, { roles: ['FSLRAdmin'] })).token,
        manages: true,
      },
    };
    const cells: string[] = [];
    for (const action of ACTIONS) {
      for (const [role, caller] of Object.entries(callers)) {
        const target = await addCompanyUser(app(), companyId, {
          lastName: 'Target',
          status: action.pending ? 2 : 1,
        });
        const projectId = action.ownsProject ? await projectOf(companyId, target.id) : 0;
        const { method, url, payload } = action.request({
          companyId,
          target: target.id,
          heir: heir.id,
          projectId,
        });
        const res = await call(app(), { method, url, token: caller.token, ...(payload ? { payload } : {}) });
        const allowed = !action.managersOnly || caller.manages;
        const expected = allowed ? (action.name === 'invite' ? 201 : 200) : 403;
        cells.push(
          `${action.name} by ${role}: ${res.statusCode}${res.statusCode === expected ? '' : ` (expected ${expected}) ${res.body}`}`,
        );
      }
      // Another company's admin: 404 on all of them.
      const target = await addCompanyUser(app(), companyId, { status: action.pending ? 2 : 1 });
      const projectId = action.ownsProject ? await projectOf(companyId, target.id) : 0;
      const { method, url, payload } = action.request({
        companyId,
        target: target.id,
        heir: heir.id,
        projectId,
      });
      const res = await call(app(), { method, url, token: other.token, ...(payload ? { payload } : {}) });
      cells.push(
        `${action.name} by another company: ${res.statusCode}${res.statusCode === 404 ? '' : ' (expected 404)'}`,
      );
    }
    expect(cells.filter((cell) => cell.includes('expected'))).toEqual([]);
    expect(cells).toHaveLength(ACTIONS.length * 6);
  });
});
