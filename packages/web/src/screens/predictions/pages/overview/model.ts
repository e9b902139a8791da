/**
 * What the prediction overview shows and what picking a weather file changes (pure, unit-tested):
 * values in the user's unit system, the plant's equipment and totals, the model choices in words, the
 * last results' first-year P50 figures, and the weather rule of spec 1 §4 (dates follow the file;
 * meteo POA with DIRINT and Perez when the file has plane-of-array irradiance, else none and Perez —
 * domain `weatherChoices`) with the warnings of spec 2 §8.4.
 */
import {
  definitionLabel,
  formatNumber,
  plantTotals,
  toUserUnits,
  walkPlant,
  WARNING,
  weatherChoices,
  weatherTimeZoneWarning,
  type PlantTotals,
  type UnitSystemName,
  type WeatherFacts,
} from '@sunfield/domain';
import type { Json, PowerPlant, Prediction } from '../../model/types.ts';
import type { ResultSummary } from '../../results/types.ts';

/** '−12.3 °C' / '9.9 °F'; '--' when unknown. A stored value in `unitId`, shown in the user's system. */
export function formatQuantity(
  value: number | null | undefined,
  unitId: string,
  units: UnitSystemName,
  decimals = 2,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '--';
  const shown = toUserUnits(value, unitId, units);
  return `${formatNumber(shown.value, decimals)} ${shown.symbol}`;
}

/** A finite number or null. */
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The model choices the overview names, with their enumeration (spec 1 §3). */
export const MODEL_CHOICES: readonly { key: string; label: string; type: string }[] = [
  { key: 'transpositionModel', label: 'Transposition', type: 'TranspositionModelType' },
  { key: 'diffuseDirectDecompModel', label: 'Decomposition', type: 'DiffuseDirectDecompModelType' },
  { key: 'modTempModel', label: 'Module temperature', type: 'ModuleTemperatureModelType' },
  { key: 'incAngleModel', label: 'Incidence angle (IAM)', type: 'IncidenceAngleModelType' },
  { key: 'airMassModel', label: 'Air mass', type: 'AirMassModelType' },
  { key: 'spectralShiftModel', label: 'Spectral shift', type: 'SpectralShiftModel' },
  { key: 'soilingModel', label: 'Soiling', type: 'SoilingModelType' },
  { key: 'directBeamShadingModel', label: 'Direct beam shading', type: 'DirectBeamShadingModel' },
  { key: 'diffuseShadingModel', label: 'Diffuse shading', type: 'DiffuseShadingModel' },
  { key: 'degradationModel', label: 'Degradation', type: 'DegradationModel' },
];

/** [label, words] of each model choice: 'Perez', 'DIRINT', 'Heat Balance'…; 'Not set' when absent. */
export function modelChoiceWords(prediction: Json): [string, string][] {
  const rows: [string, string][] = MODEL_CHOICES.map(({ key, label, type }) => {
    const value = num(prediction[key]);
    return [label, value === null ? 'Not set' : (definitionLabel(type, value) ?? String(value))];
  });
  rows.splice(2, 0, [
    'Meteo plane-of-array irradiance',
    prediction.useMeteoPOAI === true ? 'Used' : 'Not used',
  ]);
  return rows;
}

export interface EquipmentUse {
  id: number;
  name: string;
  /** DC fields (modules) or inverter nodes (inverters) that use it, repeaters not counted */
  nodes: number;
}

const nameOf = (record: unknown, fallback: string): string => {
  const name = (record as Json | null | undefined)?.name;
  return typeof name === 'string' && name.trim() ? name : fallback;
};

