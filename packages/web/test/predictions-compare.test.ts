/**
 * Compare Predictions' model on real server answers (fixtures of a two-block plant): the ids of the
 * query, the inputs that differ after a clone's tilt change, the DC fields by place, the results and
 * the loss trees merged side by side, units in both systems.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareCountProblem,
  dcFieldRows,
  inputSections,
  lossRows,
  parseCompareIds,
  resultRows,
  type CompareRow,
} from '../src/screens/predictions/compare/model.ts';
import type { HydratedPrediction, Json } from '../src/screens/predictions/model/types.ts';
import type { ResultSummary } from '../src/screens/predictions/results/types.ts';

const read = <T>(name: string): T =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')) as T;
const original = read<HydratedPrediction>('prediction-hydrated.json');
const summary = read<{ summary: ResultSummary }>('prediction-results.json').summary;

/** The prediction cloned, its first DC field's tilt set (a new plant object, as the builder does). */
function cloneWithTilt(tilt: number): HydratedPrediction {
  const copy = structuredClone(original);
  copy.id = 2;
  copy.name = `${original.name} - CLONE`;
  const field = copy.powerPlant!.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
  field.moduleTilt = tilt;
  return copy;
}

const find = (rows: CompareRow[], key: string) => rows.find((r) => r.key === key)!;
const allRows = (p: HydratedPrediction[], units: 'metric' | 'imperial' = 'metric') =>
  inputSections(p, units).flatMap((s) => s.rows);

describe('compare ids', () => {
  it('reads positive integers once, in order', () => {
    expect(parseCompareIds('3, 5,3,x,0,-1,8')).toEqual([3, 5, 8]);
    expect(parseCompareIds(null)).toEqual([]);
  });
  it('takes 2 to 6', () => {
    expect(compareCountProblem(1)).toBe('Choose at least 2 predictions to compare.');
    expect(compareCountProblem(2)).toBeNull();
    expect(compareCountProblem(6)).toBeNull();
    expect(compareCountProblem(7)).toBe('Compare at most 6 predictions at a time.');
  });
});

