/**
 * Solcast downloads (docs.solcast.com.au): irradiance and weather, JSON.
 *
 * - Typical year: GET /data/tmy/radiation_and_weather?latitude&longitude&period=PT60M
 *   &output_parameters=…&format=json
 * - Time series: GET /data/historic/radiation_and_weather?latitude&longitude&start&end&period
 *   &output_parameters=…&format=json — at most 31 days per request, so a year is 12 requests (one
 *   per month) and progress moves by month.
 * Authentication: `Authorization: Bearer {API key}`. The answer is
 * `{"estimated_actuals": [{"period_end": "2023-01-01T01:00:00.0000000Z", "period": "PT60M", "ghi": …}]}`
 * (UTC, stamps at the end of each period). Units: irradiance W/m², air_temp and dewpoint_temp °C,
 * surface_pressure hPa, wind_speed_10m m/s, wind_direction_10m °, relative_humidity %,
 * precipitable_water kg/m² (= mm), albedo 0–1. Errors: 400 `{"response_status": {"message": …}}`,
 * 401/403 for a bad key, 429 over the rate limit.
 */
import type { WeatherData, WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import { invalidCredentials, joinUrl, providerFetch, ProviderError } from './http.ts';
import {
  isoInstant,
  joinWeather,
  jsonNumber,
  siteStandardOffset,
  weatherFromSeries,
  type SeriesColumn,
} from './series.ts';
import type { DownloadContext, DownloadRequest, WeatherProviderClient } from './types.ts';

const NAME = 'Solcast';

/** Solcast output parameter → engine series, with the conversion to the canonical unit. */
const FIELDS: readonly { name: string; key: WeatherSeriesKey; unit: string; scale: number }[] = [
  { name: 'ghi', key: 'ghi', unit: 'W/m2', scale: 1 },
  { name: 'dni', key: 'dni', unit: 'W/m2', scale: 1 },
  { name: 'dhi', key: 'dhi', unit: 'W/m2', scale: 1 },
  { name: 'air_temp', key: 'tempAir', unit: 'C', scale: 1 },
  { name: 'dewpoint_temp', key: 'tempDew', unit: 'C', scale: 1 },
  { name: 'relative_humidity', key: 'relativeHumidity', unit: '%', scale: 1 },
  { name: 'surface_pressure', key: 'pressure', unit: 'hPa', scale: 100 },
  { name: 'wind_speed_10m', key: 'windSpeed', unit: 'm/s', scale: 1 },
  { name: 'wind_direction_10m', key: 'windDirection', unit: 'deg', scale: 1 },
  { name: 'precipitable_water', key: 'precipitableWater', unit: 'kg/m2', scale: 0.1 },
  { name: 'albedo', key: 'albedo', unit: '-', scale: 1 },
];

export const SOLCAST_OUTPUT_PARAMETERS = FIELDS.map((f) => f.name).join(',');

const pad = (n: number): string => String(n).padStart(2, '0');

/** Records of one Solcast JSON answer (the first list in the object). */
function recordsOf(text: string): Record<string, unknown>[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(NAME, 'badResponse', `${NAME} did not return JSON`);
  }
  if (body && typeof body === 'object') {
    for (const value of Object.values(body as Record<string, unknown>)) {
      if (Array.isArray(value)) return value as Record<string, unknown>[];
    }
  }
  throw new ProviderError(NAME, 'badResponse', `${NAME} returned no records`);
}

