/**
 * Compare Predictions (spec 1 §2 `compare?ids=…`), pure and unit-tested: the ids of the query (2 to
 * 6), the inputs of each prediction in words and in the user's units — prediction fields (weather,
 * period, site, model choices, monthly factors, uncertainty) and the plant flattened (sizes, counts,
 * equipment, tracking, tilt, azimuth, GCR, strings, post height, plant losses, each DC field) — with
 * the rows whose values differ marked; the results side by side (energy, yield, PR, P-values) and the
 * loss trees merged in chain order.
 */
import { definitionLabel, plantTotals, toUserUnits, walkPlant, type UnitSystemName } from '@sunfield/domain';
import { COMPARE_MAX, COMPARE_MIN } from '../list/model.ts';
import type { HydratedPrediction, Json, PowerPlant } from '../model/types.ts';
import { formatLossPercent, formatValue, MONTH_NAMES, withUnit } from '../results/model/format.ts';
import {
  lossCascade,
  pValueRows,
  summaryYears,
  yearGhi,
  yearRows,
  p50Factors,
} from '../results/model/summary.ts';
import type { ResultSummary } from '../results/types.ts';

export { COMPARE_MAX, COMPARE_MIN };

/** The ids of `?ids=3,5,8`: positive integers, each once, in the order given. */
export function parseCompareIds(raw: string | null | undefined): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const text = part.trim();
    if (!/^\d{1,9}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** Why the ids cannot be compared, or null. */
export function compareCountProblem(count: number): string | null {
  if (count < COMPARE_MIN) return `Choose at least ${COMPARE_MIN} predictions to compare.`;
  if (count > COMPARE_MAX) return `Compare at most ${COMPARE_MAX} predictions at a time.`;
  return null;
}

/** One compared value: `Tilt`, with one text per prediction. */
export interface CompareRow {
  key: string;
  label: string;
  values: string[];
  /** the texts are not all equal */
  differs: boolean;
}

export interface CompareSection {
  title: string;
  rows: CompareRow[];
}

const NONE = '--';
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asList = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object') : [];

function row(key: string, label: string, values: string[]): CompareRow {
  return { key, label, values, differs: values.some((v) => v !== values[0]) };
}

/** A stored quantity in the user's unit: '25.0 °C' / '77.0 °F'. */
function quantity(value: unknown, unitId: string, units: UnitSystemName, decimals: number): string {
  const v = num(value);
  if (v === null) return NONE;
  const shown = toUserUnits(v, unitId, units);
  return withUnit(shown.value, shown.symbol, decimals);
}

const yesNo = (value: unknown): string => (value === true ? 'Yes' : value === false ? 'No' : NONE);
const enumText = (type: string, value: unknown): string => {
  const v = num(value);
  return v === null ? NONE : (definitionLabel(type, v) ?? String(v));
};
const dateText = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 10) : NONE);

/** Distinct texts, sorted, at most 4 then '…': '20°, 25°'. */
function distinct(values: Iterable<string>): string {
  const set = [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!set.length) return NONE;
  return set.length > 4 ? `${set.slice(0, 4).join(', ')}, … (${set.length})` : set.join(', ');
}

/** The 12 monthly values: '2' when all equal, else 'Jan 2, Feb 3, …'. */
function monthly(factors: unknown, key: string, decimals: number): string {
  const list = asList(factors);
  const values = MONTH_NAMES.map((_, m) => num(list.find((f) => f.month === m + 1)?.[key]));
  if (values.every((v) => v === null)) return NONE;
  const texts = values.map((v) => formatValue(v, decimals));
  if (texts.every((t) => t === texts[0])) return `${texts[0]} (every month)`;
  return texts.map((t, m) => `${MONTH_NAMES[m]} ${t}`).join(', ');
}

