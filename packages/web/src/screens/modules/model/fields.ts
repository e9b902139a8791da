/**
 * The module page's fields (spec 3 `Module` names), grouped by tab, with labels and units. A path may
 * be dotted for nested records (`cecParameters.rS`, `metastabilityProperties.c0`).
 */
import type { QuantityKind } from '@sunfield/domain';
import type { ModuleRecord } from './types.ts';

export type FieldKind = 'number' | 'integer' | 'text' | 'select' | 'boolean';

export interface FieldDef {
  path: string;
  label: string;
  kind: FieldKind;
  /** the symbol of a unit the same in both unit systems (W, A, %, %/°C) */
  unit?: string;
  /** a quantity the Metric/Imperial switch converts (lib/units.tsx); its symbol replaces `unit` */
  quantity?: QuantityKind;
  /** definitions type name of a select */
  enumType?: string;
  /** shown only when true */
  when?: (module: ModuleRecord) => boolean;
  required?: boolean;
  decimals?: number;
}

export interface FieldGroup {
  title: string;
  fields: FieldDef[];
  when?: (module: ModuleRecord) => boolean;
}

const n = (path: string, label: string, unit?: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  path,
  label,
  kind: 'number',
  ...(unit ? { unit } : {}),
  ...extra,
});
const sel = (path: string, label: string, enumType: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  path,
  label,
  kind: 'select',
  enumType,
  ...extra,
});
const bool = (path: string, label: string): FieldDef => ({ path, label, kind: 'boolean' });

const bifacial = (m: ModuleRecord) => m.faciality === 1;
export const hasCecFit = (m: ModuleRecord) =>
  m.pvModel === 100 && typeof m.cecParameters === 'object' && m.cecParameters !== null;
const pvsystForm = (m: ModuleRecord) => !hasCecFit(m);
const recombination = (m: ModuleRecord) => m.pvModel === 0 || m.pvModel === 3;

export const GENERAL_GROUPS: FieldGroup[] = [
  {
    title: 'Module',
    fields: [
      { path: 'name', label: 'Name', kind: 'text', required: true },
      { path: 'manufacturer', label: 'Manufacturer', kind: 'text' },
      { path: 'model', label: 'Model', kind: 'text' },
      sel('cellTechnologyType', 'Cell technology', 'CellTechnologyTypeEnum'),
      sel('constructionType', 'Construction', 'ConstructionTypeEnum'),
      sel('cellDesignType', 'Cell design', 'CellDesignType'),
      sel('faciality', 'Faciality', 'FacialityEnum'),
      n('bifacialityFactor', 'Bifaciality factor', undefined, { when: bifacial }),
      n('transmissionFactor', 'Transmission factor', undefined, { when: bifacial }),
      n('backSideMismatch', 'Back-side mismatch', '%', { when: bifacial }),
    ],
  },
  {
    title: 'Dimensions',
    fields: [
      n('length', 'Length', undefined, { quantity: 'moduleDimension' }),
      n('width', 'Width', undefined, { quantity: 'moduleDimension' }),
      n('weight', 'Weight', undefined, { quantity: 'mass' }),
      { path: 'numberOfCellsInSeries', label: 'Cells in series', kind: 'integer' },
      { path: 'numberOfCellsInParallel', label: 'Cells in parallel', kind: 'integer' },
    ],
  },
  {
    title: 'STC ratings',
    fields: [
      n('stcMaxPower', 'Maximum power (Pmax)', 'W'),
      n('stcShortCircuitCurrent', 'Short-circuit current (Isc)', 'A'),
      n('stcOpenCircuitVoltage', 'Open-circuit voltage (Voc)', 'V'),
      n('stcmppCurrent', 'MPP current (Imp)', 'A'),
      n('stcmppVoltage', 'MPP voltage (Vmp)', 'V'),
      n('stcPowerTempCoef', 'Pmax temperature coefficient', '%/°C'),
      n('stcShortCircuitCurrentTempCoef', 'Isc temperature coefficient', '%/°C'),
      n('stcOpenCircuitVoltageTempCoef', 'Voc temperature coefficient', '%/°C'),
      n('minTolerance', 'Minimum tolerance', '%'),
      n('maxTolerance', 'Maximum tolerance', '%'),
    ],
  },
];

export const DIODE_GROUPS: FieldGroup[] = [
  {
    title: 'Single-diode model',
    fields: [
      sel('pvModel', 'Single-diode model', 'PvModelType', { when: pvsystForm }),
      n('referenceIrradiance', 'Reference irradiance', 'W/m²'),
      n('referenceTemperature', 'Reference temperature', undefined, { quantity: 'temperature' }),
      n('seriesResistanceAtSTC', 'Series resistance', 'Ω', { when: pvsystForm }),
      n('shuntResistanceAtSTC', 'Shunt resistance', 'Ω', { when: pvsystForm }),
      n('darkShuntResistance', 'Dark shunt resistance', 'Ω', { when: pvsystForm }),
      n('exponentialDependencyOnShuntResistance', 'Shunt resistance exponent', undefined, {
        when: pvsystForm,
      }),
      n('saturationCurrentAtSTC', 'Saturation current', 'A', { when: pvsystForm }),
      n('diodeIdealityFactorAtSTC', 'Diode ideality factor', undefined, { when: pvsystForm }),
      n('linearTempDependenceOnGamma', 'Ideality factor temperature coefficient', '1/°C', {
        when: pvsystForm,
      }),
      n('shortCircuitCurrentAtSTC', 'Short-circuit current', 'A', { when: pvsystForm }),
      n('linearTempDependenceOnIsc', 'Isc temperature coefficient', '%/°C', { when: pvsystForm }),
      n('bandgapVoltage', 'Bandgap voltage', 'eV'),
      n('recombinationParameter', 'Recombination parameter (d²/μτ)', 'V', { when: recombination }),
      n('builtInVoltage', 'Built-in voltage', 'V', { when: recombination }),
    ],
  },
  {
    title: 'Non-linear temperature dependence of the ideality factor',
    when: (m) => m.pvModel === 3,
    fields: [n('aGamma', 'aγ'), n('bGamma', 'bγ'), n('cGamma', 'cγ'), n('dGamma', 'dγ')],
  },
  {
    title: 'CEC six-parameter fit',
    when: hasCecFit,
    fields: [
      n('cecParameters.aRef', 'Modified ideality factor (a ref)', 'V'),
      n('cecParameters.iLRef', 'Photocurrent (IL ref)', 'A'),
      n('cecParameters.iORef', 'Saturation current (I0 ref)', 'A'),
      n('cecParameters.rS', 'Series resistance', 'Ω'),
      n('cecParameters.rShRef', 'Shunt resistance', 'Ω'),
      n('cecParameters.alphaSc', 'Isc temperature coefficient (αsc)', 'A/°C'),
      n('cecParameters.adjust', 'Adjust', '%'),
    ],
  },
];

