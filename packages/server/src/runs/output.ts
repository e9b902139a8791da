/**
 * What a run keeps of a simulation (`RunOutput`), taken from the engine's result in the worker thread:
 * the ResultSummary, the plant's per-step columns of the first year (the per-step export's columns of
 * `sunfield simulate --hourly` and the loss-stage columns behind the hourly losses), the columns of the
 * nodes the export options ask for, and per year the energy by month and hour. Every column is a
 * Float64Array of one value per step, in the engine's units (W, W/m², °, °C, V, A); the timestamps are
 * the weather's own (ms since 1970, UTC), shown in the project's standard time.
 */
import {
  HOURLY_COLUMNS,
  hourlyColumns,
  isoLocal,
  type DcFieldResult,
  type SimulationResult,
} from '@sunfield/engine';
import { cecEntryNotes } from '../lib/cecEntry.ts';

/** Which nodes keep their series (spec 3 `NodalExportConfiguration` per block, plus the system). */
export interface ExportOptions {
  exportSystem: boolean;
  exportESS: boolean;
  blocks: {
    name: number;
    exportBlock: boolean;
    exportArrays: boolean;
    exportInverters: boolean;
    exportDCFields: boolean;
  }[];
}

export type NodeLevel = 'block' | 'array' | 'inverter' | 'dcField';

/** Named columns of one node (or of the plant). */
export interface SeriesSet {
  names: string[];
  columns: Float64Array[];
}

/** A node of the plant by its names (block 1, array 1, inverter "A", DC field 1), with its series. */
export interface NodeSeries extends SeriesSet {
  level: NodeLevel;
  block: number;
  array?: number;
  inverter?: string;
  dcField?: number;
}

export interface RunYear {
  yearIndex: number;
  year: number;
  /** energy at the point of interconnection by month and hour, `[(month − 1)·24 + hour]` [Wh] */
  monthHourEnergy: Float64Array;
}

export interface RunOutput {
  /** spec 3 `PredictionResultSummary` as the engine fills it */
  summary: Record<string, unknown>;
  warnings: string[];
  /** the case's defaults, "path = value" (what the run assumed, e.g. the weather's timestamp definition) */
  defaultsApplied: string[];
  /** step length [h] and the number of steps of a year */
  stepHours: number;
  length: number;
  /** the project's offset from UTC [h], for the timestamps */
  utcOffsetHours: number;
  /** timestamps of the steps [ms] */
  time: Float64Array;
  /** from a timestamp to the middle of its interval [ms] (the weather's timestamp convention) */
  midShiftMs: number;
  /** DC and AC capacity [W] */
  dcCapacity: number;
  acCapacity: number;
  plant: SeriesSet;
  nodes: NodeSeries[];
  years: RunYear[];
  /** engine time alone [ms] */
  engineMs: number;
}

/** Plant stage columns kept besides the per-step export's (`HOURLY_COLUMNS`), for the hourly losses. */
export const PLANT_STAGE_COLUMNS = [
  'poaAfterFarShading',
  'poaAfterNearShading',
  'poaAfterSoiling',
  'poaAfterIam',
  'poaAfterSpectral',
  'dcAfterIrradiance',
  'dcAfterTemperature',
  'dcAfterHealth',
  'acInverterOutput',
  'acAfterLimitation',
  'acAfterCollection',
  'acAfterAvailability',
] as const;

/** Every plant column, in storage order. */
export const PLANT_COLUMNS = [...HOURLY_COLUMNS, ...PLANT_STAGE_COLUMNS] as const;
export type PlantColumn = (typeof PLANT_COLUMNS)[number];

/** The timestamp of step i as the API writes dates (local standard time, no offset). */
export function stepTimestamp(output: Pick<RunOutput, 'time' | 'utcOffsetHours'>, i: number): string {
  return isoLocal(output.time[i]!, output.utcOffsetHours);
}

type Json = Record<string, unknown>;
const asList = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** Path of the engine (`powerPlant.blocks[0].arrays[1]…`) → names of the case's nodes. */
interface NamedPath {
  block: number;
  array?: number;
  inverter?: string;
  dcField?: number;
}

