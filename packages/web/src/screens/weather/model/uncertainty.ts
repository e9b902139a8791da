/** The uncertainty figures of a weather asset (GET /Weather/{id}/Uncertainty) as table rows. */
import { formatNumber, formatPeriod } from './format.ts';
import type { Weather } from './types.ts';

const UNCERTAINTY_LABELS: Record<string, string> = {
  totalPercent: 'Total uncertainty (%)',
  interannualPercent: 'Interannual variability (%)',
  sourcePercent: 'Data source uncertainty (%)',
};

/**
 * The figures as rows. The engine counts only full calendar years, and only from three on (fewer
 * give no spread): its `years` is 0 for a typical year or a short file, which read "Years of data 0".
 * The row then says what the file is instead: a typical year and its source years, or the calendar
 * years it covers, with the interannual variability marked as the default it then is; unknown, no row.
 */
export function uncertaintyRows(
  figures: Record<string, unknown>,
  weather: Pick<Weather, 'typicalYear' | 'years' | 'startDate' | 'endDate'>,
): [label: string, value: string][] {
  const rows: [string, string][] = [];
  const counted = typeof figures.years === 'number' && figures.years > 0 ? figures.years : null;
  for (const [key, value] of Object.entries(figures)) {
    if (key === 'years' || (typeof value !== 'number' && typeof value !== 'string')) continue;
    const label = UNCERTAINTY_LABELS[key] ?? key;
    const text = typeof value === 'number' ? formatNumber(value, 2) : value;
    rows.push([key === 'interannualPercent' && counted === null ? `${label}, default` : label, text]);
  }
  const calendarYears = (weather.years ?? []).filter((y) => Number.isInteger(y));
  const period = formatPeriod(weather);
  if (counted !== null) rows.push(['Years of data', String(counted)]);
  else if (period.startsWith('Typical year')) rows.push(['Years of data', period]);
  else if (calendarYears.length > 0) {
    rows.push(['Years of data', String(calendarYears.length)]);
  }
  return rows;
}
