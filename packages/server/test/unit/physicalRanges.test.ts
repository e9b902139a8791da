/**
 * The server's entity bodies, status-change bodies and list and search queries keep the domain's
 * physical ranges (every number bounded and finite: a status within its enumeration's ids, a skip,
 * page or offset within 10^8, a power filter within a device's power), and
 * those ranges admit every real device the server ships or reads: each entry of the seeded CEC lists,
 * the demo's CEC extracts, and the PAN and OND files of the public SDK's examples.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sharedPath } from '../../../../scripts/sharedDir.ts';
import { unboundedNumbers } from '@sunfield/domain/api/ranges.ts';
import { parseCecInverterLibrary, parseCecModuleLibrary } from '@sunfield/engine/library/cecCsv.ts';
import { readOndFile, readPanFile } from '@sunfield/engine/library/pvsystRecords.ts';
import { inverterFromCec, moduleFromCec } from '../../src/commands/equipmentRecords.ts';
import { cecLibraryEntries, SHIPPED_LIBRARY_DIR } from '../../src/commands/librarySeed.ts';
import { DEMO_DIR } from '../../src/commands/seedDemoData.ts';
import { ashraeQuerySchema, stationQuerySchema } from '../../src/routes/ashrae/index.ts';
import { querySchema as definitionsQuerySchema } from '../../src/routes/definitions/index.ts';
import { elevationQuerySchema } from '../../src/routes/geo/index.ts';
import {
  inverterBodySchema,
  kvaBodySchema,
  kvaQuerySchema,
  libraryListQuerySchema,
  moduleBodySchema,
  overviewQuerySchema,
  statusChangeSchema as equipmentStatusChangeSchema,
} from '../../src/routes/module/schemas.ts';
import { defaultIamQuery } from '../../src/routes/module/tools.ts';
import { cloneQuerySchema, predictionStatusChangeSchema } from '../../src/routes/prediction/schemas.ts';
import { predictionLogQuerySchema } from '../../src/routes/predictionLog/index.ts';
import {
  notificationCreateSchema,
  notificationListQuerySchema,
} from '../../src/routes/general/notifications.ts';
import {
  projectListQuerySchema,
  projectSearchQuerySchema,
  statusChangeSchema as projectStatusChangeSchema,
} from '../../src/routes/project/schemas.ts';
import { deleteQuery, searchQuery, statusBody as userStatusBody } from '../../src/routes/user/admin.ts';
import { nodalQuerySchema } from '../../src/results/nodal.ts';
import { newInverterEntity } from '../../src/routes/inverter/inverterRules.ts';
import { newModuleEntity } from '../../src/routes/module/moduleRules.ts';
import { createWeatherSchema, updateWeatherDetailsSchema } from '../../src/routes/weather/detailsSchemas.ts';
import {
  finalizeImportSchema,
  gtiSchema,
  importCorrectionsSchema,
  qualityCheckSchema,
  statusChangeSchema as weatherStatusChangeSchema,
  updateWeatherSchema,
  weatherListQuerySchema,
  weatherSearchQuerySchema,
  detailQuerySchema as weatherDetailQuerySchema,
} from '../../src/routes/weather/schemas.ts';

const SDK_EXAMPLES = sharedPath('clients', 'plantpredict-python-sdk', 'example_usage');

const BODIES: Record<string, z.ZodType> = {
  module: moduleBodySchema,
  inverter: inverterBodySchema,
  kvaBody: kvaBodySchema,
  kvaQuery: kvaQuerySchema,
  createWeather: createWeatherSchema,
  updateWeatherDetails: updateWeatherDetailsSchema,
  updateWeather: updateWeatherSchema,
  importCorrections: importCorrectionsSchema,
  finalizeImport: finalizeImportSchema,
  globalTiltedPlane: gtiSchema,
  qualityCheck: qualityCheckSchema,
  // status changes (PUT …/Status and the like)
  projectStatusChange: projectStatusChangeSchema,
  predictionStatusChange: predictionStatusChangeSchema,
  equipmentStatusChange: equipmentStatusChangeSchema,
  weatherStatusChange: weatherStatusChangeSchema,
  userStatus: userStatusBody,
  // list and search queries
  projectList: projectListQuerySchema,
  projectSearch: projectSearchQuerySchema,
  moduleOverview: overviewQuerySchema('module'),
  inverterOverview: overviewQuerySchema('inverter'),
  moduleList: libraryListQuerySchema('module'),
  inverterList: libraryListQuerySchema('inverter'),
  weatherList: weatherListQuerySchema,
  weatherSearch: weatherSearchQuerySchema,
  weatherDetails: weatherDetailQuerySchema,
  predictionLog: predictionLogQuerySchema,
  notificationList: notificationListQuerySchema,
  notificationCreate: notificationCreateSchema,
  predictionClone: cloneQuerySchema,
  nodal: nodalQuerySchema,
  userSearch: searchQuery,
  userDelete: deleteQuery,
  definitions: definitionsQuerySchema,
  elevation: elevationQuerySchema,
  ashrae: ashraeQuerySchema,
  ashraeStation: stationQuerySchema,
  defaultIam: defaultIamQuery,
};

/** The issues of the entities a schema refuses, `name: path message`, at most `limit` of them. */
function refusals(schema: z.ZodType, entities: Record<string, unknown>[], limit = 10): string[] {
  const out: string[] = [];
  for (const entity of entities) {
    const result = schema.safeParse(entity);
    if (result.success) continue;
    for (const issue of result.error.issues)
      out.push(`${String(entity.name)}: ${issue.path.join('.')} ${issue.message}`);
    if (out.length >= limit) break;
  }
  return out;
}

