/**
 * A company's default settings (spec 1 §2 company default-settings pages, §3 Company; spec 3
 * PowerPlantBuilder, ESSSettings, SimulationSettings, SystemDetailSettings): the groups, the fields of
 * each with its physical range or enumeration, and the schema that checks a PUT /Company/DefaultSettings
 * body. The server checks bodies with `defaultSettingsSchema`; the web pages draw their fields from
 * `DEFAULT_SETTINGS_PAGES`, so both read the same ranges and messages.
 *
 * Field names are spec 3's where spec 3 lists the group. Spec 1 names three more groups without their
 * fields (financialModelParameters; the design tool's site plan, simulation and EPC cost;
 * miscellaneousSettings beyond moduleStatus and inverterStatus): their fields here are Sunfield's own,
 * kept few and named for what they hold.
 *
 * What takes the defaults (domain prediction/defaults.ts and plantSave.ts, server policies/company.ts,
 * the web builder and system page): a new prediction takes `simulationSettings` and
 * `environmentalConditions`; new arrays, inverters and DC fields take `powerPlantBuilder`; a new plant
 * takes its desired DC:AC ratio and `systemDetailSettings.availabilityLoss`, new transformers and
 * transmission lines the rest of `systemDetailSettings`, a new storage system `essSettings`; new
 * modules, inverters and weather take the `miscellaneousSettings` statuses. The financial and design
 * tool groups are kept for the company; no screen of Sunfield reads them yet.
 */
import { z } from 'zod';
import { PREDICTION_TEMPERATURE_MODELS, PREDICTION_TRANSPOSITION_MODELS } from '../api/prediction.ts';
import { enumOf } from '../api/fields.ts';
import { rangeNumber, type PhysicalRange } from '../api/ranges.ts';
import {
  AirMassModelType,
  CircumsolarTreatmentType,
  DCFieldModuleTemperatureModelType,
  DefaultDegradation,
  DegradationModel,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  SoilingModelType,
  SpectralShiftModel,
} from '../enums/models.ts';
import { DCFieldTrackingTypeEnum, ESSChargeAlgorithm } from '../enums/plant.ts';
import { LibraryStatusEnum } from '../enums/status.ts';
import type { DefinitionSpec } from '../enums/types.ts';
import { DEFAULT_MODULE_LAYOUT } from '../plant/layout.ts';
import {
  ARRAY_DEFAULTS,
  DC_FIELD_DEFAULTS,
  DEFAULT_ALBEDO,
  INVERTER_NODE_DEFAULTS,
  monthlyValues,
  PLANT_DEFAULTS,
  PREDICTION_DEFAULTS,
  TRACKER_DEFAULTS,
} from '../prediction/defaults.ts';
import type { UnitId } from '../units.ts';

/** A number field: its range in the stored unit; `unit` converts it for imperial users. */
export interface NumberSetting {
  readonly key: string;
  readonly label: string;
  readonly kind: 'number';
  readonly range: PhysicalRange;
  readonly unit?: UnitId;
}
export interface EnumSetting {
  readonly key: string;
  readonly label: string;
  readonly kind: 'enum';
  readonly definition: DefinitionSpec;
}
export interface BoolSetting {
  readonly key: string;
  readonly label: string;
  readonly kind: 'bool';
}
/** Twelve monthly values, January first. */
export interface MonthlySetting {
  readonly key: string;
  readonly label: string;
  readonly kind: 'monthly';
  readonly range: PhysicalRange;
  /** the name of the value in `{month, …}` entries */
  readonly entryKey: 'albedo' | 'soilingLoss';
}
export type Setting = NumberSetting | EnumSetting | BoolSetting | MonthlySetting;

const r = (min: number, max: number, unit = '', extra: Partial<PhysicalRange> = {}): PhysicalRange => ({
  min,
  max,
  unit,
  ...extra,
});
const PERCENT = r(0, 100, '%');

const num = (key: string, label: string, range: PhysicalRange, unit?: UnitId): NumberSetting =>
  unit ? { key, label, kind: 'number', range, unit } : { key, label, kind: 'number', range };
const pct = (key: string, label: string): NumberSetting => num(key, label, PERCENT);
const choice = (key: string, label: string, definition: DefinitionSpec): EnumSetting => ({
  key,
  label,
  kind: 'enum',
  definition,
});
const flag = (key: string, label: string): BoolSetting => ({ key, label, kind: 'bool' });