/** The model choices compared, with their enumeration (spec 1 §3). */
export const MODEL_CHOICE_ROWS: readonly { key: string; label: string; type: string }[] = [
  { key: 'transpositionModel', label: 'Transposition', type: 'TranspositionModelType' },
  { key: 'perezCoefficients', label: 'Perez coefficients', type: 'PerezCoefficientsEnum' },
  { key: 'diffuseDirectDecompModel', label: 'Decomposition', type: 'DiffuseDirectDecompModelType' },
  { key: 'circumsolarTreatment', label: 'Circumsolar treatment', type: 'CircumsolarTreatmentType' },
  { key: 'airMassModel', label: 'Air mass', type: 'AirMassModelType' },
  { key: 'modTempModel', label: 'Module temperature', type: 'ModuleTemperatureModelType' },
  { key: 'incAngleModel', label: 'Incidence angle (IAM)', type: 'IncidenceAngleModelType' },
  { key: 'directBeamShadingModel', label: 'Direct beam shading', type: 'DirectBeamShadingModel' },
  { key: 'diffuseShadingModel', label: 'Diffuse shading', type: 'DiffuseShadingModel' },
  { key: 'soilingModel', label: 'Soiling', type: 'SoilingModelType' },
  { key: 'spectralShiftModel', label: 'Spectral shift', type: 'SpectralShiftModel' },
  { key: 'degradationModel', label: 'Degradation', type: 'DegradationModel' },
  { key: 'dcWiringLossModel', label: 'DC wiring loss', type: 'DcWiringLossModel' },
];

const MODEL_FLAGS: readonly [string, string][] = [
  ['useMeteoDni', 'Use the weather file’s DNI'],
  ['useMeteoPOAI', 'Use meteo plane-of-array irradiance'],
  ['useBacksidePOAI', 'Use meteo back-side irradiance'],
  ['useWeatherFileAlbedoData', 'Use the weather file’s albedo'],
  ['useLeapYears', 'Use leap years'],
  ['enableLeTID', 'LeTID'],
];

const UNCERTAINTY: readonly [string, string][] = [
  ['errorModelAcc', 'Modeling accuracy'],
  ['errorSensAcc', 'Irradiance measurement accuracy'],
  ['errorIntAnnVar', 'Interannual variability'],
  ['errorMonAcc', 'Monitoring period representativeness'],
  ['errorSpaVar', 'Spatial variability'],
];

/** The flattened facts of a plant, texts in the user's units. */
interface PlantFacts {
  [key: string]: string;
}

const GCR_OF = (field: Json): number | null => {
  const gcr = num(field.groundCoverageRatio);
  if (gcr !== null) return gcr;
  const band = num(field.collectorBandwidth);
  const pitch = num(field.postToPostSpacing);
  return band !== null && pitch !== null && pitch > 0 ? band / pitch : null;
};

const recordName = (record: unknown, id: unknown, kind: string): string => {
  const name = (record as Json | null | undefined)?.name;
  if (typeof name === 'string' && name.trim()) return name;
  return typeof id === 'number' ? `${kind} ${id}` : NONE;
};

