/**
 * The model choices of a prediction (pure, unit-tested): the options of each enumeration as GET
 * /definitions serves them (domain catalog until it has loaded) limited to the values the engine
 * runs, which inputs apply to the current choices and weather (only those are shown), the coupled
 * edits (meteo DNI ⇔ no decomposition), P-values, degradation rate tables and the uncertainty terms
 * with their root-sum-square total.
 *
 * What applies, from the engine (packages/engine/src/simulate/resolvePrediction.ts, chain/):
 * - Perez coefficients only with Perez transposition; circumsolar treatment with both (Hay's A and
 *   Perez's F1 are the circumsolar share).
 * - With meteo POA the engine derives GHI/DNI/DHI from the measured POA by GTI-DIRINT: no
 *   decomposition choice, no meteo DNI. Meteo POA needs a file with POA irradiance.
 * - 'Use meteo DNI and DHI' is the engine's decomposition None (the file's DNI and DHI are used); the
 *   file must have both. Otherwise Erbs, Reindl or DIRINT split GHI.
 * - Spectral: the water source (spectralWeatherType) with 1-Param Pwat or Sandia and 2-Param Pwat
 *   and AM; Monthly Override reads the monthly spectral shift (Environmental Conditions).
 * - Direct beam: the fractional effect with Fractional, Module File Defined and Step Fractional; the
 *   number of module fractions with Module File Defined and Step Fractional.
 * - Degradation: rate and first-year flag with Stepped AC, Linear AC and Linear DC; the per-year table
 *   with Non-Linear DC. LeTID rates with LeTID on.
 * - Soiling 'Weather File' and beam models 2 (retired) and 4 (cSi3Diode) are refused by the engine:
 *   they are offered only to a prediction that already has them, so it can move off them.
 */
import {
  findDefinition,
  PREDICTION_TEMPERATURE_MODELS,
  PREDICTION_TRANSPOSITION_MODELS,
  type Definition,
} from '@sunfield/domain';
import { combinedUncertainty, pValueFactor, UNCERTAINTY_DEFAULTS } from '@sunfield/engine';
import type { Json, Prediction } from '../../model/types.ts';
import { finite } from './fieldRules.ts';

export interface ChoiceOption {
  value: string;
  label: string;
}

/**
 * Values the engine runs beyond the product's own, numbered past them (domain's prediction choices):
 * isotropic 100, Reindl 101 and Klucher 102 transposition; Faiman 100, PVsyst with an explicit module
 * efficiency 101 and Fuentes 102 cell temperature (the DC fields' coefficients).
 */
const SUNFIELD_VALUES: Readonly<Record<string, readonly { id: number; name: string; label?: string }[]>> = {
  TranspositionModelType: PREDICTION_TRANSPOSITION_MODELS.values.filter((v) => v.id >= 100),
  ModuleTemperatureModelType: PREDICTION_TEMPERATURE_MODELS.values.filter((v) => v.id >= 100),
};

/** Values of an enumeration the engine runs; absent: every value. */
export const ENGINE_VALUES: Readonly<Record<string, readonly number[]>> = {
  DirectBeamShadingModel: [0, 1, 3, 5, 6],
  SoilingModelType: [0, 2],
  // None (3) is the 'Use meteo DNI and DHI' switch.
  DiffuseDirectDecompModelType: [0, 1, 2],
  SpectralWeatherType: [1, 2, 3],
};

/**
 * The options of an enumeration: from the served list (case-insensitive type or alias), else the
 * domain catalog; limited to {@link ENGINE_VALUES}, with the current value kept when it is outside.
 */
export function enumOptions(
  definitions: readonly Definition[] | undefined,
  type: string,
  current?: unknown,
): ChoiceOption[] {
  const wanted = type.toLowerCase();
  const served = definitions?.find(
    (d) => d.type.toLowerCase() === wanted || d.aliases?.some((a) => a.toLowerCase() === wanted),
  );
  const definition = served ?? findDefinition(type);
  const allowed = ENGINE_VALUES[type];
  // Sunfield's own values past the product's (issue 17: every transposition the engine implements).
  const own = (SUNFIELD_VALUES[type] ?? []).filter((v) => !definition?.values.some((d) => d.id === v.id));
  return [...(definition?.values ?? []), ...own]
    .filter((v) => !allowed || allowed.includes(v.id) || v.id === current)
    .map((v) => ({ value: String(v.id), label: v.label ?? v.name }));
}

/** What the weather file holds, from its summary (hydrated `weather`); null fields: unknown. */
export interface WeatherHolds {
  poa: boolean | null;
  dniDhi: boolean | null;
  albedo: boolean | null;
}

