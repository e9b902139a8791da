/**
 * `GET …/NodalJson` (spec 4 §1): the series of one level of the plant, picked by `blockNumber`,
 * `arrayNumber`, `inverterName` and `dcFieldNumber` (none: the system), optionally narrowed to the
 * comma-separated `nodalParameters`. PascalCase, one row per step with its `TimeStamp`; power in W,
 * irradiance in W/m², angles in °, temperatures in °C, voltage in V, current in A. A node's series
 * exist when the run's export options asked for its level in its block (404 otherwise).
 * `GET …/NodalExport` is the same table as CSV (`nodalTable` builds it once for both).
 */
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { badRequest, INVALID_INPUT, notFound } from '../lib/errors.ts';
import { loadSeries } from '../models/predictionRun.ts';
import type { StoredResult } from './load.ts';

type Json = Record<string, unknown>;

const positive = z.coerce.number().int().min(1).max(100000);
const query = z.object({
  blockNumber: positive.optional(),
  arrayNumber: positive.optional(),
  inverterName: z.string().trim().min(1).max(8).optional(),
  dcFieldNumber: positive.optional(),
  nodalParameters: z.string().max(4000).optional(),
});

/** The query, its names matched ignoring case and underscores (`block_number`, `BlockNumber`). */
export const nodalQuerySchema = z.preprocess((raw) => {
  const out: Json = {};
  const names = Object.keys(query.shape);
  for (const [k, v] of Object.entries((raw ?? {}) as Json)) {
    const name = names.find((n) => n.toLowerCase() === k.replace(/_/g, '').toLowerCase());
    if (name) out[name] = v;
  }
  return out;
}, query);
export type NodalQuery = z.infer<typeof query>;

/** The plant's stored columns as the system level shows them. */
const SYSTEM_NAMES: Record<string, string> = {
  ghi: 'GHI',
  dni: 'DNI',
  dhi: 'DHI',
  solarZenith: 'SunZenithAngle',
  solarAzimuth: 'SunAzimuthAngle',
  poaGlobal: 'POAI',
  poaRear: 'BackPOAI',
  effectiveIrradiance: 'EffectiveIrradiance',
  tempAir: 'AmbientTemperature',
  tempCell: 'CellTemperature',
  windSpeed: 'WindSpeed',
  dcPower: 'DCPower',
  inverterAcPower: 'InvPowerAcAggregate',
  acAfterCollection: 'TotalPowerGeneratedBeforeTransformerTransmissionLosses',
  acAfterAvailability: 'TotalPowerGeneratedAfterAvailabilityLoss',
  plantAcPower: 'SystemPowerOutput',
  essPower: 'ESSPower',
  essBatteryPower: 'ESSBatteryPower',
  essStateOfCharge: 'ESSStateOfCharge',
};

const iso = (t: number): string => new Date(t).toISOString().slice(0, 19);

function rows(time: Float64Array, offsetMs: number, columns: [string, Float64Array][]): Json[] {
  const out: Json[] = new Array(time.length);
  for (let i = 0; i < time.length; i++) {
    const r: Json = { TimeStamp: iso(time[i]! + offsetMs) };
    for (const [name, c] of columns) r[name] = c[i]!;
    out[i] = r;
  }
  return out;
}

/** Keeps the asked parameters (case-insensitive); 400 naming the unknown ones. */
function pick(columns: [string, Float64Array][], parameters: string | undefined): [string, Float64Array][] {
  if (!parameters?.trim()) return columns;
  const asked = parameters
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const byLower = new Map(columns.map((c) => [c[0].toLowerCase(), c]));
  const unknown = asked.filter((p) => !byLower.has(p.toLowerCase()));
  if (unknown.length)
    throw badRequest(INVALID_INPUT, {
      nodalParameters: [
        `Unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; available: ${columns.map((c) => c[0]).join(', ')}.`,
      ],
    });
  return asked.map((p) => byLower.get(p.toLowerCase())!);
}

/** One level of the plant as a table: the response's head fields, its data's key and the columns. */
export interface NodalTable {
  /** `ProjectName`, `PredictionName` and the node's numbers (`BlockNumber` …), in the JSON's order */
  head: Json;
  /** `SystemData`, `BlockData`, `ArrayData`, `InverterData` or `DCFieldData` */
  dataKey: string;
  /** the level's part of a file name: `System`, `Block1`, `Block1_Array1_InverterA_DCField1` */
  label: string;
  /** the steps' stored timestamps [ms] and the offset to the project's standard time [ms] */
  time: Float64Array;
  offsetMs: number;
  /** the asked columns in order, values in the units of the file comment */
  columns: [string, Float64Array][];
}

/**
 * The level of the plant the query asks for, with its columns (see the file comment).
 * @throws 400 for a lower level without the levels above it or an unknown parameter; 404 for a node
 *   whose series were not stored
 */