export const SPECTRAL_GROUPS: FieldGroup[] = [
  {
    title: 'Spectral response',
    fields: [sel('spectralResponse', 'Spectral response', 'SpectralResponseEnum')],
  },
  {
    title: 'Sandia air-mass coefficients',
    fields: [0, 1, 2, 3, 4].map((i) => n(`sandiaSpectralA${i}`, `a${i}`)),
  },
  {
    title: '2-parameter (Pwat, AM) coefficients',
    fields: [0, 1, 2, 3, 4, 5].map((i) => n(`spectral2B${i}`, `b${i}`)),
  },
];

export const METASTABILITY_GROUPS: FieldGroup[] = [
  {
    title: 'Metastability',
    fields: [
      bool('isMetastable', 'Metastable module'),
      n('metastabilityProperties.metastabilityVoltageScaleFactor', 'Voltage scale factor'),
    ],
  },
  {
    title: 'Coefficients',
    fields: Array.from({ length: 12 }, (_, i) => n(`metastabilityProperties.c${i}`, `c${i}`)),
  },
];

export const SHADING_GROUPS: FieldGroup[] = [
  {
    title: 'Electrical shading',
    fields: [
      sel('moduleShadingResponse', 'Shading response', 'ModuleShadingResponse'),
      n('electricalShadingFractionalEffect', 'Fractional effect', '%'),
    ],
  },
];

export const IAM_OPTICS_GROUPS: FieldGroup[] = [
  {
    title: 'Glazing',
    fields: [
      bool('useAntiReflectiveCoating', 'Anti-reflective coating'),
      n('refractiveIndex', 'Refractive index of the glass'),
      n('refractiveIndexOfARC', 'Refractive index of the coating'),
      n('glazingExtinctionCoef', 'Glazing extinction coefficient', '1/m'),
      n('glazingThickness', 'Glazing thickness', 'm'),
    ],
  },
];

export const SANDIA_IAM_FIELDS: FieldDef[] = [0, 1, 2, 3, 4, 5].map((i) => n(`sandiaIAMB${i}`, `b${i}`));

export const MODELING_GROUPS: FieldGroup[] = [
  {
    title: 'Heat balance temperature model',
    fields: [
      n('heatBalanceConductiveCoef', 'Constant heat transfer (Uc)', 'W/m²K'),
      n('heatBalanceConvectiveCoef', 'Wind heat transfer (Uv)', 'W/m³sK'),
      n('heatAbsorptionCoefAlphaT', 'Transmittance-absorptance'),
      n('nominalOperatingCellTemperature', 'NOCT', undefined, { quantity: 'temperature' }),
    ],
  },
  {
    title: 'Sandia temperature model',
    fields: [
      n('sandiaConductiveCoef', 'a'),
      n('sandiaConvectiveCoef', 'b', 's/m'),
      n('cellToModuleTempDiff', 'Cell to module temperature difference (ΔT)', undefined, {
        quantity: 'temperatureDelta',
      }),
    ],
  },
  {
    title: 'Losses',
    fields: [
      n('lightInducedDegradation', 'Light-induced degradation', '%'),
      n('moduleQuality', 'Module quality', '%'),
      n('moduleMismatchCoefficient', 'Module mismatch', '%'),
    ],
  },
  {
    title: 'Degradation',
    fields: [
      sel('degradationModel', 'Degradation model', 'ModuleDegradationModel'),
      n('linearDegradationRate', 'Linear degradation rate', '%/yr'),
      sel('defaultOrientation', 'Default orientation', 'ModuleOrientation'),
    ],
  },
];

/** A nested value by dotted path. */
export function getPath(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy with the value at a dotted path replaced (nested records copied on the way). */
export function setPath<T extends Record<string, unknown>>(record: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...record, [head!]: value };
  const child = record[head!];
  const base = child !== null && typeof child === 'object' ? (child as Record<string, unknown>) : {};
  return { ...record, [head!]: setPath(base, rest.join('.'), value) };
}

/** Every field path the page edits (for mapping 400 modelState keys onto fields). */
export const ALL_FIELD_PATHS: string[] = [
  ...GENERAL_GROUPS,
  ...DIODE_GROUPS,
  ...SPECTRAL_GROUPS,
  ...METASTABILITY_GROUPS,
  ...SHADING_GROUPS,
  ...IAM_OPTICS_GROUPS,
  ...MODELING_GROUPS,
]
  .flatMap((group) => group.fields.map((field) => field.path))
  .concat(
    SANDIA_IAM_FIELDS.map((f) => f.path),
    ['ashraeiamB0', 'electricalShadingInputTable', 'iamFactors'],
  );