function plantFacts(plant: PowerPlant | null, units: UnitSystemName): PlantFacts {
  if (!plant) return { dc: NONE };
  const totals = plantTotals(plant);
  const tilts = new Set<string>();
  const azimuths = new Set<string>();
  const gcrs = new Set<string>();
  const series = new Set<string>();
  const heights = new Set<string>();
  const tracking = new Set<string>();
  const modules = new Set<string>();
  const inverters = new Set<string>();
  let strings = 0;
  walkPlant(plant, ({ level, node, multiplicity }) => {
    if (level === 'inverter') inverters.add(recordName(node.inverter, node.inverterId, 'Inverter'));
    if (level !== 'dcField') return;
    modules.add(recordName(node.module, node.moduleId, 'Module'));
    const type = num(node.trackingType) ?? 0;
    tracking.add(enumText('DCFieldTrackingTypeEnum', type));
    if (type !== 1 && num(node.moduleTilt) !== null) tilts.add(`${formatValue(num(node.moduleTilt), 1)}°`);
    if (num(node.moduleAzimuth) !== null) azimuths.add(`${formatValue(num(node.moduleAzimuth), 1)}°`);
    const gcr = GCR_OF(node);
    if (gcr !== null) gcrs.add(formatValue(gcr, 2));
    if (num(node.modulesWiredInSeries) !== null) series.add(formatValue(num(node.modulesWiredInSeries), 0));
    if (num(node.postHeight) !== null) heights.add(quantity(node.postHeight, 'metre', units, 2));
    strings += multiplicity * (num(node.numberOfSeriesStringsWiredInParallel) ?? 0);
  });
  const transformers = asList(plant.transformers);
  const lines = asList(plant.transmissionLines);
  return {
    dc: withUnit(totals.dcCapacityKw / 1000, 'MWp', 3),
    ac: withUnit(totals.acCapacityKw / 1000, 'MW', 3),
    dcAc: formatValue(totals.dcAcRatio, 3),
    blocks: formatValue(totals.blocks, 0),
    arrays: formatValue(totals.arrays, 0),
    inverterCount: formatValue(totals.inverterCount, 0),
    dcFields: formatValue(totals.dcFields, 0),
    moduleCount: formatValue(totals.moduleCount, 0),
    modules: distinct(modules),
    inverters: distinct(inverters),
    tracking: distinct(tracking),
    tilt: distinct(tilts),
    azimuth: distinct(azimuths),
    gcr: distinct(gcrs),
    series: distinct(series),
    strings: formatValue(strings, 0),
    postHeight: distinct(heights),
    availability: withUnit(num(plant.availabilityLoss), '%', 2),
    lgia: withUnit(num(plant.lgiaLimitation), 'MW', 3),
    powerFactor: formatValue(num(plant.powerFactor), 3),
    nightDisconnect: yesNo(plant.nighttimeDisconnect),
    coolingTemp: yesNo(plant.useCoolingTemp),
    transformers: transformers.length
      ? transformers
          .map((t) => `${withUnit(num(t.rating), 'MVA', 2)}, ${withUnit(num(t.highSideVoltage), 'kV', 1)}`)
          .join('; ')
      : 'None',
    lines: lines.length
      ? lines.map((l) => quantity(num(l.length), 'kilometre', units, 2)).join('; ')
      : 'None',
  };
}

const PLANT_ROWS: readonly [string, string][] = [
  ['dc', 'DC size'],
  ['ac', 'AC size'],
  ['dcAc', 'DC:AC ratio'],
  ['blocks', 'Blocks'],
  ['arrays', 'Arrays'],
  ['inverterCount', 'Inverters (with repeaters)'],
  ['dcFields', 'DC fields'],
  ['moduleCount', 'Modules (with repeaters)'],
  ['modules', 'Module'],
  ['inverters', 'Inverter'],
  ['tracking', 'Tracking'],
  ['tilt', 'Tilt'],
  ['azimuth', 'Azimuth'],
  ['gcr', 'GCR'],
  ['series', 'Modules in series'],
  ['strings', 'Strings (with repeaters)'],
  ['postHeight', 'Post height'],
  ['availability', 'Availability loss'],
  ['lgia', 'LGIA limitation'],
  ['powerFactor', 'Power factor'],
  ['nightDisconnect', 'Night disconnect'],
  ['coolingTemp', 'Inverter kVA at the cooling temperature'],
  ['transformers', 'Plant transformers'],
  ['lines', 'Transmission lines'],
];