/** A settings group: its key in the company's defaultSettings and its fields. */
export interface SettingsGroup {
  readonly key: string;
  readonly title: string;
  readonly fields: readonly Setting[];
}

/**
 * spec 3 PowerPlantBuilder: what new arrays, inverters and DC fields start with (the fields the
 * engine and the builder use; spec 3's map-builder roads, setback, shading algorithm, rotation speed
 * and irradiance optimization are not offered, as nothing here reads them).
 */
export const POWER_PLANT_BUILDER: SettingsGroup = {
  key: 'powerPlantBuilder',
  title: 'Plant Builder',
  fields: [
    pct('acCollectionLoss', 'AC collection loss'),
    num('dasLoad', 'DAS load', r(0, 10_000_000, 'W')),
    num('coolingLoad', 'Cooling load', r(0, 10_000_000, 'W')),
    num(
      'transformerHighSideVoltage',
      'MV transformer high-side voltage',
      r(0, 1_500, 'kV', { aboveMin: true }),
    ),
    pct('transformerNoLoadLoss', 'MV transformer no-load loss'),
    pct('transformerFullLoadLoss', 'MV transformer full-load loss'),
    num('powerFactor', 'Inverter power factor', r(0, 1, '', { aboveMin: true })),
    num('dcacRatio', 'DC:AC ratio', r(0, 10, '', { aboveMin: true })),
    pct('dcWiringLossAtSTC', 'DC wiring loss at STC'),
    pct('dcHealth', 'DC health'),
    pct('trackerLoadLoss', 'Tracker load loss'),
    pct('structureShading', 'Structure shading'),
    choice('dcFieldTrackingTypeEnum', 'Tracking type', DCFieldTrackingTypeEnum),
    num('tiltAngle', 'Tilt angle', r(0, 90, '°')),
    num('gcr', 'Ground coverage ratio', r(0, 1, '', { aboveMin: true })),
    num('northernHemisphereAzimuth', 'Azimuth, northern hemisphere', r(0, 360, '°')),
    num('southernHemisphereAzimuth', 'Azimuth, southern hemisphere', r(0, 360, '°')),
    num('minimumTrackingLimitAngleD', 'Tracker minimum limit angle', r(-90, 90, '°')),
    num('maximumTrackingLimitAngleD', 'Tracker maximum limit angle', r(0, 90, '°')),
    num('postHeight', 'Post height', r(0, 50, 'm'), 'metre'),
    choice('modTempModel', 'Module temperature model', DCFieldModuleTemperatureModelType),
  ],
};

/** spec 3 ESSSettings: energy storage. */
export const ESS_SETTINGS: SettingsGroup = {
  key: 'essSettings',
  title: 'Energy Storage',
  fields: [
    num('factor', 'Storage sizing factor', r(0, 100)),
    num('usableEnergyCapacityCalendarDeg', 'Usable capacity calendar degradation', r(0, 100, '%/yr')),
    num('usableEnergyCapacityCycleDeg', 'Usable capacity cycle degradation', r(0, 100, '%/cycle')),
    pct('roundtripDCEfficiencyYear1', 'Round-trip DC efficiency, year 1'),
    num('roundtripDCEfficiencyCalendarDeg', 'Round-trip efficiency calendar degradation', r(0, 100, '%/yr')),
    num('roundtripDCEfficiencyCycleDeg', 'Round-trip efficiency cycle degradation', r(0, 100, '%/cycle')),
    pct('hvacNoLoadLoss', 'HVAC no-load loss'),
    pct('hvacFullLoadLoss', 'HVAC full-load loss'),
    pct('mvNoLoadLoss', 'MV transformer no-load loss'),
    pct('mvFullLoadLoss', 'MV transformer full-load loss'),
    num('mvCapacity', 'MV transformer capacity', r(0, 10_000, 'MVA', { aboveMin: true })),
    pct('inverterEfficiency', 'Inverter efficiency'),
    choice('chargeAlgorithm', 'Charge algorithm', ESSChargeAlgorithm),
  ],
};

