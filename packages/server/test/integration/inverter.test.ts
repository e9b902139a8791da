import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { countRows, insertGlobal, multipart, SHARED_DATA, tag } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';

const OND_NAME = 'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND';
const OND_BYTES = fs.readFileSync(path.join(SHARED_DATA, OND_NAME));
const OND_TEXT = OND_BYTES.toString('utf8');

interface Curve {
  voltage: number;
  efficiencyPoints: { power: number; efficiency: number }[];
}

describeEachDatabase('inverter library', (ctx) => {
  it("creates 'New Inverter' at 499.12345678 kW with the company default status, then edits and deletes", async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    await app.services.database.db
      .update(companies)
      .set({ defaultSettings: { miscellaneousSettings: { inverterStatus: 2, moduleStatus: 1 } } })
      .where(eq(companies.id, user.companyId));
    const created = await call(app, { method: 'POST', url: '/api/Inverter', token: user.token, payload: {} });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };
    const inverter = (
      await call(app, { method: 'GET', url: `/api/inverter/${id}`, token: user.token })
    ).json() as Record<string, unknown>;
    expect(inverter).toMatchObject({
      id,
      name: 'New Inverter',
      setpointkW: 499.12345678,
      status: 2,
      companyId: user.companyId,
      isReadOnly: false,
    });

    const put = await call(app, {
      method: 'PUT',
      url: `/api/Inverter/${id}`,
      token: user.token,
      payload: {
        ...inverter,
        name: 'Central 4.4',
        manufacturer: 'Acme',
        powerRated: 4400,
        maxAbsoluteVoltage: 1500,
        efficiencyCurves: [{ voltage: 1000, efficiencyPoints: [{ power: 440, efficiency: 98.1 }] }],
        usekVACurves: true,
        kVACurves: [
          {
            elevation: 0,
            kVAPoints: [
              { temperature: 25, kVA: 4600 },
              { temperature: 50, kVA: 4000 },
            ],
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Central 4.4', powerRated: 4400, maxAbsoluteVoltage: 1500 });
    const kva = await call(app, {
      method: 'GET',
      url: `/api/Inverter/${id}/kVA?Temperature=37.5&Elevation=100&UseCoolingTemp=true`,
      token: user.token,
    });
    expect(kva.json()).toEqual({ kVA: 4300 });

    const bad = await call(app, {
      method: 'PUT',
      url: `/api/Inverter/${id}`,
      token: user.token,
      payload: {
        name: 'x',
        efficiencyCurves: [{ voltage: 1000, efficiencyPoints: [{ power: 1, efficiency: 140 }] }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { modelState: Record<string, string[]> }).modelState).toEqual({
      'efficiencyCurves.0.efficiencyPoints.0.efficiency': ['Must be a number from 0 to 100 %.'],
    });
    expect(
      (await call(app, { method: 'DELETE', url: `/api/Inverter/${id}`, token: user.token })).json(),
    ).toBe(true);
    expect((await call(app, { method: 'GET', url: `/api/Inverter/${id}`, token: user.token })).body).toBe(
      'Inverter not found',
    );
  });

  it('lists inverters with search, power filter, sort and paging', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const word = tag('Inv');
    const ids: number[] = [];
    for (const [i, power] of [5, 60, 250, 3000].entries()) {
      ids.push(
        await insertGlobal(app, 'inverter', {
          name: `${word} Power: INV-${i} [480V]`,
          manufacturer: `${word} Power`,
          model: `INV-${i} [480V]`,
          data: { powerRated: power, maxAbsoluteVoltage: 1000 + i },
        }),
      );
    }
    const list = async (query: string) =>
      (
        await call(app, { method: 'GET', url: `/api/Inverter/InverterOverview?${query}`, token: user.token })
      ).json() as {
        items: {
          id: number;
          powerRating: number;
          maxAbsoluteVoltage: number;
          isReadOnly: boolean;
          status: number;
        }[];
        total: number;
      };
    const all = await list(`search=${word}%20inv&sort=powerRating&order=desc`);
    expect(all.total).toBe(4);
    expect(all.items.map((i) => i.powerRating)).toEqual([3000, 250, 60, 5]);
    expect(all.items[0]).toMatchObject({ maxAbsoluteVoltage: 1003, isReadOnly: true, status: 5 });
    expect((await list(`search=${word}&minPower=50&maxPower=300`)).items.map((i) => i.id).sort()).toEqual(
      [ids[1], ids[2]].sort(),
    );
    const page2 = await list(`search=${word}&sort=maxAbsoluteVoltage&order=asc&page=2&pageSize=3`);
    expect(page2.items.map((i) => i.id)).toEqual([ids[3]]);
  });

  it('reads the shared OND file into an inverter, and saves it on request', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const before = await countRows(app, 'inverter');
    const upload = multipart({ name: OND_NAME, bytes: OND_BYTES });
    const res = await call(app, {
      method: 'POST',
      url: '/api/Inverter/ParseONDFile',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const inverter = res.json() as Record<string, unknown>;
    expect(inverter).toMatchObject({
      name: 'ChintPower CPS SCH275KTL-DO/US-800',
      manufacturer: 'ChintPower',
      model: 'CPS SCH275KTL-DO/US-800',
      source: `OND file (${OND_NAME})`,
      powerRated: 250,
      minVoltage: 500,
      maxMPPVoltage: 1500,
      maxAbsoluteVoltage: 1500,
      maxCurrent: 360,
      outputVoltage: 800,
      minDCPowerThreshold: 0.5,
    });
    // A three-phase inverter's apparent power: √3 · VOutConv · IMaxAC = √3 · 800 V · 199 A = 275.7 kVA.
    expect(inverter.apparentPower as number).toBeCloseTo((Math.sqrt(3) * 800 * 199) / 1000, 6);
    const curves = inverter.efficiencyCurves as Curve[];
    expect(curves.map((c) => c.voltage)).toEqual([880, 1174, 1300]);
    expect(curves.map((c) => c.efficiencyPoints.length)).toEqual([8, 8, 8]);
    // 270325 W out of 275000 W in at 275 kW in the single profile; 98.65 % at 1174 V.
    expect(curves[1]!.efficiencyPoints.at(-1)!.efficiency).toBeCloseTo(98.65, 2);
    expect(await countRows(app, 'inverter')).toBe(before);

    // kVA of the unsaved inverter: 225 kVA at 50 °C by the file's derating.
    const kva = await call(app, {
      method: 'POST',
      url: '/api/Inverter/kVA',
      token: user.token,
      payload: { inverter, temperature: 50, elevation: 0, useCoolingTemp: true },
    });
    expect(kva.json()).toEqual({ kVA: 225 });

    const saved = await call(app, {
      method: 'POST',
      url: '/api/Inverter/ParseONDFile?save=true',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    const { id } = saved.json() as { id: number };
    const stored = (await call(app, { method: 'GET', url: `/api/Inverter/${id}`, token: user.token })).json();
    expect(stored).toMatchObject({ powerRated: 250, status: 1, source: `OND file (${OND_NAME})` });
    expect(
      (
        await call(app, { method: 'GET', url: `/api/Inverter/${id}/kVA?temperature=55`, token: user.token })
      ).json(),
    ).toEqual({ kVA: 157.5 });
  });

  it('refuses malformed and hostile OND files with a 400 naming the problem and creates nothing', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const before = await countRows(app, 'inverter');
    const cases: [string, Buffer | string, RegExp][] = [
      ['truncated', OND_BYTES.subarray(0, 1500), /truncated/],
      ['random binary', crypto.randomBytes(4096), /binary data|Binary OND files are not supported/],
      [
        'a PAN file',
        fs.readFileSync(path.join(SHARED_DATA, 'ET-M772BH550GL.PAN')),
        /not a PVsyst OND (inverter )?file/i,
      ],
      [
        'no power',
        OND_TEXT.replace('PNomConv=250.000', 'PNomConv=abc'),
        /PNomConv must be a positive number/,
      ],
      ['50 MB', Buffer.alloc(50 * 1024 * 1024, 'A'), /too large/],
    ];
    for (const [label, bytes, expected] of cases) {
      for (const url of ['/api/Inverter/ParseONDFile', '/api/Inverter/ParseONDFile?save=true']) {
        const upload = multipart({ name: 'hostile.OND', bytes });
        const res = await call(app, {
          method: 'POST',
          url,
          token: user.token,
          payload: upload.payload,
          headers: upload.headers,
        });
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(400);
        expect((res.json() as { message: string }).message, label).toMatch(expected);
      }
    }
    expect(await countRows(app, 'inverter')).toBe(before);
    // A UTF-16 OND file (PVsyst can save Unicode text) is decoded, not refused.
    const utf16 = multipart({
      name: 'unicode.OND',
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(OND_TEXT, 'utf16le')]),
    });
    const read = await call(app, {
      method: 'POST',
      url: '/api/Inverter/ParseONDFile',
      token: user.token,
      payload: utf16.payload,
      headers: utf16.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ name: 'ChintPower CPS SCH275KTL-DO/US-800', powerRated: 250 });
  });

  it('clones, exports and imports inverters', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const globalId = await insertGlobal(app, 'inverter', {
      name: `${tag('G')} Global inverter`,
      data: { powerRated: 100, kVACurves: [{ elevation: 0, kVAPoints: [{ temperature: 25, kVA: 100 }] }] },
    });
    const clone = await call(app, {
      method: 'POST',
      url: `/api/Inverter/${globalId}/Clone`,
      token: user.token,
    });
    const cloneId = (clone.json() as { id: number }).id;
    const copy = (
      await call(app, { method: 'GET', url: `/api/Inverter/${cloneId}`, token: user.token })
    ).json();
    expect(copy).toMatchObject({
      status: 1,
      powerRated: 100,
      source: 'CEC inverters 2022-02-18 (SAM library)',
    });
    const exported = await call(app, {
      method: 'GET',
      url: `/api/Inverter/${cloneId}/Export`,
      token: user.token,
    });
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename=".*CLONE\.json"$/);
    const asModule = multipart({ name: 'x.json', bytes: exported.body });
    const wrongKind = await call(app, {
      method: 'POST',
      url: '/api/Module/Import',
      token: user.token,
      payload: asModule.payload,
      headers: asModule.headers,
    });
    expect(wrongKind.statusCode).toBe(400);
    expect((wrongKind.json() as { message: string }).message).toBe(
      'This file is an export of an inverter, not of a module.',
    );
    const imported = await call(app, {
      method: 'POST',
      url: '/api/Inverter/Import',
      token: user.token,
      payload: asModule.payload,
      headers: asModule.headers,
    });
    expect(imported.statusCode).toBe(200);
  });
});