/** The inputs of each prediction, section by section, with the rows that differ marked. */
export function inputSections(
  predictions: readonly HydratedPrediction[],
  units: UnitSystemName,
): CompareSection[] {
  const each = (value: (p: HydratedPrediction) => string) => predictions.map(value);
  const facts = predictions.map((p) => plantFacts(p.powerPlant, units));
  return [
    {
      title: 'General',
      rows: [
        row(
          'status',
          'Status',
          each((p) => enumText('PredictionStatusEnum', p.status)),
        ),
        row(
          'weather',
          'Weather',
          each((p) => p.weather?.name ?? NONE),
        ),
        row(
          'start',
          'Start',
          each((p) => dateText(p.start)),
        ),
        row(
          'end',
          'End',
          each((p) => dateText(p.end)),
        ),
        row(
          'yearRepeater',
          'Years simulated',
          each((p) => formatValue(num(p.yearRepeater), 0)),
        ),
        row(
          'logicVersion',
          'Logic version',
          each((p) => formatValue(num(p.logicVersion), 0)),
        ),
      ],
    },
    {
      title: 'Site',
      rows: [
        row(
          'elevation',
          'Elevation',
          each((p) => quantity(p.elevation, 'metre', units, 1)),
        ),
        row(
          'timeZone',
          'Time zone (UTC offset, h)',
          each((p) => formatValue(num(p.timeZone), 1)),
        ),
        row(
          'min50Year',
          '50-year minimum temperature',
          each((p) => quantity(p.min50Year, 'celsius', units, 1)),
        ),
        row(
          'cool996',
          '99.6 % cooling temperature',
          each((p) => quantity(p.cool996, 'celsius', units, 1)),
        ),
        row(
          'max50Year',
          '50-year maximum temperature',
          each((p) => quantity(p.max50Year, 'celsius', units, 1)),
        ),
      ],
    },
    {
      title: 'Model choices',
      rows: [
        ...MODEL_CHOICE_ROWS.map(({ key, label, type }) =>
          row(
            key,
            label,
            each((p) => enumText(type, p[key])),
          ),
        ),
        ...MODEL_FLAGS.map(([key, label]) =>
          row(
            key,
            label,
            each((p) => yesNo(p[key])),
          ),
        ),
        row(
          'linearDegradationRate',
          'Linear degradation rate (%/year)',
          each((p) => formatValue(num(p.linearDegradationRate), 2)),
        ),
      ],
    },
    {
      title: 'Environmental conditions',
      rows: [
        row(
          'soiling',
          'Monthly soiling (%)',
          each((p) => monthly(p.monthlyFactors, 'soilingLoss', 2)),
        ),
        row(
          'albedo',
          'Monthly albedo',
          each((p) => monthly(p.monthlyFactors, 'albedo', 2)),
        ),
        row(
          'spectral',
          'Monthly spectral shift (%)',
          each((p) => monthly(p.monthlyFactors, 'spectralShift', 2)),
        ),
        row(
          'horizon',
          'Horizon profile points',
          each((p) => formatValue(asList(p.horizonDetails).length, 0)),
        ),
      ],
    },
    {
      title: 'Uncertainty',
      rows: [
        ...UNCERTAINTY.map(([key, label]) =>
          row(
            key,
            `${label} (%)`,
            each((p) => formatValue(num(p[key]), 2)),
          ),
        ),
        row(
          'pValues',
          'P-values',
          each((p) => (p.pValues?.length ? p.pValues.map((v) => `P${v}`).join(', ') : NONE)),
        ),
      ],
    },
    {
      title: 'Plant',
      rows: PLANT_ROWS.map(([key, label]) =>
        row(
          key,
          label,
          facts.map((f) => f[key] ?? NONE),
        ),
      ),
    },
  ];
}

/** One DC field in words: 'Module X · 18 in series × 180 strings · Fixed Tilt 25° · az 180° · GCR 0.40'. */
function dcFieldText(field: Json, units: UnitSystemName): string {
  const type = num(field.trackingType) ?? 0;
  const parts = [
    recordName(field.module, field.moduleId, 'Module'),
    withUnit(num(field.fieldDcPower), 'kWp', 1),
    `${formatValue(num(field.modulesWiredInSeries), 0)} in series × ${formatValue(num(field.numberOfSeriesStringsWiredInParallel), 0)} strings`,
    type === 1
      ? enumText('DCFieldTrackingTypeEnum', type)
      : `${enumText('DCFieldTrackingTypeEnum', type)} ${formatValue(num(field.moduleTilt), 1)}°`,
    `azimuth ${formatValue(num(field.moduleAzimuth), 1)}°`,
    `GCR ${formatValue(GCR_OF(field), 2)}`,
  ];
  if (num(field.postHeight) !== null) parts.push(`post ${quantity(field.postHeight, 'metre', units, 2)}`);
  const repeater = num(field.repeater);
  if (repeater !== null && repeater !== 1) parts.push(`× ${repeater}`);
  return parts.join(' · ');
}

/**
 * Every DC field by its place in the plant ('Block 1 › Array 1 › Inverter A › DC field 1'), one text
 * per prediction ('--' where the plant has no such field), in the order of the first plant that has
 * it. Inverter nodes are listed with their inverter and repeater.
 */