export async function nodalTable(
  db: Db,
  result: StoredResult,
  q: NodalQuery,
  names: { projectName: string; predictionName: string },
): Promise<NodalTable> {
  const d = result.details;
  const offsetMs = d.utcOffsetHours * 3_600_000;
  const head: Json = { ProjectName: names.projectName, PredictionName: names.predictionName };
  const plant = await loadSeries(db, result.run.id, 'plant', ['time', ...Object.keys(SYSTEM_NAMES)]);
  const time = plant.get('time') ?? new Float64Array(0);
  if (q.blockNumber === undefined) {
    if (q.arrayNumber !== undefined || q.inverterName !== undefined || q.dcFieldNumber !== undefined)
      throw badRequest(INVALID_INPUT, { blockNumber: ['blockNumber is required with a lower level.'] });
    const columns: [string, Float64Array][] = [];
    for (const [key, name] of Object.entries(SYSTEM_NAMES)) {
      const c = plant.get(key);
      if (c) columns.push([name, c]);
    }
    return {
      head,
      dataKey: 'SystemData',
      label: 'System',
      time,
      offsetMs,
      columns: pick(columns, q.nodalParameters),
    };
  }
  const level =
    q.dcFieldNumber !== undefined
      ? 'dcField'
      : q.inverterName !== undefined
        ? 'inverter'
        : q.arrayNumber !== undefined
          ? 'array'
          : 'block';
  const missing =
    (level === 'dcField' && (q.inverterName === undefined || q.arrayNumber === undefined)) ||
    (level === 'inverter' && q.arrayNumber === undefined);
  if (missing)
    throw badRequest(INVALID_INPUT, {
      [level === 'dcField' && q.inverterName === undefined ? 'inverterName' : 'arrayNumber']: [
        'Every level above the one asked for is required.',
      ],
    });
  const inverterName = q.inverterName?.toUpperCase();
  const parts = [q.blockNumber, q.arrayNumber, inverterName, q.dcFieldNumber].filter((v) => v !== undefined);
  const key = `${level}:${parts.join('/')}`;
  if (!d.nodes.some((n) => n.key === key)) {
    const label = [
      `Block ${q.blockNumber}`,
      q.arrayNumber !== undefined ? `Array ${q.arrayNumber}` : '',
      inverterName !== undefined ? `Inverter ${inverterName}` : '',
      q.dcFieldNumber !== undefined ? `DC Field ${q.dcFieldNumber}` : '',
    ]
      .filter(Boolean)
      .join(' › ');
    throw notFound(
      `No nodal data for ${label}: the node does not exist or the run's export options did not ask for it.`,
    );
  }
  const series = await loadSeries(db, result.run.id, key);
  const columns = pick([...series.entries()], q.nodalParameters);
  const numbers: Json = { BlockNumber: q.blockNumber };
  if (level !== 'block') numbers.ArrayNumber = q.arrayNumber;
  if (level === 'inverter' || level === 'dcField') numbers.InverterName = inverterName;
  if (level === 'dcField') numbers.DCFieldNumber = q.dcFieldNumber;
  const label = [
    `Block${q.blockNumber}`,
    level !== 'block' ? `Array${q.arrayNumber}` : '',
    level === 'inverter' || level === 'dcField' ? `Inverter${inverterName}` : '',
    level === 'dcField' ? `DCField${q.dcFieldNumber}` : '',
  ]
    .filter(Boolean)
    .join('_');
  const dataKey = {
    block: 'BlockData',
    array: 'ArrayData',
    inverter: 'InverterData',
    dcField: 'DCFieldData',
  }[level];
  return { head: { ...head, ...numbers }, dataKey, label, time, offsetMs, columns };
}

/** `GET …/NodalJson`: the table as the spec's JSON, one object per step. */
export async function nodalJson(
  db: Db,
  result: StoredResult,
  q: NodalQuery,
  names: { projectName: string; predictionName: string },
): Promise<Json> {
  const t = await nodalTable(db, result, q, names);
  return { ...t.head, [t.dataKey]: rows(t.time, t.offsetMs, t.columns) };
}

/** A number as CSV text: the shortest text that reads back as the same double; '' for NaN and ±∞. */
const csvNumber = (v: number): string => (Number.isFinite(v) ? String(v) : '');

/**
 * `GET …/NodalExport`: the table as CSV (RFC 4180, CRLF line ends): a header `TimeStamp,<names>`,
 * then one line per step, in chunks of `linesPerChunk` lines so that a response can stream it.
 */
export function* nodalCsv(t: NodalTable, linesPerChunk = 2000): Generator<string> {
  let chunk = `TimeStamp,${t.columns.map((c) => c[0]).join(',')}\r\n`;
  let lines = 0;
  for (let i = 0; i < t.time.length; i++) {
    chunk += iso(t.time[i]! + t.offsetMs);
    for (const c of t.columns) chunk += `,${csvNumber(c[1][i]!)}`;
    chunk += '\r\n';
    if (++lines === linesPerChunk) {
      yield chunk;
      chunk = '';
      lines = 0;
    }
  }
  if (chunk) yield chunk;
}