/** spec 3 SystemDetailSettings: the plant's HV transformer, transmission line and availability. */
export const SYSTEM_DETAIL_SETTINGS: SettingsGroup = {
  key: 'systemDetailSettings',
  title: 'System Details',
  fields: [
    num('rating', 'Transformer rating', r(0, 10_000, 'MVA', { aboveMin: true })),
    num('highSideVoltage', 'Transformer high-side voltage', r(0, 1_500, 'kV', { aboveMin: true })),
    pct('noLoadLoss', 'Transformer no-load loss'),
    pct('fullLoadLoss', 'Transformer full-load loss'),
    num('length', 'Transmission line length', r(0, 2_000, 'km'), 'kilometre'),
    num('resistance', 'Transmission line resistance', r(0, 100, 'Ω/1000 ft')),
    num('numberOfConductorsPerPhase', 'Conductors per phase', r(1, 20, '', { integer: true })),
    pct('availabilityLoss', 'Availability loss'),
  ],
};

/** spec 3 SimulationSettings: model choices and uncertainty of new predictions. */
export const SIMULATION_SETTINGS: SettingsGroup = {
  key: 'simulationSettings',
  title: 'Simulation',
  fields: [
    choice('transpositionModel', 'Transposition model', PREDICTION_TRANSPOSITION_MODELS),
    choice('diffuseDirectDecompModel', 'Diffuse-direct decomposition', DiffuseDirectDecompModelType),
    flag('useMeteoDni', 'Use meteo DNI and DHI'),
    choice('circumsolarTreatment', 'Circumsolar treatment', CircumsolarTreatmentType),
    choice('airMassModel', 'Air mass model', AirMassModelType),
    choice('spectralShiftModel', 'Spectral shift model', SpectralShiftModel),
    choice('modTempModel', 'Module temperature model', PREDICTION_TEMPERATURE_MODELS),
    choice('incAngleModel', 'Incidence angle model', IncidenceAngleModelType),
    choice('soilingModel', 'Soiling model', SoilingModelType),
    choice('directBeamShadingModel', 'Direct beam shading model', DirectBeamShadingModel),
    choice('diffuseShadingModel', 'Diffuse shading model', DiffuseShadingModel),
    choice('degradationModel', 'Degradation model', DegradationModel),
    choice('defaultDegradation', 'Default degradation', DefaultDegradation),
    num('linearDegradationRate', 'Linear degradation rate', r(-20, 20, '%/yr')),
    flag('firstYearDegradation', 'First-year degradation'),
    num('errorModelAcc', 'Model accuracy uncertainty', PERCENT),
    num('errorSensAcc', 'Sensor accuracy uncertainty', PERCENT),
    num('errorIntAnnVar', 'Inter-annual variability', PERCENT),
    num('errorMonAcc', 'Monitoring accuracy uncertainty', PERCENT),
    num('errorSpaVar', 'Spatial variability', PERCENT),
  ],
};

/** spec 1 §3 environmentalConditions: the monthly soiling and albedo of new predictions. */
export const ENVIRONMENTAL_CONDITIONS: SettingsGroup = {
  key: 'environmentalConditions',
  title: 'Environmental Conditions',
  fields: [
    {
      key: 'monthlySoilingLoss',
      label: 'Soiling loss',
      kind: 'monthly',
      range: PERCENT,
      entryKey: 'soilingLoss',
    },
    { key: 'monthlyAlbedo', label: 'Albedo', kind: 'monthly', range: r(0, 1), entryKey: 'albedo' },
  ],
};

/**
 * financialModelParameters (spec 1 §3 names the group, not its fields): the inputs of a simple
 * levelized-cost and cash-flow model, kept as the company's starting values.
 */
export const FINANCIAL_MODEL_PARAMETERS: SettingsGroup = {
  key: 'financialModelParameters',
  title: 'Financial Analysis',
  fields: [
    num('analysisPeriod', 'Analysis period', r(1, 60, 'yr', { integer: true })),
    pct('discountRate', 'Discount rate'),
    num('inflationRate', 'Inflation rate', r(-20, 100, '%')),
    num('energyPrice', 'Energy price (PPA)', r(0, 10_000, '$/MWh')),
    num('energyPriceEscalation', 'Energy price escalation', r(-20, 50, '%/yr')),
    num('capitalCost', 'Capital cost', r(0, 100, '$/Wdc')),
    num('operatingCost', 'Operating cost', r(0, 1_000, '$/kWdc/yr')),
    pct('taxRate', 'Income tax rate'),
  ],
};

