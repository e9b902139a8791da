import { expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { call, describeEachDatabase } from './harness.ts';
import { insertGlobal, multipart, tag } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';

const SUPER_ADMIN = ['User', 'Admin', 'FSLRAdmin'];

describeEachDatabase('module and inverter policies', (ctx) => {
  it("hides a company's assets from another company: every route answers 404", async () => {
    const { app } = ctx();
    const owner = await createCompanyUser(app);
    const other = await createCompanyUser(app);
    const word = tag('Secret');
    for (const kind of ['Module', 'Inverter'] as const) {
      const ids: number[] = [];
      for (const status of [1, 2, 3]) {
        const { id } = (
          await call(app, {
            method: 'POST',
            url: `/api/${kind}`,
            token: owner.token,
            payload: { name: `${word} ${kind} ${status}` },
          })
        ).json() as { id: number };
        if (status !== 1) {
          await call(app, {
            method: 'POST',
            url: `/api/${kind}/Status`,
            token: owner.token,
            payload: { items: [{ id, status, note: '' }] },
          });
        }
        ids.push(id);
      }
      for (const id of ids) {
        const attempts: InjectOptions[] = [
          { method: 'GET', url: `/api/${kind}/${id}` },
          { method: 'PUT', url: `/api/${kind}/${id}`, payload: { name: 'Taken over' } },
          { method: 'DELETE', url: `/api/${kind}/${id}` },
          { method: 'POST', url: `/api/${kind}/${id}/Clone` },
          { method: 'GET', url: `/api/${kind}/${id}/Note` },
          { method: 'GET', url: `/api/${kind}/${id}/Export` },
          {
            method: 'POST',
            url: `/api/${kind}/Status/Validate`,
            payload: { items: [{ id, status: 3, note: '' }] },
          },
          { method: 'POST', url: `/api/${kind}/Status`, payload: { items: [{ id, status: 4, note: '' }] } },
        ];
        for (const attempt of attempts) {
          const res = await call(app, { ...attempt, token: other.token });
          const label = `${attempt.method} ${attempt.url}`;
          expect(res.statusCode, label).toBe(404);
          expect(res.body, label).toBe(`${kind} not found`);
        }
      }
      const listed = await call(app, {
        method: 'GET',
        url: `/api/${kind}/${kind}Overview?search=${word}`,
        token: other.token,
      });
      expect(listed.json()).toMatchObject({ items: [], total: 0 });
      // Untouched for the owner.
      const mine = await call(app, {
        method: 'GET',
        url: `/api/${kind}/${kind}Overview?search=${word}`,
        token: owner.token,
      });
      expect((mine.json() as { total: number }).total).toBe(3);
    }
  });

  it("hides a colleague's Draft-Private assets from users but not from admins", async () => {
    const { app } = ctx();
    const author = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: author.companyId });
    const admin = await createCompanyUser(app, { companyId: author.companyId, roles: ['User', 'Admin'] });
    const word = tag('Private');
    const { id } = (
      await call(app, {
        method: 'POST',
        url: '/api/Module',
        token: author.token,
        payload: { name: `${word} mine` },
      })
    ).json() as { id: number };
    const seen = async (token: string) =>
      (
        (
          await call(app, { method: 'GET', url: `/api/Module/ModuleOverview?search=${word}`, token })
        ).json() as {
          total: number;
        }
      ).total;
    expect(await seen(author.token)).toBe(1);
    expect(await seen(colleague.token)).toBe(0);
    expect(await seen(admin.token)).toBe(1);
    expect(
      (await call(app, { method: 'GET', url: `/api/Module/${id}`, token: colleague.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(app, { method: 'GET', url: `/api/Module/${id}`, token: admin.token })).statusCode,
    ).toBe(200);
    // Shared, it is visible company-wide.
    await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: author.token,
      payload: { items: [{ id, status: 2, note: '' }] },
    });
    expect(await seen(colleague.token)).toBe(1);
  });

  it('keeps Global assets read-only to everyone but super admins', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const admin = await createCompanyUser(app, { roles: ['User', 'Admin'] });
    const superAdmin = await createCompanyUser(app, { roles: SUPER_ADMIN });
    const word = tag('Global');
    for (const kind of ['Module', 'Inverter'] as const) {
      const id = await insertGlobal(app, kind === 'Module' ? 'module' : 'inverter', {
        name: `${word} ${kind}`,
        data: kind === 'Module' ? { stcMaxPower: 300 } : { powerRated: 100 },
      });
      for (const caller of [user, admin]) {
        const read = await call(app, { method: 'GET', url: `/api/${kind}/${id}`, token: caller.token });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toMatchObject({ status: 5, companyId: null, isReadOnly: true, canDelete: false });
        const put = await call(app, {
          method: 'PUT',
          url: `/api/${kind}/${id}`,
          token: caller.token,
          payload: { name: 'Mine now' },
        });
        expect(put.statusCode).toBe(403);
        expect((put.json() as { message: string }).message).toBe(
          `Global ${kind.toLowerCase()}s are read-only: only super admins may change them.`,
        );
        expect(
          (await call(app, { method: 'DELETE', url: `/api/${kind}/${id}`, token: caller.token })).statusCode,
        ).toBe(403);
        const status = await call(app, {
          method: 'POST',
          url: `/api/${kind}/Status`,
          token: caller.token,
          payload: { items: [{ id, status: 6, note: '' }] },
        });
        expect(status.statusCode).toBe(400);
      }
      const edited = await call(app, {
        method: 'PUT',
        url: `/api/${kind}/${id}`,
        token: superAdmin.token,
        payload: { name: `${word} ${kind} corrected` },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        name: `${word} ${kind} corrected`,
        status: 5,
        isReadOnly: false,
      });
      const retire = await call(app, {
        method: 'POST',
        url: `/api/${kind}/Status`,
        token: superAdmin.token,
        payload: { items: [{ id, status: 6, note: 'superseded' }] },
      });
      expect(retire.json()).toBe(true);
      expect(
        (await call(app, { method: 'DELETE', url: `/api/${kind}/${id}`, token: superAdmin.token })).json(),
      ).toBe(true);
    }
  });

  it('needs a signed-in user', async () => {
    const { app } = ctx();
    const upload = multipart({ name: 'x.PAN', bytes: 'x' });
    for (const options of [
      { method: 'GET', url: '/api/Module/ModuleOverview' },
      { method: 'GET', url: '/api/Inverter/InverterOverview' },
      { method: 'POST', url: '/api/Module', payload: {} },
      { method: 'POST', url: '/api/Module/ImportPANFile', payload: upload.payload, headers: upload.headers },
    ] as InjectOptions[]) {
      expect((await call(app, options)).statusCode).toBe(401);
    }
  });
});