function plantPaths(caseJson: Json): Map<string, NamedPath> {
  const out = new Map<string, NamedPath>();
  const plant = (caseJson.powerPlant ?? {}) as Json;
  asList(plant.blocks).forEach((b, bi) => {
    const block = Number(b.name ?? bi + 1);
    const bp = `powerPlant.blocks[${bi}]`;
    out.set(bp, { block });
    asList(b.arrays).forEach((a, ai) => {
      const array = Number(a.name ?? ai + 1);
      const ap = `${bp}.arrays[${ai}]`;
      out.set(ap, { block, array });
      asList(a.inverters).forEach((v, vi) => {
        const inverter = String(v.name ?? String.fromCharCode(65 + vi));
        const vp = `${ap}.inverters[${vi}]`;
        out.set(vp, { block, array, inverter });
        asList(v.dcFields).forEach((d, di) => {
          out.set(`${vp}.dcFields[${di}]`, { block, array, inverter, dcField: Number(d.name ?? di + 1) });
        });
      });
    });
  });
  return out;
}

/** Whether the options ask for this level of this block. */
function wanted(options: ExportOptions, level: NodeLevel, block: number): boolean {
  const o = options.blocks.find((b) => b.name === block);
  if (!o) return false;
  if (level === 'block') return o.exportBlock;
  if (level === 'array') return o.exportArrays;
  if (level === 'inverter') return o.exportInverters;
  return o.exportDCFields;
}

const ratio = (a: Float64Array, b: Float64Array): Float64Array => {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = b[i]! > 0 ? a[i]! / b[i]! : 0;
  return out;
};

/** DC-rating-weighted mean of a DC-field column over the fields under a path prefix. */
function weightedMean(
  fields: readonly DcFieldResult[],
  prefix: string,
  pick: (d: DcFieldResult) => Float64Array,
  n: number,
): Float64Array {
  const out = new Float64Array(n);
  let total = 0;
  for (const d of fields) {
    const count = d.paths.filter((p) => p === prefix || p.startsWith(`${prefix}.`)).length;
    if (count === 0) continue;
    const w = count * d.settings.dcCapacity;
    total += w;
    const c = pick(d);
    for (let i = 0; i < n; i++) out[i]! += w * c[i]!;
  }
  if (total > 0) for (let i = 0; i < n; i++) out[i]! /= total;
  return out;
}

function dcFieldSeries(d: DcFieldResult): SeriesSet {
  const o = d.optics;
  return {
    names: [
      'SunZenithAngle',
      'SunAzimuthAngle',
      'ModuleTrackerAngle',
      'ModuleTilt',
      'ModuleAzimuth',
      'IncidenceAngle',
      'GlobalPOAIrradiance',
      'POAAfterShading',
      'POAAfterSoiling',
      'POAAfterIAM',
      'SpectralShiftFactor',
      'EffectiveIrradiance',
      'GlobalBackPOAI',
      'CellTemperature',
      'Voltage',
      'Current',
      'DCPower',
    ],
    columns: [
      o.solarZenith,
      o.solarAzimuth,
      o.trackerTheta,
      o.surfaceTilt,
      o.surfaceAzimuth,
      o.aoi,
      o.poaGlobal,
      o.poaAfterShading,
      o.poaAfterSoiling,
      o.poaAfterIam,
      o.spectralFactor,
      o.effectiveIrradiance,
      o.poaRear,
      d.tempCell,
      d.dcVoltage,
      d.dcCurrent,
      d.dcPower,
    ],
  };
}

/**
 * The run's output of a simulation result.
 * @param r the result
 * @param caseJson the case simulated (for the names of the nodes and the inverters' CEC traces)
 * @param options the nodal export options
 * @param engineMs the simulation's time [ms]
 */
