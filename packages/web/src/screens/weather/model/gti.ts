/**
 * Reading the global tilted plane answer: rows (per step, with globalTiltedIrradiance in W/m²) or
 * monthly sums; gives monthly and annual sums in kWh/m².
 */
import type { GtiRow, MonthlyChartRow } from './types.ts';

const GTI_FIELDS = ['globalTiltedIrradiance', 'gti', 'poa', 'planeOfArrayIrradiance', 'value'];

function gtiOf(row: GtiRow): number | null {
  for (const field of GTI_FIELDS) {
    const value = row[field];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

export interface GtiSummary {
  monthly: MonthlyChartRow[];
  annual: number | null;
}

/** Monthly sums (kWh/m², key 'poa') from the answer; per-step rows are W/m² over `intervalMinutes`. */
export function summarizeGti(answer: unknown, intervalMinutes = 60): GtiSummary {
  const body = answer as
    { rows?: GtiRow[]; weatherDetails?: GtiRow[]; monthly?: GtiRow[]; annual?: number } | GtiRow[] | null;
  const rows: GtiRow[] = Array.isArray(body) ? body : (body?.rows ?? body?.weatherDetails ?? []);
  const monthly = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, poa: null }) as MonthlyChartRow);
  if (
    !Array.isArray(body) &&
    Array.isArray(body?.monthly) &&
    body.monthly.every((v) => typeof v === 'number' || v === null)
  ) {
    (body.monthly as unknown as (number | null)[]).slice(0, 12).forEach((value, i) => {
      if (typeof value === 'number' && Number.isFinite(value)) monthly[i]!.poa = value;
    });
    const ghi = (body as { monthlyGhi?: (number | null)[] }).monthlyGhi;
    if (Array.isArray(ghi))
      ghi.slice(0, 12).forEach((value, i) => {
        if (typeof value === 'number' && Number.isFinite(value)) monthly[i]!.ghi = value;
      });
  } else if (!Array.isArray(body) && Array.isArray(body?.monthly)) {
    for (const row of body.monthly) {
      const month = Number(row.month);
      const value = gtiOf(row);
      if (month >= 1 && month <= 12 && value !== null) monthly[month - 1]!.poa = value;
    }
  } else {
    const hours = intervalMinutes / 60;
    for (const row of rows) {
      const value = gtiOf(row);
      const month =
        typeof row.month === 'number' ? row.month : Number(/^\d{4}-(\d{2})/.exec(row.timeStamp ?? '')?.[1]);
      if (value === null || !(month >= 1 && month <= 12)) continue;
      const target = monthly[month - 1]!;
      target.poa = (target.poa ?? 0) + (value * hours) / 1000;
    }
  }
  const values = monthly.map((m) => m.poa).filter((v): v is number => typeof v === 'number');
  const annualField = !Array.isArray(body) && typeof body?.annual === 'number' ? body.annual : null;
  return { monthly, annual: annualField ?? (values.length ? values.reduce((a, b) => a + b, 0) : null) };
}