/** The library modules and inverters the plant uses, by name (the plant's joined records), in order. */
export function plantEquipment(plant: PowerPlant | null): {
  modules: EquipmentUse[];
  inverters: EquipmentUse[];
} {
  const modules = new Map<number, EquipmentUse>();
  const inverters = new Map<number, EquipmentUse>();
  if (!plant) return { modules: [], inverters: [] };
  walkPlant(plant, ({ level, node }) => {
    if (level === 'inverter' && typeof node.inverterId === 'number') {
      const found = inverters.get(node.inverterId);
      if (found) found.nodes++;
      else
        inverters.set(node.inverterId, {
          id: node.inverterId,
          name: nameOf(node.inverter, `Inverter ${node.inverterId}`),
          nodes: 1,
        });
    } else if (level === 'dcField' && typeof node.moduleId === 'number') {
      const found = modules.get(node.moduleId);
      if (found) found.nodes++;
      else
        modules.set(node.moduleId, {
          id: node.moduleId,
          name: nameOf(node.module, `Module ${node.moduleId}`),
          nodes: 1,
        });
    }
  });
  return { modules: [...modules.values()], inverters: [...inverters.values()] };
}

/** The plant's totals, or null without a plant. */
export const totalsOf = (plant: PowerPlant | null): PlantTotals | null => (plant ? plantTotals(plant) : null);

/** First-year P50 figures of a result summary (spec 3 SummaryFactor), or null before a run. */
export interface LastResults {
  year: number | null;
  energyMwh: number | null;
  specificYieldDc: number | null;
  performanceRatio: number | null;
  capacityFactor: number | null;
}

export function lastResults(summary: ResultSummary | null | undefined): LastResults | null {
  const year = summary?.years?.[0];
  if (!year) return null;
  const factors = year.summaryFactors ?? [];
  const p50 = factors.find((f) => f.pValue === 50) ?? factors[0];
  if (!p50) return null;
  const gwh = num(p50.plantNetEnergy);
  return {
    year: num(year.year),
    energyMwh: gwh === null ? null : gwh * 1000,
    specificYieldDc: num(p50.specificYieldDC),
    performanceRatio: num(p50.performanceRatio),
    capacityFactor: num(p50.acCapacityFactor),
  };
}

/** The weather fields the picker reads (GET /Weather/{id}). */
export interface PickedWeather extends Json {
  id: number;
  name: string;
  startDate?: string | null;
  endDate?: string | null;
  timeZone?: number | null;
  planeOfArrayIrradianceSum?: number | null;
  directNormalIrradianceSum?: number | null;
  diffuseHorizontalIrradianceSum?: number | null;
  /** a typical year, and its months' source years (GET /Weather/{id}) */
  typicalYear?: boolean;
  years?: number[];
}

const positive = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** What a weather file holds, from its summary sums (a sum is null when the file lacks the column). */
export function weatherFactsOf(weather: PickedWeather): WeatherFacts {
  return {
    startDate: weather.startDate ?? null,
    endDate: weather.endDate ?? null,
    hasPoa: positive(weather.planeOfArrayIrradianceSum),
    hasDniDhi:
      positive(weather.directNormalIrradianceSum) && positive(weather.diffuseHorizontalIrradianceSum),
    timeZone: num(weather.timeZone),
  };
}

/**
 * The prediction after picking `weather` (spec 1 §4), and the warnings to show: the dates one when
 * start or end changed, the time-zone one when the file's offset differs from the project's.
 * @param projectOffset the project location's standard offset from UTC [h] (else the prediction's)
 */
export function pickWeather(
  prediction: Prediction,
  weather: PickedWeather,
  projectOffset: number | null | undefined,
): { prediction: Prediction; warnings: string[] } {
  const facts = weatherFactsOf(weather);
  const choices = weatherChoices(facts);
  const next: Prediction = { ...prediction, ...choices, weatherId: weather.id };
  const warnings: string[] = [];
  const sameInstant = (a: unknown, b: unknown) =>
    typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);
  if (
    (facts.startDate && !sameInstant(prediction.start, facts.startDate)) ||
    (facts.endDate && !sameInstant(prediction.end, facts.endDate))
  )
    warnings.push(WARNING.weatherDatesAdjusted);
  const offset = num(projectOffset) ?? num(prediction.timeZone);
  if (facts.timeZone !== null && offset !== null && facts.timeZone !== offset)
    warnings.push(weatherTimeZoneWarning(facts.timeZone, offset));
  return { prediction: next, warnings };
}
