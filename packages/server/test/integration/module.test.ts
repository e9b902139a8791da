import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { insertGlobal, multipart, tag } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';

interface Overview {
  items: {
    id: number;
    name: string;
    manufacturer: string | null;
    model: string | null;
    stcMaxPower: number | null;
    cellTechnologyType: number | null;
    faciality: number;
    status: number;
    source: string | null;
    ownerId: string | null;
    ownerName: string | null;
    lastModified: string;
    isReadOnly: boolean;
  }[];
  total: number;
  page: number;
  pageSize: number;
}

describeEachDatabase('module library', (ctx) => {
  it('creates a new module with the spec defaults and the company default status', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app, { firstName: 'Mia' });
    const created = await call(app, { method: 'POST', url: '/api/Module', token: user.token, payload: {} });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };
    const res = await call(app, { method: 'GET', url: `/api/module/${id}`, token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'New Module',
      status: 1,
      faciality: 0,
      referenceIrradiance: 1000,
      referenceTemperature: 25,
      ashraeiamB0: 0.05,
      useDefaultSandiaIAM: true,
      useDefaultTabularIAM: true,
      refractiveIndex: 1.526,
      electricalShadingInputTable: [],
      companyId: user.companyId,
      ownerId: user.userId,
      ownerName: 'Mia Planner',
      source: 'User',
      note: null,
      isReadOnly: false,
      canDelete: true,
    });

    // Company default status (miscellaneousSettings.moduleStatus) applies to new modules.
    await app.services.database.db
      .update(companies)
      .set({ defaultSettings: { miscellaneousSettings: { moduleStatus: 2 } } })
      .where(eq(companies.id, user.companyId));
    const second = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: user.token,
      payload: { name: 'Shared draft', stcMaxPower: 400 },
    });
    const shared = await call(app, {
      method: 'GET',
      url: `/api/Module/${(second.json() as { id: number }).id}`,
      token: user.token,
    });
    expect(shared.json()).toMatchObject({ name: 'Shared draft', status: 2, stcMaxPower: 400 });
  });

  it('updates, validates, applies the save rules and deletes', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const { id } = (
      await call(app, { method: 'POST', url: '/api/Module', token: user.token, payload: { name: 'Draft 1' } })
    ).json() as { id: number };
    const current = (
      await call(app, { method: 'GET', url: `/api/Module/${id}`, token: user.token })
    ).json() as Record<string, unknown>;

    const put = await call(app, {
      method: 'PUT',
      url: `/api/Module/${id}`,
      token: user.token,
      payload: {
        ...current,
        name: 'Draft 1 edited',
        manufacturer: 'Acme',
        model: 'AC-550',
        stcMaxPower: 550,
        cellTechnologyType: 1,
        faciality: 0,
        bifacialityFactor: 0.7,
        transmissionFactor: 0.1,
        description: null,
        // The library fields in the body are ignored.
        status: 5,
        companyId: null,
      },
    });
    expect(put.statusCode).toBe(200);
    const updated = put.json() as Record<string, unknown>;
    expect(updated).toMatchObject({
      id,
      name: 'Draft 1 edited',
      manufacturer: 'Acme',
      model: 'AC-550',
      stcMaxPower: 550,
      status: 1,
      companyId: user.companyId,
    });
    // Monofacial modules drop the bifacial factors; null-valued fields are not stored, and the answer
    // shows every spec 3 field, so they read null.
    expect(updated).toMatchObject({ bifacialityFactor: null, transmissionFactor: null, description: null });

    const bad = await call(app, {
      method: 'PUT',
      url: `/api/Module/${id}`,
      token: user.token,
      payload: { name: '', stcMaxPower: 'many' },
    });
    expect(bad.statusCode).toBe(400);
    const badBody = bad.json() as { message: string; modelState: Record<string, string[]> };
    expect(badBody.modelState.name).toEqual(['Name is required.']);
    expect(badBody.modelState.stcMaxPower).toEqual(['Must be greater than 0 and at most 2000 W.']);

    const shading = await call(app, {
      method: 'PUT',
      url: `/api/Module/${id}`,
      token: user.token,
      payload: { name: 'Shade test', moduleShadingResponse: 5, electricalShadingInputTable: [] },
    });
    expect(shading.statusCode).toBe(400);
    expect(shading.json()).toMatchObject({
      message: 'Shade test could not be saved. Shading Table values are required.',
    });

    expect((await call(app, { method: 'DELETE', url: `/api/Module/${id}`, token: user.token })).json()).toBe(
      true,
    );
    const gone = await call(app, { method: 'GET', url: `/api/Module/${id}`, token: user.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe('Module not found');
  });

  it('searches, filters, sorts and pages the overview', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: user.companyId, firstName: 'Cole' });
    const word = tag('Srch');
    const g1 = await insertGlobal(app, 'module', {
      name: `${word} Solar GX-400`,
      manufacturer: `${word} Solar`,
      model: 'GX-400',
      data: { stcMaxPower: 400, cellTechnologyType: 3 },
    });
    const g2 = await insertGlobal(app, 'module', {
      name: `${word} Solar GX-550`,
      manufacturer: `${word} Solar`,
      model: 'GX-550',
      data: { stcMaxPower: 550, cellTechnologyType: 6 },
    });
    const retired = await insertGlobal(app, 'module', {
      name: `${word} Solar OLD-100`,
      manufacturer: `${word} Solar`,
      model: 'OLD-100',
      status: 6,
      data: { stcMaxPower: 100, cellTechnologyType: 5 },
    });
    const create = async (token: string, name: string, power: number) =>
      (
        (
          await call(app, {
            method: 'POST',
            url: '/api/Module',
            token,
            payload: {
              name,
              manufacturer: `${word} Own`,
              model: name,
              stcMaxPower: power,
              cellTechnologyType: 1,
            },
          })
        ).json() as { id: number }
      ).id;
    const mineDraft = await create(user.token, `${word} Mine A`, 450);
    const mineActive = await create(user.token, `${word} Mine B`, 500);
    const theirs = await create(colleague.token, `${word} Theirs`, 420);
    await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: user.token,
      payload: { items: [{ id: mineActive, status: 3, note: 'ready' }] },
    });
    await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: colleague.token,
      payload: { items: [{ id: theirs, status: 2, note: null }] },
    });

    const list = async (query: string) => {
      const res = await call(app, {
        method: 'GET',
        url: `/api/Module/ModuleOverview?${query}`,
        token: user.token,
      });
      expect(res.statusCode, query).toBe(200);
      return res.json() as Overview;
    };

    // Every word must match, in any of manufacturer, model and name, whatever the case.
    const all = await list(`search=${word.toLowerCase()}`);
    expect(all.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      [g1, g2, retired, mineDraft, mineActive, theirs].sort((a, b) => a - b),
    );
    expect(all.total).toBe(6);
    expect((await list(`search=${word}%20gx-5`)).items.map((i) => i.id)).toEqual([g2]);
    expect((await list(`search=${word}%20nothing`)).total).toBe(0);
    // Punctuation is ignored (library.search.test.ts), so LIKE wildcards are no wildcards.
    expect((await list(`search=${word}%25`)).total).toBe(6);
    expect((await list(`search=${word}%25gx`)).total).toBe(0);

    // The default filter of the library: own assets with status Active, and every Global one.
    const defaults = await list(`search=${word}&status=3,5&ownerOnly=true`);
    expect(defaults.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      [g1, g2, mineActive].sort((a, b) => a - b),
    );

    const powered = await list(`search=${word}&minPower=420&maxPower=500&sort=stcMaxPower&order=desc`);
    expect(powered.items.map((i) => i.stcMaxPower)).toEqual([500, 450, 420]);
    // A filter bound past the largest module is a fair question (the web's boxes take any number).
    const unbounded = await list(`search=${word}&minPower=420`);
    const pastLargest = await list(`search=${word}&minPower=420&maxPower=5000`);
    expect(pastLargest.items.map((i) => i.id)).toEqual(unbounded.items.map((i) => i.id));
    expect(pastLargest.items.length).toBeGreaterThan(3);
    expect((await list(`search=${word}&cellTechnologyType=3,6`)).items.map((i) => i.id).sort()).toEqual(
      [g1, g2].sort(),
    );

    const paged1 = await list(`search=${word}&sort=name&order=asc&page=1&pageSize=4`);
    const paged2 = await list(`Search=${word}&SORT=name&order=ASC&page=2&pageSize=4`);
    expect(paged1).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(paged1.items).toHaveLength(4);
    expect(paged2.items).toHaveLength(2);
    const names = [...paged1.items, ...paged2.items].map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const global = all.items.find((i) => i.id === g2)!;
    expect(global).toMatchObject({
      name: `${word} Solar GX-550`,
      stcMaxPower: 550,
      cellTechnologyType: 6,
      faciality: 0,
      status: 5,
      source: 'CEC modules 2021-12-01 (SAM library)',
      ownerId: null,
      ownerName: null,
      isReadOnly: true,
    });
    expect(all.items.find((i) => i.id === theirs)).toMatchObject({
      ownerName: 'Cole Planner',
      isReadOnly: false,
    });

    const badQuery = await call(app, {
      method: 'GET',
      url: '/api/Module/ModuleOverview?sort=weight&pageSize=0&status=9',
      token: user.token,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(Object.keys((badQuery.json() as { modelState: object }).modelState).sort()).toEqual([
      'pageSize',
      'sort',
      'status',
    ]);
  });

  it('clones with the status rule of spec 1 §4 and keeps the source', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const word = tag('Clone');
    const globalId = await insertGlobal(app, 'module', {
      name: `${word} Global`,
      data: { stcMaxPower: 330 },
    });
    const cloneOf = async (id: number) => {
      const res = await call(app, { method: 'POST', url: `/api/Module/${id}/Clone`, token: user.token });
      expect(res.statusCode).toBe(200);
      const cloneId = (res.json() as { id: number }).id;
      return (
        await call(app, { method: 'GET', url: `/api/Module/${cloneId}`, token: user.token })
      ).json() as Record<string, unknown>;
    };
    const fromGlobal = await cloneOf(globalId);
    expect(fromGlobal).toMatchObject({
      name: `${word} Global - CLONE`,
      status: 1,
      companyId: user.companyId,
      ownerId: user.userId,
      source: 'CEC modules 2021-12-01 (SAM library)',
      stcMaxPower: 330,
      isReadOnly: false,
    });

    // A Draft-Shared source keeps Draft-Shared only when the company default is Draft-Shared too.
    const { id: sharedId } = (
      await call(app, {
        method: 'POST',
        url: '/api/Module',
        token: user.token,
        payload: { name: `${word} S` },
      })
    ).json() as { id: number };
    await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: user.token,
      payload: [{ id: sharedId, status: 2, note: '' }],
    });
    expect((await cloneOf(sharedId)).status).toBe(1);
    await app.services.database.db
      .update(companies)
      .set({ defaultSettings: { miscellaneousSettings: { moduleStatus: 2 } } })
      .where(eq(companies.id, user.companyId));
    const user2 = await createCompanyUser(app, { companyId: user.companyId });
    const res = await call(app, { method: 'POST', url: `/api/Module/${sharedId}/Clone`, token: user2.token });
    const clone2 = (
      await call(app, {
        method: 'GET',
        url: `/api/Module/${(res.json() as { id: number }).id}`,
        token: user2.token,
      })
    ).json() as { status: number };
    expect(clone2.status).toBe(2);
  });

  it('keeps notes, changes status in two calls and refuses statuses the user may not set', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const { id } = (
      await call(app, {
        method: 'POST',
        url: '/api/Module',
        token: user.token,
        payload: { name: 'Status me' },
      })
    ).json() as { id: number };
    const items = [{ id, status: 3, note: 'Checked against the datasheet' }];
    const validate = await call(app, {
      method: 'POST',
      url: '/api/Module/Status/Validate',
      token: user.token,
      payload: { items },
    });
    expect(validate.json()).toEqual({ data: { draftComponents: [] }, isValid: true });
    const change = await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: user.token,
      payload: { items },
    });
    expect(change.json()).toBe(true);
    const note = await call(app, { method: 'GET', url: `/api/Module/${id}/Note`, token: user.token });
    expect(note.json()).toEqual({ note: 'Checked against the datasheet' });
    const active = (
      await call(app, { method: 'GET', url: `/api/Module/${id}`, token: user.token })
    ).json() as {
      status: number;
      isReadOnly: boolean;
      canDelete: boolean;
    };
    expect(active).toMatchObject({ status: 3, isReadOnly: true, canDelete: false });
    // Active is read-only: no edit, no delete.
    const put = await call(app, {
      method: 'PUT',
      url: `/api/Module/${id}`,
      token: user.token,
      payload: { name: 'x' },
    });
    expect(put.statusCode).toBe(403);
    expect((put.json() as { message: string }).message).toBe('Status me is read-only in its current status.');
    expect(
      (await call(app, { method: 'DELETE', url: `/api/Module/${id}`, token: user.token })).statusCode,
    ).toBe(403);

    const toGlobal = await call(app, {
      method: 'POST',
      url: '/api/Module/Status/Validate',
      token: user.token,
      payload: { items: [{ id, status: 5, note: '' }] },
    });
    expect(toGlobal.statusCode).toBe(400);
    expect((toGlobal.json() as { modelState: Record<string, string[]> }).modelState['items[0]']).toEqual([
      'Status me: status 5 cannot be set.',
    ]);
    const empty = await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: user.token,
      payload: { items: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('exports a module and imports the export as a new one', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const { id } = (
      await call(app, {
        method: 'POST',
        url: '/api/Module',
        token: user.token,
        payload: {
          name: 'Export/me',
          manufacturer: 'Acme',
          model: 'X1',
          stcMaxPower: 410,
          numberOfCellsInSeries: 66,
        },
      })
    ).json() as { id: number };
    const exported = await call(app, { method: 'GET', url: `/api/Module/${id}/Export`, token: user.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="Export_me.json"');
    const file = exported.json() as Record<string, unknown>;
    expect(file).toMatchObject({ sunfieldExport: 'module', name: 'Export/me', stcMaxPower: 410 });
    expect(file).not.toHaveProperty('id');
    expect(file).not.toHaveProperty('companyId');

    const upload = multipart({
      name: 'Export_me.json',
      bytes: exported.body,
      contentType: 'application/json',
    });
    const imported = await call(app, {
      method: 'POST',
      url: '/api/Module/Import',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(imported.statusCode).toBe(200);
    const copy = (
      await call(app, {
        method: 'GET',
        url: `/api/Module/${(imported.json() as { id: number }).id}`,
        token: user.token,
      })
    ).json();
    expect(copy).toMatchObject({
      name: 'Export/me',
      manufacturer: 'Acme',
      stcMaxPower: 410,
      numberOfCellsInSeries: 66,
    });

    const notJson = multipart({ name: 'x.json', bytes: '{"name": ' });
    const refused = await call(app, {
      method: 'POST',
      url: '/api/Module/Import',
      token: user.token,
      payload: notJson.payload,
      headers: notJson.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toBe('The module file is not valid JSON.');
  });

  it('gives the default IAM of an ASHRAE coefficient', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const res = await call(app, {
      method: 'GET',
      url: '/api/Module/DefaultIAM?ashraeiamB0=0.05',
      token: user.token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      tabularIAM: { incidenceAngle: number; factor: number }[];
      sandiaIAMB0: number;
    };
    expect(body.tabularIAM).toHaveLength(19);
    expect(body.tabularIAM[0]).toEqual({ incidenceAngle: 0, factor: 1 });
    // ASHRAE: 1 − 0.05·(1/cos 60° − 1) = 0.95
    expect(body.tabularIAM[12]!.factor).toBeCloseTo(0.95, 10);
    expect(body.sandiaIAMB0).toBe(1);
    const bad = await call(app, {
      method: 'GET',
      url: '/api/Module/DefaultIAM?ashraeiamB0=abc',
      token: user.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});