describe('inputs', () => {
  it('marks only what differs: the clone’s tilt', () => {
    const rows = allRows([original, cloneWithTilt(30)]);
    expect(rows.filter((r) => r.differs).map((r) => r.key)).toEqual(['tilt']);
    expect(find(rows, 'tilt').values).toEqual(['25.0°', '30.0°']);
    expect(find(rows, 'weather').values[0]).toBe('GREENSBORO PIEDMONT TRIAD INT, NC');
  });

  it('says the model choices and the plant in words, sizes and counts with repeaters', () => {
    const rows = allRows([original, original]);
    expect(rows.some((r) => r.differs)).toBe(false);
    expect(find(rows, 'transpositionModel').values[0]).toBe('Perez');
    expect(find(rows, 'status').values[0]).toBe('Draft-Private');
    expect(find(rows, 'dc').values[0]).toBe('2.594 MWp');
    expect(find(rows, 'ac').values[0]).toBe('2.000 MW');
    expect(find(rows, 'tracking').values[0]).toBe('Fixed Tilt, Horizontal Tracker');
    expect(find(rows, 'gcr').values[0]).toBe('0.35, 0.40');
    expect(find(rows, 'modules').values[0]).toBe('Aptos Solar Technology LLC DNA-144-MF23-400W [Blk]');
    expect(find(rows, 'soiling').values[0]).toBe('2.00 (every month)');
    expect(find(rows, 'pValues').values[0]).toBe('P50, P75, P90, P95, P99');
    expect(find(rows, 'lines').values[0]).toBe('1.00 km');
  });

  it('shows lengths and temperatures in the user’s system', () => {
    const p = { ...original, min50Year: -15, elevation: 270 };
    const metric = allRows([p, p], 'metric');
    const imperial = allRows([p, p], 'imperial');
    expect(find(metric, 'min50Year').values[0]).toBe('-15.0 °C');
    expect(find(imperial, 'min50Year').values[0]).toBe('5.0 °F');
    expect(find(imperial, 'elevation').values[0]).toBe('885.8 ft');
    expect(find(imperial, 'lines').values[0]).toBe('0.62 mi');
  });

  it('lists a monthly factor month by month when they vary', () => {
    const p = structuredClone(original);
    p.monthlyFactors = p.monthlyFactors!.map((f) => ({ ...f, soilingLoss: f.month === 2 ? 3 : 2 }));
    const row = find(allRows([original, p]), 'soiling');
    expect(row.differs).toBe(true);
    expect(row.values[1]).toMatch(/^Jan 2\.00, Feb 3\.00, Mar 2\.00/);
  });

  it('compares each DC field by its place, a missing one as --', () => {
    const fields = dcFieldRows([original, cloneWithTilt(30)], 'metric');
    expect(fields.map((r) => r.label)).toEqual([
      'Block 1 › Array 1 › Inverter A › DC field 1',
      'Block 2 › Array 1 › Inverter A › DC field 1',
    ]);
    expect(fields[0]!.differs).toBe(true);
    expect(fields[0]!.values[1]).toContain('Fixed Tilt 30.0°');
    expect(fields[1]!.differs).toBe(false);
    const smaller = structuredClone(original);
    smaller.powerPlant!.blocks = smaller.powerPlant!.blocks.slice(0, 1);
    const rows = dcFieldRows([original, smaller], 'metric');
    expect(rows[1]!.values[1]).toBe('--');
  });

  it('copes with a prediction without a plant', () => {
    const bare = { ...original, powerPlant: null };
    const rows = allRows([original, bare]);
    expect(find(rows, 'dc').values).toEqual(['2.594 MWp', '--']);
    expect(dcFieldRows([bare, bare], 'metric')).toEqual([]);
  });
});

describe('results', () => {
  /** The summary with a first year whose energy and transposition differ. */
  function changed(): ResultSummary {
    const copy = structuredClone(summary);
    const year = (copy.years as Json[])[0]!;
    year.totalEnergy = (year.totalEnergy as number) * 1.001;
    year.transpositionOnPlane = -18;
    return copy;
  }

  it('puts energy, yield, PR and the P-values side by side, irradiation in the user’s units', () => {
    const rows = resultRows([summary, null], 'imperial');
    expect(find(rows, 'energy').values).toEqual(['3,843.6', '--']);
    expect(find(rows, 'P90').values[0]).toBe('3,527.1');
    expect(find(rows, 'ghi').values[0]).toBe('145.4 kWh/ft²');
  });

  it('merges the loss trees in chain order, totals framing them', () => {
    const rows = lossRows([summary, changed()]);
    expect(rows[0]!.key).toBe('start');
    expect(rows.at(-1)!.key).toBe('end');
    expect(rows.at(-1)!.label).toBe('Energy at the point of interconnection (MWh)');
    expect(find(rows, 'transpositionOnPlane').values).toEqual(['+17.80 %', '+18.00 %']);
    expect(find(rows, 'transpositionOnPlane').differs).toBe(true);
    expect(find(rows, 'soilingLoss').differs).toBe(false);
    const keys = rows.map((r) => r.key);
    expect(keys.indexOf('acCollectionLinesLoss')).toBeLessThan(keys.indexOf('plantElement1'));
    expect(keys.indexOf('plantElement2')).toBeLessThan(keys.indexOf('availabilityLoss'));
  });

  it('shows a step that one tree lacks as 0 %, and nothing for a prediction without results', () => {
    const noShading = structuredClone(summary);
    (noShading.years as Json[])[0]!.nearShadingLoss = 0;
    const rows = lossRows([summary, noShading, null]);
    expect(find(rows, 'nearShadingLoss').values).toEqual(['−0.01 %', '0.00 %', '--']);
  });
});
