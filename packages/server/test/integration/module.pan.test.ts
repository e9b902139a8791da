import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { countRows, multipart, SHARED_DATA } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';

const PAN_NAME = 'ET-M772BH550GL.PAN';
const PAN_BYTES = fs.readFileSync(path.join(SHARED_DATA, PAN_NAME));
const PAN_TEXT = PAN_BYTES.toString('latin1');

/** The hostile and malformed uploads, each with the words its 400 must contain. */
const HOSTILE: { label: string; file: Buffer | string; name?: string; expect: RegExp }[] = [
  { label: 'truncated', file: PAN_TEXT.slice(0, Math.floor(PAN_TEXT.length / 2)), expect: /truncated/ },
  {
    label: 'random binary',
    file: crypto.randomBytes(8192),
    expect: /binary data|Binary PAN files are not supported/,
  },
  { label: 'empty', file: Buffer.alloc(0), expect: /empty/ },
  { label: 'not a PAN file', file: 'Hello,World\n1,2\n', expect: /not a PVsyst PAN file/i },
  {
    label: 'an OND file',
    file: 'PVObject_=pvGInverter\nEnd of PVObject pvGInverter\n',
    expect: /not a PVsyst PAN|NCelS is missing/i,
  },
  {
    label: 'invalid number',
    file: PAN_TEXT.replace('Isc=14.000', 'Isc=fourteen'),
    expect: /Isc on line \d+ is not a number/,
  },
  {
    label: 'non-physical values',
    file: PAN_TEXT.replace('Voc=49.90', 'Voc=-49.90'),
    expect: /Voc on line \d+ is out of range/,
  },
];