/** Decodes Solcast records into WeatherData (stamps at period end, UTC). */
export function solcastToWeather(
  records: readonly Record<string, unknown>[],
  request: DownloadRequest,
  typicalYear: boolean,
): WeatherData {
  const n = records.length;
  const time = new Float64Array(n);
  const columns: Partial<Record<WeatherSeriesKey, SeriesColumn>> = {};
  const present = FIELDS.filter((f) => records.some((r) => r[f.name] !== undefined && r[f.name] !== null));
  const arrays = present.map((f) => {
    const data = new Float64Array(n);
    columns[f.key] = { data, source: f.name, unit: f.unit };
    return data;
  });
  for (let i = 0; i < n; i++) {
    const record = records[i]!;
    time[i] = isoInstant(record.period_end);
    if (!Number.isFinite(time[i]!)) {
      throw new ProviderError(NAME, 'badResponse', `${NAME} record ${i + 1} has no valid period_end`);
    }
    for (let k = 0; k < present.length; k++) {
      const field = present[k]!;
      arrays[k]![i] = jsonNumber(record[field.name]) * field.scale;
    }
  }
  return weatherFromSeries(
    { time, columns },
    {
      provider: NAME,
      format: 'solcastApi',
      source: typicalYear ? 'Solcast TMY' : 'Solcast historic',
      dataProvider: 22,
      weatherFormat: 14,
      name: `Solcast ${request.latitude.toFixed(4)}, ${request.longitude.toFixed(4)}`,
      latitude: request.latitude,
      longitude: request.longitude,
      elevation: NaN,
      timeZone: siteStandardOffset(request.latitude, request.longitude),
      timestampDefinition: 'intervalEnd',
      typicalYear,
    },
  );
}

async function fetchRecords(
  path: string,
  query: Record<string, string>,
  context: DownloadContext,
): Promise<Record<string, unknown>[]> {
  const apiKey = context.credentials.apiKey;
  if (!apiKey) throw invalidCredentials(NAME);
  const url = `${joinUrl(context.settings.solcastUrl, path)}?${new URLSearchParams(query).toString()}`;
  const response = await providerFetch(
    { provider: NAME, url, headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' } },
    { settings: context.settings },
  );
  return recordsOf(response.text);
}

export const solcastClient: WeatherProviderClient = {
  id: 'Solcast',
  name: NAME,
  dataProvider: 22,
  sourceType: 8,
  docsUrl: 'https://docs.solcast.com.au/',
  intervals: [60, 30, 15, 10, 5],
  typicalYear: true,
  yearRange: [2007, new Date().getUTCFullYear() - 1],
  coverage: (latitude) =>
    Math.abs(latitude) > 70 ? 'Solcast irradiance covers latitudes between -70 and 70.' : null,
  validate(request) {
    const problems: string[] = [];
    if (!this.intervals.includes(request.intervalMinutes)) {
      problems.push('Solcast interval must be 5, 10, 15, 30 or 60 minutes.');
    }
    if (request.years.length === 0 && request.intervalMinutes !== 60 && request.intervalMinutes !== 30) {
      problems.push('A Solcast typical year has 30- or 60-minute data.');
    }
    const [first, last] = this.yearRange!;
    for (const year of request.years) {
      if (year < first || year > last)
        problems.push(`Solcast has years ${first} to ${last}; ${year} is not.`);
    }
    return problems;
  },
  async download(request, context) {
    const base = {
      latitude: request.latitude.toFixed(6),
      longitude: request.longitude.toFixed(6),
      period: `PT${request.intervalMinutes}M`,
      output_parameters: SOLCAST_OUTPUT_PARAMETERS,
      format: 'json',
    };
    if (request.years.length === 0) {
      await context.progress(0, 'Requesting');
      const records = await fetchRecords('/data/tmy/radiation_and_weather', base, context);
      await context.progress(1, 'Received');
      return solcastToWeather(records, request, true);
    }
    const months = request.years.flatMap((year) => Array.from({ length: 12 }, (_, m) => [year, m] as const));
    const parts: WeatherData[] = [];
    for (let i = 0; i < months.length; i++) {
      const [year, month] = months[i]!;
      await context.progress(i / months.length, `Requesting ${year}-${pad(month + 1)}`);
      const next = month === 11 ? `${year + 1}-01-01` : `${year}-${pad(month + 2)}-01`;
      const records = await fetchRecords(
        '/data/historic/radiation_and_weather',
        { ...base, start: `${year}-${pad(month + 1)}-01T00:00:00Z`, end: `${next}T00:00:00Z` },
        context,
      );
      parts.push(solcastToWeather(records, request, false));
    }
    await context.progress(1, 'Received');
    return joinWeather(parts, NAME);
  },
};