const positive = (value: unknown): boolean | null => {
  const n = finite(value);
  return n === null ? null : n > 0;
};

export function weatherHolds(weather: Json | null | undefined): WeatherHolds {
  if (!weather) return { poa: null, dniDhi: null, albedo: null };
  const dni = positive(weather.directNormalIrradianceSum);
  const dhi = positive(weather.diffuseHorizontalIrradianceSum);
  return {
    poa: positive(weather.planeOfArrayIrradianceSum) ?? false,
    dniDhi: dni === null || dhi === null ? null : dni && dhi,
    albedo: typeof weather.hasAlbedoData === 'boolean' ? weather.hasAlbedoData : positive(weather.albedoSum),
  };
}

/** Which inputs apply (and are shown) for the current choices and weather. */
export interface Applicable {
  meteoPoa: boolean;
  backsidePoa: boolean;
  meteoDni: boolean;
  decomposition: boolean;
  perezCoefficients: boolean;
  weatherAlbedo: boolean;
  spectralWeatherType: boolean;
  monthlySpectral: boolean;
  fractionalEffect: boolean;
  moduleFractions: boolean;
  linearDegradation: boolean;
  nonLinearRates: boolean;
  leTidRates: boolean;
}

/** True when a decomposition is left to the file's DNI and DHI. */
export const usesMeteoDni = (p: Json): boolean => p.diffuseDirectDecompModel === 3 || p.useMeteoDni === true;

export function applicable(p: Json, weather: WeatherHolds): Applicable {
  const meteoPoa = p.useMeteoPOAI === true;
  const beam = finite(p.directBeamShadingModel) ?? 0;
  const spectral = finite(p.spectralShiftModel) ?? 0;
  const degradation = finite(p.degradationModel) ?? 0;
  return {
    meteoPoa: meteoPoa || weather.poa !== false,
    backsidePoa: meteoPoa,
    meteoDni: !meteoPoa && (usesMeteoDni(p) || weather.dniDhi !== false),
    decomposition: !meteoPoa && !usesMeteoDni(p),
    perezCoefficients: (finite(p.transpositionModel) ?? 1) === 1,
    weatherAlbedo: p.useWeatherFileAlbedoData === true || weather.albedo === true,
    spectralWeatherType: spectral === 1 || spectral === 2,
    monthlySpectral: spectral === 3,
    fractionalEffect: beam === 3 || beam === 5 || beam === 6,
    moduleFractions: beam === 5 || beam === 6,
    linearDegradation: degradation === 1 || degradation === 2 || degradation === 3,
    nonLinearRates: degradation === 4,
    leTidRates: p.enableLeTID === true,
  };
}

/**
 * 'Use meteo DNI and DHI': on, the engine's decomposition None; off, DIRINT (the engine's choice for
 * a file that needs a decomposition) unless another decomposition was set.
 */
export function setMeteoDni<P extends Json>(p: P, on: boolean): P {
  const decomposition = finite(p.diffuseDirectDecompModel);
  return {
    ...p,
    useMeteoDni: on,
    diffuseDirectDecompModel: on ? 3 : decomposition === null || decomposition === 3 ? 2 : decomposition,
  };
}

/**
 * 'Use meteo POA irradiance': on, GTI-DIRINT from the measured POA (decomposition DIRINT, as the
 * weather rule of spec 1 §4 sets it); off, the backside POA flag goes with it.
 */
export function setMeteoPoa<P extends Json>(p: P, on: boolean): P {
  return on
    ? { ...p, useMeteoPOAI: true, useMeteoDni: false, diffuseDirectDecompModel: 2 }
    : { ...p, useMeteoPOAI: false, useBacksidePOAI: false };
}

// ---------------------------------------------------------------------------------------------
// P-values

export const P_VALUE_MESSAGES = {
  each: 'Each P-value must be a whole number from 1 to 99.',
  differ: 'P-values must differ.',
  most: 'Must have at most 20 P-values.',
} as const;

/** The P-values typed as tags: the valid ones ascending, and the problem (API texts), if any. */
export function parsePValues(tags: readonly string[]): { values: number[]; problem: string | null } {
  const values: number[] = [];
  let problem: string | null = null;
  for (const tag of tags) {
    const n = Number(tag.trim().replace(/^P/i, ''));
    if (!Number.isInteger(n) || n < 1 || n > 99) problem ??= P_VALUE_MESSAGES.each;
    else if (values.includes(n)) problem ??= P_VALUE_MESSAGES.differ;
    else values.push(n);
  }
  if (values.length > 20) problem ??= P_VALUE_MESSAGES.most;
  return { values: values.sort((a, b) => a - b).slice(0, 20), problem };
}