describeEachDatabase('PAN import', (ctx) => {
  it('reads the shared PAN file into a module without saving it', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const before = await countRows(app, 'module');
    const upload = multipart({ name: PAN_NAME, bytes: PAN_BYTES });
    const res = await call(app, {
      method: 'POST',
      url: '/api/Module/ImportPANFile',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const module = res.json() as Record<string, number | string | unknown[]>;
    expect(module).toMatchObject({
      name: 'ET SOLAR ET-M772BH550GL',
      manufacturer: 'ET SOLAR',
      model: 'ET-M772BH550GL',
      source: `PAN file (${PAN_NAME})`,
      stcMaxPower: 550,
      numberOfCellsInSeries: 72,
      numberOfCellsInParallel: 2,
      stcShortCircuitCurrent: 14,
      stcOpenCircuitVoltage: 49.9,
      stcmppCurrent: 13.11,
      stcmppVoltage: 41.96,
      stcPowerTempCoef: -0.34,
      seriesResistanceAtSTC: 0.203,
      shuntResistanceAtSTC: 300,
      darkShuntResistance: 2000,
      exponentialDependencyOnShuntResistance: 5.5,
      diodeIdealityFactorAtSTC: 0.98,
      referenceIrradiance: 1000,
      referenceTemperature: 25,
      cellTechnologyType: 3,
      faciality: 1,
      bifacialityFactor: 0.7,
      length: 2278,
      width: 1134,
    });
    // muISC 7.28 mA/K of 14 A, muVocSpec −128 mV/K of 49.9 V, in %/K.
    expect(module.stcShortCircuitCurrentTempCoef as number).toBeCloseTo(0.052, 6);
    expect(module.stcOpenCircuitVoltageTempCoef as number).toBeCloseTo(-0.2565, 4);
    expect(module.iamFactors).toHaveLength(9);
    expect((module.iamFactors as { incidenceAngle: number; factor: number }[])[7]).toEqual({
      incidenceAngle: 80,
      factor: 0.66,
    });
    expect(await countRows(app, 'module')).toBe(before);

    // The UI saves the reviewed module.
    const saved = await call(app, { method: 'POST', url: '/api/Module', token: user.token, payload: module });
    const id = (saved.json() as { id: number }).id;
    const stored = (await call(app, { method: 'GET', url: `/api/Module/${id}`, token: user.token })).json();
    expect(stored).toMatchObject({ stcMaxPower: 550, source: `PAN file (${PAN_NAME})`, status: 1 });
  });

  it('decodes UTF-16 PAN files (with and without a byte-order mark) into the same module', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    for (const bytes of [
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PAN_TEXT, 'utf16le')]),
      Buffer.from(PAN_TEXT, 'utf16le'),
    ]) {
      const upload = multipart({ name: 'unicode.PAN', bytes });
      const res = await call(app, {
        method: 'POST',
        url: '/api/Module/ImportPANFile',
        token: user.token,
        payload: upload.payload,
        headers: upload.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'ET SOLAR ET-M772BH550GL', stcMaxPower: 550 });
    }
  });

  it('creates a module from a PAN file, with an optional name', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const upload = multipart({ name: PAN_NAME, bytes: PAN_BYTES }, { name: 'ET 550 bifacial' });
    const res = await call(app, {
      method: 'POST',
      url: '/api/Module/CreatePANFileModule',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    const module = (await call(app, { method: 'GET', url: `/api/Module/${id}`, token: user.token })).json();
    expect(module).toMatchObject({
      name: 'ET 550 bifacial',
      manufacturer: 'ET SOLAR',
      stcMaxPower: 550,
      numberOfCellsInSeries: 72,
      source: `PAN file (${PAN_NAME})`,
      ownerId: user.userId,
    });
  });

  it('refuses malformed and hostile files with a 400 naming the problem and creates nothing', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const before = await countRows(app, 'module');
    for (const hostile of HOSTILE) {
      for (const url of ['/api/Module/ImportPANFile', '/api/Module/CreatePANFileModule']) {
        const upload = multipart({ name: hostile.name ?? 'hostile.PAN', bytes: hostile.file });
        const res = await call(app, {
          method: 'POST',
          url,
          token: user.token,
          payload: upload.payload,
          headers: upload.headers,
        });
        const label = `${hostile.label} → ${url}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        const body = res.json() as { message: string; modelState: Record<string, string[]> };
        expect(body.message, label).toMatch(hostile.expect);
        expect(body.modelState.file, label).toEqual([body.message]);
      }
    }
    const notMultipart = await call(app, {
      method: 'POST',
      url: '/api/Module/CreatePANFileModule',
      token: user.token,
      payload: { file: PAN_TEXT },
    });
    // A JSON body is the module ImportPANFile answered (the SDK's way); this one is not a module.
    expect(notMultipart.statusCode).toBe(400);
    expect((notMultipart.json() as { modelState: Record<string, string[]> }).modelState.name).toEqual([
      'Name is required.',
    ]);
    expect(await countRows(app, 'module')).toBe(before);
  });

  it('refuses a 50 MB upload before reading it', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const before = await countRows(app, 'module');
    const huge = Buffer.alloc(50 * 1024 * 1024, 'A');
    const upload = multipart({ name: 'huge.PAN', bytes: huge });
    const res = await call(app, {
      method: 'POST',
      url: '/api/Module/CreatePANFileModule',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('The PAN file is too large: the limit is 1 MB.');
    // Without a declared length, the stream stops at the limit.
    const chunked = await call(app, {
      method: 'POST',
      url: '/api/Module/ImportPANFile',
      token: user.token,
      payload: Readable.from([upload.payload]),
      headers: upload.headers,
    });
    expect(chunked.statusCode).toBe(400);
    expect(await countRows(app, 'module')).toBe(before);
  });

  it('parses a custom electrical shading table', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const csv = 'Shaded cells,Loss\n0,0\n1,0.33\n2,0.66\n';
    const upload = multipart({ name: 'shading.csv', bytes: csv });
    const res = await call(app, {
      method: 'POST',
      url: '/api/Module/ElectricalShading/CustomParse',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      electricalShadingInputTable: [
        { shadedFraction: 0, powerLoss: 0 },
        { shadedFraction: 1, powerLoss: 0.33 },
        { shadedFraction: 2, powerLoss: 0.66 },
      ],
    });
    const bad = multipart({ name: 'shading.csv', bytes: 'a,b\n1,x\n' });
    const refused = await call(app, {
      method: 'POST',
      url: '/api/Module/ElectricalShading/CustomParse',
      token: user.token,
      payload: bad.payload,
      headers: bad.headers,
    });
    expect(refused.statusCode).toBe(400);
  });
});
