/**
 * The result pages' models on what the server really answers (fixture: a two-block plant run by
 * `sunfield serve`): per-year and P-value figures, the loss cascade ending at the year's energy, the
 * chart options, the table columns in both unit systems and its CSV, the reports' progress.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blocksOption,
  dailyProfilesOption,
  heatmapCells,
  monthlyEnergyOption,
  scatterPoints,
  waterfallBars,
  waterfallOption,
  type AverageEnergy,
} from '../src/screens/predictions/results/model/charts.ts';
import {
  formatLossPercent,
  formatTimeStamp,
  formatValue,
  inUserUnits,
  powerScale,
  safeFileName,
  unitOf,
} from '../src/screens/predictions/results/model/format.ts';
import { reportProgress, workbookFileName } from '../src/screens/predictions/results/model/reports.ts';
import {
  blockRows,
  lossCascade,
  lossEntries,
  monthlyEnergySums,
  monthRows,
  pValueRows,
  summaryYears,
  yearRows,
} from '../src/screens/predictions/results/model/summary.ts';
import {
  availableSteps,
  cellText,
  csvFileName,
  detailColumns,
  detailsCsv,
  stepRows,
} from '../src/screens/predictions/results/model/table.ts';
import type { DetailRow, ResultDetails, ResultSummary } from '../src/screens/predictions/results/types.ts';

const fixture = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures/prediction-results.json'), 'utf8'),
) as { summary: ResultSummary; details: ResultDetails; averageEnergy: AverageEnergy };
const { summary, details, averageEnergy } = fixture;

describe('formatting', () => {
  it('groups thousands, keeps the decimals and shows -- for nothing', () => {
    expect(formatValue(3843.5754, 1)).toBe('3,843.6');
    expect(formatValue(-0.001, 2)).toBe('0.00');
    expect(formatValue(null)).toBe('--');
    expect(formatValue(Number.NaN)).toBe('--');
  });
  it('shows losses with the UI sign (− loss, + gain)', () => {
    expect(formatLossPercent(2.5518)).toBe('−2.55 %');
    expect(formatLossPercent(-17.8019)).toBe('+17.80 %');
    expect(formatLossPercent(0.001)).toBe('0.00 %');
  });
  it('converts irradiation and irradiance to the user’s system', () => {
    expect(unitOf('irradiation', 'metric')).toBe('kWh/m²');
    expect(unitOf('irradiation', 'imperial')).toBe('kWh/ft²');
    expect(unitOf('irradiance', 'imperial')).toBe('W/ft²');
    expect(inUserUnits(1000, 'irradiance', 'metric')).toBe(1000);
    expect(inUserUnits(1076.39, 'irradiation', 'imperial')).toBeCloseTo(100, 6);
  });
  it('scales power to MW above 10 MW and writes time stamps as the API does', () => {
    expect(powerScale(9_999)).toEqual({ factor: 1, symbol: 'kW' });
    expect(powerScale(25_000).symbol).toBe('MW');
    expect(formatTimeStamp('1990-01-01T12:00:00')).toBe('1990-01-01 12:00');
    expect(safeFileName('A/B: "c"')).toBe('A_B_ _c_');
  });
});

describe('summary', () => {
  it('gives the year’s energy (kWh → MWh) and its P50 yield, PR and capacity factor', () => {
    const [year] = yearRows(summary);
    expect(year!.energyMwh).toBeCloseTo(3843.575, 3);
    expect(year!.specificYield).toBeCloseTo(1496.03, 2);
    expect(year!.performanceRatio).toBeCloseTo(81.156, 3);
    expect(year!.capacityFactor).toBeCloseTo(22.147, 3);
    expect(year!.label).toBe('Year 1 (1990)');
  });

  it('lists every P-value with its net energy in MWh (GWh × 1000)', () => {
    const rows = pValueRows(summaryYears(summary)[0]);
    expect(rows.map((r) => r.label)).toEqual(['P50', 'P75', 'P90', 'P95', 'P99']);
    expect(rows[0]!.energyMwh).toBeCloseTo(3880.12, 2);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.energyMwh!).toBeLessThan(rows[i - 1]!.energyMwh!);
  });

  it('orders the losses as the chain does, the plant’s transformer and line after AC collection', () => {
    const keys = lossEntries(summary, summaryYears(summary)[0]).map((e) => e.key);
    expect(keys).toEqual([
      'transpositionOnPlane',
      'nearShadingLoss',
      'soilingLoss',
      'iamFactorLoss',
      'moduleIrradianceLoss',
      'moduleTemperatureLoss',
      'dcWiringLoss',
      'dcHealthLoss',
      'inverterEfficiencyLoss',
      'inverterLimitationLoss',
      'dataAcquisitionAuxLoss',
      'mvTransformersLoss',
      'acCollectionLinesLoss',
      'plantElement1',
      'plantElement2',
      'availabilityLoss',
    ]);
    const all = lossEntries(summary, summaryYears(summary)[0], { all: true });
    expect(all.some((e) => e.key === 'backsideIrradiance')).toBe(false); // monofacial
    expect(all.some((e) => e.key.startsWith('ess'))).toBe(false); // no storage
    expect(all.find((e) => e.key === 'plantElement2')!.label).toBe('Plant transmission line 1');
  });

  it('cascades from GHI × DC rating to exactly the year’s energy at the point of interconnection', () => {
    const steps = lossCascade(summary);
    expect(steps[0]!.label).toBe('GHI × DC rating');
    expect(steps[0]!.after).toBeCloseTo(1564.826 * 2.59360704, 6);
    const last = steps.at(-1)!;
    expect(last.label).toBe('Energy at the point of interconnection');
    expect(steps.at(-2)!.after).toBeCloseTo(last.after, 6);
    expect(last.after).toBeCloseTo(3843.5754, 3);
    const transposition = steps.find((s) => s.key === 'transpositionOnPlane')!;
    expect(transposition.kind).toBe('gain');
    expect(transposition.after / transposition.before).toBeCloseTo(1.17802, 5);
    for (let i = 1; i < steps.length - 1; i++) expect(steps[i]!.before).toBe(steps[i - 1]!.after);
  });

  it('gives monthly rows from MonthlyDetails and monthly sums from the summary', () => {
    const months = monthRows(details);
    expect(months).toHaveLength(12);
    expect(months[0]!.label).toBe('Jan');
    expect(months[0]!.energyMwh).toBeCloseTo(221.526, 3);
    const sum = months.reduce((a, m) => a + m.energyMwh, 0);
    expect(sum).toBeCloseTo(3843.575, 2);
    const sums = monthlyEnergySums(summaryYears(summary)[0]);
    expect(sums).toHaveLength(12);
    expect(sums[0]).toBeCloseTo(225.208, 3);
  });

  it('lists the blocks with their energy, yield and share', () => {
    const rows = blockRows(summary);
    expect(rows.map((r) => r.name)).toEqual(['1', '2']);
    expect(rows[0]!.tracking).toBe('Fixed Tilt');
    expect(rows[1]!.tracking).toBe('Horizontal Tracker');
    expect(rows[0]!.energyMwh).toBeCloseTo(1844.414, 3);
    expect(rows[1]!.specificYield).toBeCloseTo(2050.309 / 1.29680352, 2);
    expect(rows[0]!.share! + rows[1]!.share!).toBeCloseTo(100, 9);
    expect(rows[0]!.losses).toEqual([]);
  });

  it('multiplies a repeated block’s energy', () => {
    const blocks = (summary.blockResultSummaries as Record<string, unknown>[]).map((b, i) =>
      i === 0 ? { ...b, repeater: 3 } : b,
    );
    const rows = blockRows({ ...summary, blockResultSummaries: blocks });
    expect(rows[0]!.totalEnergyMwh).toBeCloseTo(3 * 1844.414, 3);
    expect(rows[0]!.share).toBeCloseTo((100 * 3 * 1844.414) / (3 * 1844.414 + 2050.309), 3);
  });

  it('is empty without a summary', () => {
    expect(yearRows(null)).toEqual([]);
    expect(lossCascade(null)).toEqual([]);
    expect(blockRows(undefined)).toEqual([]);
    expect(monthRows(null)).toEqual([]);
  });
});

describe('charts', () => {
  it('draws the waterfall as an invisible base and one visible bar per step', () => {
    const steps = lossCascade(summary);
    const bars = waterfallBars(steps);
    expect(bars.total[0]).toBeCloseTo(steps[0]!.after, 9);
    expect(bars.base[0]).toBeNull();
    const i = steps.findIndex((s) => s.key === 'soilingLoss');
    expect(bars.loss[i]).toBeCloseTo(steps[i]!.before - steps[i]!.after, 9);
    expect(bars.base[i]).toBeCloseTo(steps[i]!.after, 9);
    const g = steps.findIndex((s) => s.key === 'transpositionOnPlane');
    expect(bars.gain[g]).toBeCloseTo(steps[g]!.after - steps[g]!.before, 9);
    expect(bars.base[g]).toBeCloseTo(steps[g]!.before, 9);
    const option = waterfallOption(steps);
    expect(option.yAxis.data).toEqual(steps.map((s) => s.label));
    expect(option.series.map((s) => s.name)).toEqual(['Base', 'Total', 'Loss', 'Gain']);
  });

  it('draws monthly energy bars and PR on a second axis', () => {
    const option = monthlyEnergyOption(monthRows(details));
    expect(option.series[0]!.data[0]).toBeCloseTo(221.53, 2);
    expect(option.series[1]!.yAxisIndex).toBe(1);
  });

  it('draws energy per block, zoomable for long plants', () => {
    expect(blocksOption(blockRows(summary)).dataZoom).toBeUndefined();
    const many = Array.from({ length: 300 }, (_, i) => ({ ...blockRows(summary)[0]!, name: String(i + 1) }));
    expect(blocksOption(many).dataZoom).toBeDefined();
  });

  it('draws one line per month of the mean power by hour', () => {
    const option = dailyProfilesOption(averageEnergy);
    expect(option.series.map((s) => s.name)).toEqual(['Jan', 'Feb']);
    expect(option.series[0]!.data).toHaveLength(24);
    expect(option.yAxis.name).toBe('kW');
  });

  it('puts every hour in the heat map cell of its day and hour', () => {
    const rows = stepRows(details, 'hourly');
    const map = heatmapCells(rows);
    expect(map.cells).toHaveLength(48);
    expect(map.days).toBe(2);
    expect(map.dayLabels).toEqual(['Jan 1', 'Jan 2']);
    const noonDay2 = map.cells.find(([d, h]) => d === 1 && h === 12)!;
    expect(noonDay2[2]).toBeCloseTo(rows[36]!.EnergyGenerated, 3);
  });

  it('plots daylight hours of POA irradiance (W/m² or W/ft²) against power', () => {
    const rows = stepRows(details, 'hourly');
    const metric = scatterPoints(rows, 'metric');
    const daylight = rows.filter((r) => r.POAI > 0);
    expect(metric.points).toHaveLength(daylight.length);
    expect(metric.points[0]![0]).toBeCloseTo(daylight[0]!.POAI * 1000, 2);
    const imperial = scatterPoints(rows, 'imperial');
    expect(imperial.irradianceUnit).toBe('W/ft²');
    expect(imperial.points[0]![0]).toBeCloseTo((daylight[0]!.POAI * 1000) / 10.7639, 2);
  });
});

describe('table', () => {
  it('offers the steps the details hold', () => {
    expect(availableSteps(details)).toEqual(['hourly', 'daily', 'monthly']);
    expect(availableSteps({ ...details, SubHourlyDetails: details.HourlyDetails })[0]).toBe('subHourly');
  });

  it('writes headers and values in the user’s unit system, losses with the UI sign', () => {
    const row = stepRows(details, 'hourly')[12]!;
    const metric = detailColumns('metric', 'hourly');
    const imperial = detailColumns('imperial', 'hourly');
    const poa = (cols: typeof metric) => cols.find((c) => c.id === 'POAI')!;
    expect(poa(metric).header).toBe('POA irradiation (kWh/m²)');
    expect(poa(imperial).header).toBe('POA irradiation (kWh/ft²)');
    expect(poa(imperial).value(row)).toBeCloseTo(row.POAI / 10.7639, 9);
    const efficiency = metric.find((c) => c.id === 'InverterEfficiencyLoss')!;
    expect(efficiency.value(row)).toBeCloseTo(-(row.InverterEfficiencyLoss as number), 9);
    expect(cellText(metric[0]!, row)).toBe('1990-01-01 12:00');
    expect(
      cellText(
        metric.find((c) => c.id === 'EnergyGenerated')!,
        row,
      ),
    ).toBe('332.76');
  });

  it('builds the CSV of the shown columns', () => {
    const rows: DetailRow[] = stepRows(details, 'hourly').slice(11, 13);
    const columns = detailColumns('imperial', 'hourly').filter((c) =>
      ['TimeStamp', 'POAI', 'EnergyGenerated'].includes(c.id),
    );
    const csv = detailsCsv(rows, columns);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Time,POA irradiation (kWh/ft²),Energy (kWh)');
    expect(lines[2]).toMatch(/^1990-01-01 12:00,0\.01422\d*,332\.764105\d*$/);
    expect(lines).toHaveLength(4);
    expect(csvFileName('Plant, "A"', 'hourly')).toBe('Plant, _A__Results_Hourly.csv');
  });
});

describe('reports', () => {
  it('follows the generation until every report is ready', () => {
    const state = (status: string) => ({
      reportType: 'PlantSummary',
      status,
      fileName: null,
      generatedDate: null,
      message: null,
    });
    expect(reportProgress(null)).toMatchObject({ total: 0, polling: false, untouched: true });
    const some = reportProgress([state('Success'), state('Running'), state('Queued'), state('Error')]);
    expect(some).toMatchObject({ total: 4, ready: 1, busy: 2, failed: 1, percent: 25, polling: true });
    expect(reportProgress([state('None'), state('None')]).untouched).toBe(true);
  });

  it('names the workbook as the server does', () => {
    expect(workbookFileName('Two blocks', 1)).toBe('Two blocks_PlantSummary8760_Draft.xlsx');
    expect(workbookFileName('Two blocks', 4)).toBe('Two blocks_PlantSummary8760.xlsx');
  });
});
