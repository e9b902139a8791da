/**
 * The results table (pure, unit-tested): the columns of ResultDetails rows with unit-aware headers
 * and values, the steps the table can show, and the CSV of the shown columns built in the browser.
 *
 * Row fields (server results/details.ts): `TimeStamp` (start of the period, project standard time),
 * `POAI` [kWh/m²], `EnergyGenerated` [kWh], `SpecificYieldDC` [kWh/kWp], `PerformanceRatio` and
 * `ACCapacityFactor` [%], losses [% of the stage before, + loss / − gain], shown with the UI sign
 * (− loss, + gain) as everywhere in the results.
 */
import type { UnitSystemName } from '@sunfield/domain';
import type { DetailRow, ResultDetails } from '../types.ts';
import { finite, formatTimeStamp, formatValue, inUserUnits, safeFileName, unitOf } from './format.ts';

export type DetailStep = 'subHourly' | 'hourly' | 'daily' | 'monthly';

export const STEP_FIELDS: Readonly<Record<DetailStep, keyof ResultDetails>> = {
  subHourly: 'SubHourlyDetails',
  hourly: 'HourlyDetails',
  daily: 'DailyDetails',
  monthly: 'MonthlyDetails',
};

export const STEP_LABELS: Readonly<Record<DetailStep, string>> = {
  subHourly: 'Sub-hourly',
  hourly: 'Hourly',
  daily: 'Daily',
  monthly: 'Monthly',
};

/** The steps the details hold, finest first (sub-hourly only when the server sent rows). */
export function availableSteps(details: ResultDetails | null | undefined): DetailStep[] {
  const steps: DetailStep[] = [];
  for (const step of ['subHourly', 'hourly', 'daily', 'monthly'] as const) {
    const rows = details?.[STEP_FIELDS[step]];
    if (Array.isArray(rows) && rows.length > 0) steps.push(step);
  }
  return steps;
}

export function stepRows(details: ResultDetails | null | undefined, step: DetailStep): DetailRow[] {
  const rows = details?.[STEP_FIELDS[step]];
  return Array.isArray(rows) ? (rows as DetailRow[]) : [];
}

export interface DetailColumn {
  id: string;
  /** header with its unit in the user's system */
  header: string;
  /** the shown value (user units, UI sign for losses); null when absent */
  value: (row: DetailRow) => number | string | null;
  decimals: number;
  /** shown when nothing was chosen */
  defaultShown: boolean;
}

const LOSS_COLUMNS: readonly [string, string][] = [
  ['NearShadingLoss', 'Near shading'],
  ['SpectralLoss', 'Spectral'],
  ['ModuleIrradianceLoss', 'Module irradiance'],
  ['ModuleTemperatureLoss', 'Module temperature'],
  ['InverterEfficiencyLoss', 'Inverter efficiency'],
  ['InverterLimitationLoss', 'Inverter limitation'],
];

/** The columns of a step, headers and values in the user's unit system. */
export function detailColumns(units: UnitSystemName, step: DetailStep): DetailColumn[] {
  const fine = step === 'hourly' || step === 'subHourly';
  const irradiation = unitOf('irradiation', units);
  return [
    {
      id: 'TimeStamp',
      header: 'Time',
      value: (row) =>
        step === 'monthly' ? String(row.TimeStamp).slice(0, 7) : formatTimeStamp(row.TimeStamp),
      decimals: 0,
      defaultShown: true,
    },
    {
      id: 'POAI',
      header: `POA irradiation (${irradiation})`,
      value: (row) => inUserUnits(finite(row.POAI), 'irradiation', units),
      decimals: fine ? 4 : step === 'daily' ? 3 : 2,
      defaultShown: true,
    },
    {
      id: 'EnergyGenerated',
      header: 'Energy (kWh)',
      value: (row) => finite(row.EnergyGenerated),
      decimals: fine ? 2 : 1,
      defaultShown: true,
    },
    {
      id: 'SpecificYieldDC',
      header: 'Specific yield (kWh/kWp)',
      value: (row) => finite(row.SpecificYieldDC),
      decimals: fine ? 4 : 2,
      defaultShown: true,
    },
    {
      id: 'PerformanceRatio',
      header: 'Performance ratio (%)',
      value: (row) => finite(row.PerformanceRatio),
      decimals: 2,
      defaultShown: true,
    },
    {
      id: 'ACCapacityFactor',
      header: 'AC capacity factor (%)',
      value: (row) => finite(row.ACCapacityFactor),
      decimals: 2,
      defaultShown: true,
    },
    ...LOSS_COLUMNS.map(([id, label]): DetailColumn => ({
      id,
      header: `${label} (%)`,
      value: (row) => {
        const loss = finite(row[id]);
        return loss === null ? null : loss === 0 ? 0 : -loss;
      },
      decimals: 2,
      defaultShown: id === 'InverterLimitationLoss',
    })),
  ];
}

/** The text of a cell: numbers grouped with their column's decimals. */
export function cellText(column: DetailColumn, row: DetailRow): string {
  const value = column.value(row);
  if (value === null) return '--';
  return typeof value === 'number' ? formatValue(value, column.decimals) : value;
}

const csvField = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A CSV number: the value in full (up to 10 significant digits), no grouping. */
const csvNumber = (value: number): string => String(Number(value.toPrecision(10)));

/**
 * The CSV of the shown columns: one header line (units in the user's system) and one line per row.
 * Lines end with CRLF (RFC 4180).
 */
export function detailsCsv(rows: readonly DetailRow[], columns: readonly DetailColumn[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows)
    lines.push(
      columns
        .map((c) => {
          const value = c.value(row);
          if (value === null) return '';
          return typeof value === 'number' ? csvNumber(value) : csvField(value);
        })
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** `{name}_Results_Hourly.csv`. */
export function csvFileName(predictionName: string, step: DetailStep): string {
  return `${safeFileName(predictionName)}_Results_${STEP_LABELS[step].replace(/[^A-Za-z]/g, '')}.csv`;
}