describe('physical ranges of the server bodies', () => {
  it.each(Object.keys(BODIES))(
    'every numeric field of the %s body or query is bounded and finite',
    (name) => {
      expect(unboundedNumbers(BODIES[name]!)).toEqual([]);
    },
  );

  it('admit every module and inverter of the seeded CEC lists', { timeout: 120_000 }, () => {
    const entries = cecLibraryEntries(SHIPPED_LIBRARY_DIR);
    if ('missing' in entries) throw new Error(entries.missing);
    expect(entries.modules.length).toBeGreaterThan(16_000);
    const modules = entries.modules.map((m) => ({ ...m.data, name: m.name }));
    const inverters = entries.inverters.map((v) => ({ ...v.data, name: v.name }));
    expect(refusals(moduleBodySchema, modules)).toEqual([]);
    expect(refusals(inverterBodySchema, inverters)).toEqual([]);
  });

  it("admit the demo's CEC modules and inverters", () => {
    const modules = parseCecModuleLibrary(
      fs.readFileSync(path.join(DEMO_DIR, 'cec-module.csv'), 'utf8'),
    ).records.map((m) => ({ ...moduleFromCec(m), name: m.name }));
    const inverters = parseCecInverterLibrary(
      fs.readFileSync(path.join(DEMO_DIR, 'cec-inverter.csv'), 'utf8'),
    ).records.map((v) => ({ ...inverterFromCec(v), name: v.name }));
    expect(modules.length).toBeGreaterThan(0);
    expect(refusals(moduleBodySchema, modules)).toEqual([]);
    expect(refusals(inverterBodySchema, inverters)).toEqual([]);
  });

  it("admit the SDK examples' PAN and OND files as the import routes read them", () => {
    const pan = fs.readFileSync(path.join(SDK_EXAMPLES, 'FS-6480-P CdTe January2022_v7211.PAN'));
    const module = readPanFile(new Uint8Array(pan), 'FS-6480-P.PAN').record;
    expect(refusals(moduleBodySchema, [{ ...newModuleEntity(module), ...module }])).toEqual([]);
    const ond = fs.readFileSync(path.join(SDK_EXAMPLES, 'Huawei_SUN2000-60KTL_M0_480V.OND'));
    const inverter = readOndFile(new Uint8Array(ond), 'Huawei.OND').record;
    expect(refusals(inverterBodySchema, [{ ...newInverterEntity(), ...inverter }])).toEqual([]);
  });

  it("admit the SDK example's weather records", () => {
    const file = path.join(SDK_EXAMPLES, 'weather_details.json');
    const records = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
      ),
    );
    const body = { name: 'W', latitude: 35, longitude: -119, status: 1, pLevel: 3, dataType: 3 };
    const result = createWeatherSchema.safeParse({ ...body, dataProvider: 4, weatherDetails: records });
    expect(result.error?.issues.slice(0, 5) ?? []).toEqual([]);
  });
});