// ---------------------------------------------------------------------------------------------
// Degradation rates (spec 3 NonLinearDegradationRate, LightAndElevationTemperatureDegradation)

export interface YearRate {
  id?: number | null;
  year: number | null;
  degradationRate: number | null;
  [field: string]: unknown;
}

export const rateRows = (value: unknown): YearRate[] => (Array.isArray(value) ? (value as YearRate[]) : []);

/** A new row for the year after the last (year 0 is the first year of operation). */
export function addRateRow(rows: readonly YearRate[]): YearRate[] {
  const years = rows.map((r) => finite(r.year)).filter((y): y is number => y !== null);
  const last = rows[rows.length - 1];
  return [
    ...rows,
    {
      year: years.length ? Math.min(100, Math.max(...years) + 1) : 0,
      degradationRate: last ? finite(last.degradationRate) : 0.5,
    },
  ];
}

export const setRateValue = (
  rows: readonly YearRate[],
  index: number,
  key: 'year' | 'degradationRate',
  value: number | null,
): YearRate[] => rows.map((row, i) => (i === index ? { ...row, [key]: value } : row));

export const removeRateRow = (rows: readonly YearRate[], index: number): YearRate[] =>
  rows.filter((_, i) => i !== index);

/** Years given twice (each is a problem). */
export function duplicateYears(rows: readonly YearRate[]): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const row of rows) {
    const y = finite(row.year);
    if (y === null) continue;
    if (seen.has(y)) twice.add(y);
    seen.add(y);
  }
  return twice;
}

// ---------------------------------------------------------------------------------------------
// Uncertainty

export type UncertaintyKey =
  'errorIntAnnVar' | 'errorSensAcc' | 'errorMonAcc' | 'errorSpaVar' | 'errorModelAcc';

/** The five terms (spec 3 Prediction.error*, standard deviations in %), in the engine's words. */
export const UNCERTAINTY_TERMS: readonly { key: UncertaintyKey; label: string }[] = [
  { key: 'errorIntAnnVar', label: 'Inter-annual variability' },
  { key: 'errorSensAcc', label: 'Irradiance sensor accuracy' },
  { key: 'errorMonAcc', label: 'Monitoring period representativeness' },
  { key: 'errorSpaVar', label: 'Spatial variability' },
  { key: 'errorModelAcc', label: 'Energy model accuracy' },
];

/**
 * Spec 1 §5 / spec 2 §9.3: "Uncertainty percentages below 1 are multiplied by 100 before sending" — a
 * value typed as a fraction (0.05) is taken as that percentage (5 %). 1 and above, and blank, stay.
 * The product is rounded to 10 significant digits (0.029 × 100 is 2.9, not 2.9000000000000004).
 */
export function uncertaintyPercent(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value >= 1) return value;
  return Number((value * 100).toPrecision(10));
}

/** The terms as the engine takes them (its default for a blank one) and which were blank. */
export function uncertaintyTerms(p: Json): {
  terms: Record<UncertaintyKey, number>;
  defaulted: UncertaintyKey[];
} {
  const terms = { ...UNCERTAINTY_DEFAULTS } as Record<UncertaintyKey, number>;
  const defaulted: UncertaintyKey[] = [];
  for (const { key } of UNCERTAINTY_TERMS) {
    const v = finite(p[key]);
    if (v === null) defaulted.push(key);
    else terms[key] = v;
  }
  return { terms, defaulted };
}

/**
 * The combined uncertainty of the first year (engine `combinedUncertainty`, root-sum-square):
 * σ_irr = √(σ_int² + σ_sens² + σ_mon² + σ_spa²), σ_total = √(σ_irr² + σ_model²) [%].
 */
export function totalUncertainty(p: Json): { irradiance: number; total: number } {
  return combinedUncertainty(uncertaintyTerms(p).terms);
}

/** Each P-value's energy as a share of P50 for a total σ (engine `pValueFactor`) [%]. */
export function pValueShares(values: readonly number[], sigma: number): { pValue: number; share: number }[] {
  return values.map((pValue) => ({ pValue, share: 100 * pValueFactor({ pValue }, { sigma }) }));
}

/** A typed prediction's field as a select value ('' when unset). */
export const selectValue = (p: Prediction | Json, key: string): string | null => {
  const n = finite(p[key]);
  return n === null ? null : String(n);
};