/** The design tool's site plan, simulation and EPC cost (spec 1 §3 names them, not their fields). */
export const DESIGN_TOOL_SETTINGS: SettingsGroup = {
  key: 'designToolSettings',
  title: 'Design Pro',
  fields: [
    num('sitePlanSetback', 'Site plan setback', r(0, 10_000, 'm'), 'metre'),
    num('sitePlanRoadWidth', 'Site plan road width', r(0, 1_000, 'm'), 'metre'),
    num('sitePlanFenceClearance', 'Site plan fence clearance', r(0, 1_000, 'm'), 'metre'),
    num('simulationGcr', 'Simulation ground coverage ratio', r(0, 1, '', { aboveMin: true })),
    num('simulationDcacRatio', 'Simulation DC:AC ratio', r(0, 10, '', { aboveMin: true })),
    num('epcCostPerWattDc', 'EPC cost', r(0, 100, '$/Wdc')),
    pct('epcContingency', 'EPC contingency'),
  ],
};

/** miscellaneousSettings: the status new modules, inverters and weather take (spec 1 §3). */
export const MISCELLANEOUS_SETTINGS: SettingsGroup = {
  key: 'miscellaneousSettings',
  title: 'Miscellaneous',
  fields: [
    choice('moduleStatus', 'Status of new modules', LibraryStatusEnum),
    choice('inverterStatus', 'Status of new inverters', LibraryStatusEnum),
    choice('weatherStatus', 'Status of new weather', LibraryStatusEnum),
  ],
};

export const DEFAULT_SETTINGS_GROUPS: readonly SettingsGroup[] = [
  POWER_PLANT_BUILDER,
  ESS_SETTINGS,
  SYSTEM_DETAIL_SETTINGS,
  SIMULATION_SETTINGS,
  ENVIRONMENTAL_CONDITIONS,
  FINANCIAL_MODEL_PARAMETERS,
  DESIGN_TOOL_SETTINGS,
  MISCELLANEOUS_SETTINGS,
];

/** A default-settings page of the company (spec 1 §2): its route segment, title and groups. */
export interface DefaultSettingsPage {
  readonly path: string;
  readonly title: string;
  readonly groups: readonly SettingsGroup[];
}

/** The pages in spec 1 §2's order; weather-vendors has no groups (its credentials have their own calls). */
export const DEFAULT_SETTINGS_PAGES: readonly DefaultSettingsPage[] = [
  { path: 'plant-builder-settings', title: 'Plant Builder Settings', groups: [POWER_PLANT_BUILDER] },
  { path: 'energy-storage-settings', title: 'Energy Storage Settings', groups: [ESS_SETTINGS] },
  { path: 'system-detail-settings', title: 'System Detail Settings', groups: [SYSTEM_DETAIL_SETTINGS] },
  {
    path: 'simulation-settings',
    title: 'Simulation Settings',
    groups: [SIMULATION_SETTINGS, ENVIRONMENTAL_CONDITIONS],
  },
  { path: 'weather-vendors', title: 'Weather Vendors', groups: [] },
  { path: 'financial-analysis', title: 'Financial Analysis', groups: [FINANCIAL_MODEL_PARAMETERS] },
  { path: 'miscellaneous', title: 'Miscellaneous', groups: [MISCELLANEOUS_SETTINGS] },
  { path: 'design-pro', title: 'Design Pro', groups: [DESIGN_TOOL_SETTINGS] },
];

// ---------------------------------------------------------------------------------------------
// Built-in defaults

/**
 * What applies when the company sets nothing: a value (the same constants new records take), or a
 * hint where it depends on the record (the site's latitude, the plant's size); undefined when the
 * engine's own choice applies.
 */