export function runOutput(
  r: SimulationResult,
  caseJson: Json,
  options: ExportOptions,
  engineMs: number,
  midShiftMs = 0,
): RunOutput {
  const n = r.length;
  const hourly = hourlyColumns(r);
  const stageSource = { ...r.stages, ...r.plant } as unknown as Record<string, Float64Array>;
  const plant: SeriesSet = {
    names: [...PLANT_COLUMNS],
    columns: PLANT_COLUMNS.map((name) =>
      name in hourly ? hourly[name as keyof typeof hourly] : stageSource[name]!,
    ),
  };
  if (r.plant.ess) {
    plant.names.push('essPower', 'essBatteryPower', 'essStateOfCharge');
    plant.columns.push(r.plant.ess.power, r.plant.ess.batteryPower, r.plant.ess.soc);
  }
  const names = plantPaths(caseJson);
  const nodes: NodeSeries[] = [];
  const add = (level: NodeLevel, path: string, set: SeriesSet) => {
    const named = names.get(path);
    if (!named || !wanted(options, level, named.block)) return;
    nodes.push({ level, ...named, ...set });
  };
  for (const b of r.blocks) {
    add('block', b.path, {
      names: ['BlockPower', 'WeightedPOAI', 'EffectiveIrradiance'],
      columns: [
        b.power,
        weightedMean(r.dcFields, b.path, (d) => d.optics.poaGlobal, n),
        weightedMean(r.dcFields, b.path, (d) => d.optics.effectiveIrradiance, n),
      ],
    });
  }
  for (const a of r.arrays)
    for (const path of a.paths)
      add('array', path, {
        names: [
          'TotalACInverterPowerOutput',
          'PowerAfterDegradation',
          'PowerAfterLeTID',
          'DataAcquisitionAuxiliaryLoss',
          'CoolingLoss',
          'TrackerMotorLoss',
          'TransformerLosses',
          'CollectionLoss',
          'TransformerOutputPower',
          'WeightedPOAI',
        ],
        columns: [
          a.inverterAc,
          a.afterDegradation,
          a.afterLetid,
          a.auxiliaryLoss,
          a.coolingLoss,
          a.trackerMotorLoss,
          a.transformerLoss,
          a.collectionLoss,
          a.power,
          weightedMean(r.dcFields, path, (d) => d.optics.poaGlobal, n),
        ],
      });
  for (const v of r.inverters) {
    const efficiency = ratio(v.acPower, v.dcPower);
    const current = ratio(v.dcPower, v.vDc);
    const region = Float64Array.from(v.region);
    for (const path of v.paths)
      add('inverter', path, {
        names: [
          'DCVoltage',
          'DCCurrent',
          'DCPower',
          'DCInput',
          'Efficiency',
          'OffMppPowerLoss',
          'EfficiencyLoss',
          'ClippingLoss',
          'ACPower',
          'InverterRegion',
          'ACPowerLimit',
          'WeightedPOAI',
        ],
        columns: [
          v.vDc,
          current,
          v.dcPower,
          v.dcInput,
          efficiency,
          v.offMppLoss,
          v.efficiencyLoss,
          v.clippingLoss,
          v.acPower,
          region,
          v.acLimit,
          weightedMean(r.dcFields, path, (d) => d.optics.poaGlobal, n),
        ],
      });
  }
  for (const d of r.dcFields) {
    const set = dcFieldSeries(d);
    for (const path of d.paths) add('dcField', path, set);
  }
  return {
    summary: JSON.parse(JSON.stringify(r.summary)) as Record<string, unknown>,
    warnings: [...r.warnings],
    // The engine's defaults, then what the seed chose for a Global inverter from the CEC lists.
    defaultsApplied: [...new Set([...r.case.defaultsApplied, ...cecEntryNotes(caseJson)])],
    stepHours: r.stepHours,
    length: n,
    utcOffsetHours: r.case.project.timeZone,
    time: r.time,
    midShiftMs,
    dcCapacity: r.case.plant.dcCapacity,
    acCapacity: r.case.plant.acCapacity,
    plant,
    nodes,
    years: r.years.map((y) => ({ yearIndex: y.yearIndex, year: y.year, monthHourEnergy: y.monthHourEnergy })),
    engineMs,
  };
}
