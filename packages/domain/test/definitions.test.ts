/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ASSET_STATUS,
  DEFINITIONS,
  PREDICTION_DRAFT_STATUSES,
  PREDICTION_STATUS,
  PROCESSING_STATUS,
  PROJECT_STATUS,
  TIME_SERIES_TYPE,
  definitionLabel,
  definitionValue,
  definitionsCatalog,
  findDefinition,
  isAssetStatusDeletable,
  isAssetStatusEditable,
  isDraftPredictionStatus,
  type Definition,
} from '../src/definitions.ts';
import { sharedDir } from '../../../scripts/sharedDir.ts';

const catalog = definitionsCatalog();
const names = (type: string): string[] => findDefinition(type)!.values.map((v) => v.name);
const labels = (type: string): string[] => findDefinition(type)!.values.map((v) => v.label ?? v.name);
const ids = (type: string): number[] => findDefinition(type)!.values.map((v) => v.id);

describe('definitions catalog', () => {
  it('has unique types, type aliases, ids and names', () => {
    const seen = new Set<string>();
    for (const definition of catalog) {
      for (const type of [definition.type, ...(definition.aliases ?? [])]) {
        expect(seen.has(type.toLowerCase()), type).toBe(false);
        seen.add(type.toLowerCase());
      }
      const valueIds = definition.values.map((v) => v.id);
      expect(new Set(valueIds).size, definition.type).toBe(valueIds.length);
      const valueNames = definition.values.map((v) => v.name);
      expect(new Set(valueNames).size, definition.type).toBe(valueNames.length);
      for (const value of definition.values) expect(Number.isInteger(value.id)).toBe(true);
    }
  });

  it('serves the GET /Definitions shape and no constant keys', () => {
    for (const definition of catalog) {
      expect(Object.keys(definition).every((k) => ['type', 'aliases', 'values'].includes(k))).toBe(true);
      for (const value of definition.values) {
        expect(Object.keys(value).every((k) => ['id', 'name', 'label', 'aliases'].includes(k))).toBe(true);
      }
    }
  });

  it('hands out copies', () => {
    const first = definitionsCatalog();
    first[0]!.values[0]!.name = 'changed';
    expect(definitionsCatalog()[0]!.values[0]!.name).not.toBe('changed');
  });

  it('finds a definition by type or alias, case-insensitively', () => {
    expect(findDefinition('predictionstatusenum')?.type).toBe('PredictionStatusEnum');
    expect(findDefinition('AssetStatusEnum')?.type).toBe('LibraryStatusEnum');
    expect(findDefinition('LimitType')?.type).toBe('TimeSeriesType');
    expect(findDefinition('NoSuchEnum')).toBeUndefined();
  });

  it('finds values by id, name, label, alias or key', () => {
    expect(definitionValue('ProjectStatusEnum', 'StringSize')?.id).toBe(2);
    expect(definitionValue('ProjectStatusEnum', 'voltage pro')?.id).toBe(2);
    expect(definitionValue('PredictionStatusEnum', 'As Built')?.id).toBe(7);
    expect(definitionValue('PredictionStatusEnum', 'DRAFT_SHARED')?.id).toBe(2);
    expect(definitionValue('AirMassModelType', 'KastenSandia')?.id).toBe(1);
    expect(definitionValue('AirMassModelType', 9)).toBeUndefined();
    expect(definitionValue('NoSuchEnum', 1)).toBeUndefined();
    expect(definitionLabel('SubscriptionTypeEnum', 5)).toBe('Enterprise');
    expect(definitionLabel('PredictionStatusEnum', null)).toBeUndefined();
  });
});