export function builtInDefault(groupKey: string, fieldKey: string): number | boolean | string | undefined {
  const pick = (source: Readonly<Record<string, unknown>>, key = fieldKey) => {
    const value = source[key];
    return typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
  };
  switch (groupKey) {
    case 'simulationSettings':
      return pick(PREDICTION_DEFAULTS);
    case 'environmentalConditions':
      return fieldKey === 'monthlyAlbedo'
        ? DEFAULT_ALBEDO
        : fieldKey === 'monthlySoilingLoss'
          ? 0
          : undefined;
    case 'powerPlantBuilder':
      if (fieldKey === 'tiltAngle' || fieldKey.endsWith('HemisphereAzimuth')) return 'by latitude';
      if (fieldKey === 'dcFieldTrackingTypeEnum') return 0;
      if (fieldKey === 'postHeight') return DEFAULT_MODULE_LAYOUT.postHeight;
      if (fieldKey === 'dcacRatio') return 'none';
      return (
        pick(ARRAY_DEFAULTS) ??
        pick(DC_FIELD_DEFAULTS) ??
        pick(TRACKER_DEFAULTS) ??
        pick(INVERTER_NODE_DEFAULTS)
      );
    case 'systemDetailSettings':
      if (fieldKey === 'rating') return "the plant's AC size";
      if (fieldKey === 'resistance') return 'computed';
      return pick(PLANT_DEFAULTS);
    case 'miscellaneousSettings':
      return 1;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Schema

const monthlySchema = (setting: MonthlySetting) => {
  const each = `Each month must be a number from ${setting.range.min} to ${setting.range.max}${
    setting.range.unit ? ` ${setting.range.unit}` : ''
  }.`;
  return z.preprocess(
    // `{month, albedo | soilingLoss | value}` entries become twelve numbers, January first.
    (value) =>
      Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')
        ? (monthlyValues(value, setting.entryKey) ?? value)
        : value,
    z
      .array(
        z
          .number({ error: each })
          .min(setting.range.min, { error: each })
          .max(setting.range.max, { error: each }),
        {
          error: 'Must be a list of 12 monthly values.',
        },
      )
      .length(12, { error: 'Must be a list of 12 monthly values.' })
      .nullish(),
  );
};

function fieldSchema(setting: Setting): z.ZodType {
  switch (setting.kind) {
    case 'number':
      return rangeNumber(setting.range).nullish();
    case 'enum':
      return enumOf(setting.definition);
    case 'bool':
      return z.boolean({ error: 'Must be true or false.' }).nullish();
    case 'monthly':
      return monthlySchema(setting);
  }
}

const GROUP_MESSAGE = 'Must be an object of settings.';

/** One group's object: its known fields checked, other keys dropped; null clears the group. */
export function settingsGroupSchema(group: SettingsGroup) {
  const shape = Object.fromEntries(group.fields.map((field) => [field.key, fieldSchema(field)]));
  return z.object(shape, { error: GROUP_MESSAGE }).nullish();
}

/**
 * A PUT /Company/DefaultSettings body: any of the groups (each checked, unknown fields dropped);
 * unknown top-level keys are dropped (companyId, id, weatherAPISettings: the credentials have their
 * own calls). A problem is reported under `group.field`.
 */
export const defaultSettingsSchema = z.object(
  Object.fromEntries(DEFAULT_SETTINGS_GROUPS.map((group) => [group.key, settingsGroupSchema(group)])),
  { error: 'Must be an object of settings groups.' },
);

export type DefaultSettings = Record<string, Record<string, unknown> | null | undefined>;

/** The weather vendors of the company's credentials: the three of spec 1 §1 first, then Sunfield's two. */
export const WEATHER_VENDOR_FORMS = [
  {
    vendor: 'cleanPowerResearch',
    path: '/Company/CleanPowerResearchSettings',
    title: 'Clean Power Research (SolarAnywhere)',
    fields: [{ key: 'key', label: 'API key', secret: true }],
  },
  {
    vendor: 'solarGIS',
    path: '/Company/SolarGISSettings',
    title: 'Solargis',
    fields: [{ key: 'key', label: 'API key', secret: true }],
  },
  {
    vendor: 'meteonorm',
    path: '/Company/MeteonormSettings',
    title: 'Meteonorm',
    fields: [
      { key: 'licence', label: 'Licence', secret: true },
      { key: 'user', label: 'User', secret: false },
      { key: 'password', label: 'Password', secret: true },
    ],
  },
  {
    vendor: 'nsrdb',
    path: '/Company/NSRDBSettings',
    title: 'NREL NSRDB',
    fields: [
      { key: 'apiKey', label: 'API key', secret: true },
      { key: 'email', label: 'Email', secret: false },
    ],
  },
  {
    vendor: 'solcast',
    path: '/Company/SolcastSettings',
    title: 'Solcast',
    fields: [{ key: 'key', label: 'API key', secret: true }],
  },
] as const;