export function dcFieldRows(predictions: readonly HydratedPrediction[], units: UnitSystemName): CompareRow[] {
  const order: string[] = [];
  const texts = new Map<string, string[]>();
  predictions.forEach((p, k) => {
    if (!p.powerPlant) return;
    walkPlant(p.powerPlant, ({ level, node, label, ancestors }) => {
      if (level !== 'dcField') return;
      let values = texts.get(label);
      if (!values) {
        values = predictions.map(() => NONE);
        texts.set(label, values);
        order.push(label);
      }
      const inverter = ancestors[2];
      const repeats = ancestors.map((a) => num(a.repeater) ?? 1).reduce((a, b) => a * b, 1);
      values[k] =
        `${dcFieldText(node, units)}${inverter ? ` · ${recordName(inverter.inverter, inverter.inverterId, 'Inverter')}` : ''}` +
        (repeats !== 1 ? ` · ×${repeats} by its block, array and inverter` : '');
    });
  });
  return order.map((label) => row(label, label, texts.get(label)!));
}

/** The results of each prediction (first year): energy, P50 yield, PR, capacity factor, P-values. */
export function resultRows(
  summaries: readonly (ResultSummary | null | undefined)[],
  units: UnitSystemName,
): CompareRow[] {
  const years = summaries.map((s) => yearRows(s)[0]);
  const first = summaries.map((s) => summaryYears(s)[0]);
  const pValues = new Set<number>();
  for (const y of first) for (const p of pValueRows(y)) pValues.add(p.pValue);
  const irradiation = (s: ResultSummary | null | undefined, value: number | null) =>
    s ? quantity(value, 'kilowattHourPerSquareMetre', units, 1) : NONE;
  return [
    row(
      'energy',
      'Energy, year 1 (MWh)',
      years.map((y) => formatValue(y?.energyMwh, 1)),
    ),
    row(
      'yield',
      'Specific yield (kWh/kWp)',
      years.map((y) => formatValue(y?.specificYield, 1)),
    ),
    row(
      'pr',
      'Performance ratio (%)',
      years.map((y) => formatValue(y?.performanceRatio, 2)),
    ),
    row(
      'cf',
      'Capacity factor (%)',
      years.map((y) => formatValue(y?.capacityFactor, 2)),
    ),
    row(
      'ghi',
      'GHI',
      summaries.map((s, k) => irradiation(s, yearGhi(s, first[k]))),
    ),
    row(
      'poa',
      'POA irradiation',
      summaries.map((s, k) => irradiation(s, num(p50Factors(first[k])?.poAInsolation))),
    ),
    ...[...pValues]
      .sort((a, b) => a - b)
      .map((p) =>
        row(
          `P${p}`,
          `P${p} net energy (MWh)`,
          first.map((y) => formatValue(pValueRows(y).find((r) => r.pValue === p)?.energyMwh, 1)),
        ),
      ),
  ];
}

/**
 * The loss trees side by side: the cascade of each prediction's first year merged by step in chain
 * order (a step one prediction lacks shows '--'); totals in MWh, steps in % (− loss, + gain).
 */
export function lossRows(summaries: readonly (ResultSummary | null | undefined)[]): CompareRow[] {
  const cascades = summaries.map((s) => lossCascade(s));
  const order: { key: string; label: string }[] = [];
  for (const steps of cascades) {
    let at = -1;
    for (const step of steps) {
      const found = order.findIndex((o) => o.key === step.key);
      if (found >= 0) at = found;
      else order.splice(++at, 0, { key: step.key, label: step.label });
    }
  }
  // The two totals frame the chain.
  order.sort((a, b) =>
    a.key === 'start' ? -1 : b.key === 'start' ? 1 : a.key === 'end' ? 1 : b.key === 'end' ? -1 : 0,
  );
  return order.map(({ key, label }) =>
    row(
      key,
      key === 'start' || key === 'end' ? `${label} (MWh)` : label,
      cascades.map((steps) => {
        const step = steps.find((s) => s.key === key);
        if (!step) return steps.length ? formatLossPercent(0) : NONE;
        return step.kind === 'total' ? formatValue(step.after, 1) : formatLossPercent(step.loss);
      }),
    ),
  );
}