describe('spec 1 §3 enumerations', () => {
  it('subscription types with their shown names', () => {
    expect(ids('SubscriptionTypeEnum')).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(names('SubscriptionTypeEnum')).toEqual([
      'Free',
      'Premium',
      'Professional',
      'Enterprise',
      'Education',
      'Strategic',
      'FreeTrial',
      'Business',
    ]);
    expect(labels('SubscriptionTypeEnum')).toEqual([
      'Free',
      'Individual',
      'Professional',
      'Enterprise',
      'Education',
      'Enterprise',
      'Free Trial',
      'Business',
    ]);
  });

  it('billing period, company type, asset type and statuses', () => {
    expect(names('BillingPeriodEnum')).toEqual(['Monthly', 'Annual']);
    expect(names('CompanyTypeEnum')).toEqual([
      'Other',
      'EPC',
      'Utility',
      'Developer',
      'Education',
      'Vendor',
      'IndependentEngineer',
      'Individual',
    ]);
    expect(names('AssetTypeEnum')).toEqual(['All', 'Project', 'Module', 'Inverter', 'Weather', 'Prediction']);
    expect(ids('AssetTypeEnum')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(names('CompanyStatusEnum')).toEqual(['Disabled', 'Active', 'Pending']);
    expect(names('UserStatusEnum').slice(0, 3)).toEqual(['Disabled', 'Active', 'Pending']);
  });

  it('asset, project and prediction statuses', () => {
    expect(ids('LibraryStatusEnum')).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
    expect(names('AssetStatus')).toEqual([
      'Unknown',
      'DraftPrivate',
      'DraftShared',
      'Active',
      'Retired',
      'Global',
      'GlobalRetired',
      'StringSizing',
    ]);
    expect(names('ProjectStatusEnum')).toEqual(['Active', 'Archived', 'VoltagePro']);
    expect(PROJECT_STATUS).toEqual({ Active: 0, Archived: 1, VoltagePro: 2 });
    expect(ids('PredictionStatusEnum')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(labels('PredictionStatusEnum')).toEqual([
      'Draft-Private',
      'Draft-Shared',
      'Analysis',
      'Bid',
      'Contract',
      'Development',
      'As-Built',
      'Warranty',
      'Archived',
      'String-Sizing',
    ]);
  });

  it('processing and download statuses', () => {
    expect(PROCESSING_STATUS).toEqual({ None: 0, Queued: 1, Running: 2, Success: 3, Error: 4, Cancelled: 5 });
    expect(names('DownloadStatusEnum')).toEqual([
      'None',
      'Queued',
      'Downloading',
      'Success',
      'Error',
      'Cancelled',
    ]);
  });

  it('module enumerations', () => {
    expect(labels('CellTechnologyTypeEnum').slice(0, 7)).toEqual([
      'N-type mono c-Si',
      'P-type mono PERC',
      'P-type mono BSF',
      'Poly PERC',
      'Poly BSF',
      'CdTe',
      'CIGS',
    ]);
    expect(ids('CellTechnologyTypeEnum').slice(0, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(names('ConstructionTypeEnum')).toEqual(['GlassGlass', 'GlassBacksheet']);
    expect(names('CellDesignType')).toEqual(['FullCell', 'HalfCell', 'NotApplicable', 'NoneSpecified']);
    expect(names('FacialityEnum')).toEqual(['Monofacial', 'Bifacial']);
    expect(ids('PvModelType')).toEqual([0, 1, 3]);
    expect(findDefinition('ModuleShadingResponse')!.values.map((v) => [v.id, v.name])).toEqual([
      [0, 'Linear'],
      [1, 'None'],
      [3, 'FractionalEffect'],
      [5, 'ModuleFileDefined'],
      [6, 'StepFractional'],
    ]);
  });

  it('model choices', () => {
    expect(names('BacktrackingType')).toEqual(['TrueTracking', 'Backtracking', 'TimeSeries']);
    expect(names('TranspositionModelType')).toEqual(['Hay', 'Perez']);
    expect(names('DiffuseDirectDecompModelType')).toEqual(['Erbs', 'Reindl', 'Dirint', 'None']);
    expect(names('ModuleTemperatureModelType')).toEqual(['HeatBalance', 'Sandia', 'NOCT', 'DCFieldDefined']);
    expect(names('DCFieldModuleTemperatureModelType')).toEqual(['HeatBalance', 'Sandia', 'NOCT']);
    expect(names('Mounting')).toEqual(['FixedTilt', 'Tracker', 'SeasonalTilt']);
    expect(findDefinition('IncidenceAngleModelType')!.values.map((v) => [v.id, v.name])).toEqual([
      [2, 'Sandia'],
      [3, 'ASHRAE'],
      [4, 'None'],
      [5, 'Tabular'],
      [6, 'Physical'],
    ]);
  });

  it('notifications, limit types, shade results, time steps, granularity, exports, units', () => {
    expect(names('NotificationTypeEnum')).toEqual(['Announcement', 'Warning', 'Error']);
    expect(TIME_SERIES_TYPE).toEqual({
      InverterSetPoint: 0,
      InverterDerate: 1,
      TrackingAngle: 2,
      ModuleSurfaceTemperature: 3,
      LGIAlimit: 4,
      CurrentMaxAdjustment: 5,
      VoltageMaxAdjustment: 6,
    });
    expect(names('ShadeResultKind')).toEqual([
      'BeamIrradianceLoss',
      'ShadeElectricalEffectLoss',
      'TranspositionFactor',
      'CombinedLoss',
    ]);
    expect(names('TimeStep')).toEqual(['Hourly', 'Daily', 'Monthly', 'Yearly']);
    expect(names('ResultGranularity')).toEqual(['Day', 'Month', 'Year', 'All']);
    expect(labels('BatchExportType')).toEqual(['Plant Summary 8760']);
    expect(names('UnitSystemEnum')).toEqual(['Metric', 'Imperial']);
    expect(labels('RoleEnum')).toEqual(['User', 'Admin', 'Super Admin', 'Manager', 'IT Admin']);
    for (const type of [
      'WeatherDataSource',
      'WeatherVendor',
      'WeatherDataType',
      'LossKind',
      'ConstructionType',
    ]) {
      expect(findDefinition(type), type).toBeDefined();
    }
  });
});

describe('status rules (spec 1 §4)', () => {
  it('treats draft-private, draft-shared and string-sizing predictions as drafts', () => {
    expect(PREDICTION_DRAFT_STATUSES).toEqual([1, 2, 10]);
    expect(PREDICTION_STATUS.DRAFT_PRIVATE).toBe(PREDICTION_STATUS.DraftPrivate);
    for (const id of ids('PredictionStatusEnum')) {
      expect(isDraftPredictionStatus(id), String(id)).toBe([1, 2, 10].includes(id));
    }
    expect(isDraftPredictionStatus(null)).toBe(false);
  });

  it('lets unknown and draft assets be edited, and string-sizing ones be deleted too', () => {
    for (const id of ids('LibraryStatusEnum')) {
      expect(isAssetStatusEditable(id), String(id)).toBe([0, 1, 2].includes(id));
      expect(isAssetStatusDeletable(id), String(id)).toBe([0, 1, 2, 10].includes(id));
    }
    expect(ASSET_STATUS.STRING_SIZING).toBe(10);
  });
});

// ---------------------------------------------------------------------------------------------
// Spec 3 enum catalog: every (type, id, name) is served, under its name, label or an alias.

const specPath = path.join(sharedDir(), 'spec', '3-api-data-model.md');
const hasSpec = fs.existsSync(specPath);

/** Values of the catalog that spec 1 overrides with other ids (spec 1 wins). */
const OVERRIDDEN: Record<string, number[]> = { ModuleShadingResponse: [0, 1, 2] };

function knownBy(definition: Definition, id: number, name: string): boolean {
  const value = definition.values.find((v) => v.id === id);
  return !!value && [value.name, value.label, ...(value.aliases ?? [])].includes(name);
}

describe.skipIf(!hasSpec)('spec 3 enum catalog', () => {
  const text = hasSpec ? fs.readFileSync(specPath, 'utf8') : '';
  const section = text.slice(text.indexOf('## Enum catalog'));
  const entries = [...section.matchAll(/^- \*\*(\w+)\*\*: (.*)$/gm)].map(([, type, list]) => ({
    type: type!,
    values: [...list!.matchAll(/(\d+)=(.*?)(?=, \d+=|$)/g)].map(([, id, name]) => ({
      id: Number(id),
      name: name!,
    })),
  }));

  it('was parsed', () => {
    expect(entries.length).toBeGreaterThan(60);
  });

  it('is served in full', () => {
    for (const entry of entries) {
      const definition = findDefinition(entry.type);
      expect(definition, entry.type).toBeDefined();
      expect(definition!.type).toBe(entry.type);
      for (const { id, name } of entry.values) {
        if (OVERRIDDEN[entry.type]?.includes(id)) continue;
        expect(knownBy(definition!, id, name), `${entry.type} ${id}=${name}`).toBe(true);
      }
    }
  });

  it('includes the values seen only in the OpenAPI schema', () => {
    const extra: [string, number, string][] = [
      ['PredictionStatusEnum', 10, 'StringSizing'],
      ['ProjectStatusEnum', 2, 'VoltagePro'],
      ['ProjectStatusEnum', 2, 'StringSize'],
      ['IncidenceAngleModelType', 6, 'PhysicalIAM'],
      ['DirectBeamShadingModel', 6, 'StepFractionalElectricalShading'],
      ['ModuleTemperatureModelType', 2, 'NOCT'],
      ['ModuleTemperatureModelType', 3, 'DCFieldDefined'],
      ['PredictionVersionEnum', 11, 'Version 11'],
      ['PredictionVersionEnum', 12, 'Version 12'],
      ['PredictionVersionEnum', 13, 'Version13Beta'],
      ['WeatherSourceTypeAPIEnum', 9, 'PVGIS'],
      ['WeatherFormat', 15, 'PVGIS'],
      ['WeatherDataProvider', 23, 'PVGIS'],
      ['DataSourceType', 7, 'PlantPredict'],
      ['IrradianceOptimizationType', 0, 'None'],
      ['IrradianceOptimizationType', 1, 'PlantPredict'],
      ['IrradianceOptimizationType', 2, 'ArrayTechnologies'],
      ['WindStowType', 0, 'Disabled'],
      ['WindStowType', 1, 'PlantPredict'],
      ['WindStowType', 2, 'ArrayTechnologies'],
      ['ShadeAlgorithm', 0, 'V2DDefault'],
      ['ShadeAlgorithm', 1, 'InfiniteLengthRows'],
      ['ShadeAlgorithm', 2, 'V3DDeprecated'],
      ['TableType', 0, 'Flat'],
      ['TableType', 1, 'Sloped'],
      ['AshraeVersionEnum', 0, 'Version2013'],
      ['AshraeVersionEnum', 1, 'Version2021'],
      ['ProcessingStatusEnum', 5, 'Cancelled'],
      ['TrackerRotationModel', 0, 'RepresentativeDCField'],
      ['TrackerRotationModel', 1, 'TimeSeriesSchedule'],
      ['TrackerRotationModel', 2, 'TerrainAwareBacktracking'],
      // spec 4 §1: the SDK's direct-beam shading value
      ['DirectBeamShadingModel', 4, 'cSi3Diode'],
    ];
    for (const [type, id, name] of extra) {
      expect(knownBy(findDefinition(type)!, id, name), `${type} ${id}=${name}`).toBe(true);
    }
  });
});

it('keeps DEFINITIONS and the catalog in step', () => {
  expect(Object.keys(DEFINITIONS).sort()).toEqual(catalog.map((d) => d.type).sort());
});
