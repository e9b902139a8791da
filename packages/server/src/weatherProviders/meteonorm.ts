/**
 * Meteonorm downloads through the Meteonorm API v1 (docs.meteonorm.com/api), JSON.
 *
 * - Typical year: GET /v1/climate/tmy?lat&lon&parameters=all&frequency=1_hour&horizon=auto
 *   &situation=open&response_format=json
 * - Time series (observations): GET /v1/observation/training?lat&lon&start&end&parameters=all
 *   &frequency=1_hour|15_minutes&horizon=auto&response_format=json (one request per year)
 * Authentication: `Authorization: Bearer {key}`. The company's Meteonorm settings hold licence, user
 * and password (spec 1 §7.11); the API authenticates by key only, so the licence key is the bearer
 * token and user and password are kept for the record. The answer:
 * `{"meta": {"lat", "lon", "altitude", "time_zone", "frequency", "parameters": [{"name", "unit":
 * {"name": "W/m**2"}}]}, "start_times": [...], "end_times": [...], "values": {"global_horizontal_irradiance":
 * [...], ...}}`; errors `{"error": {"message": …}}` (400), 401/403 for a bad key.
 */
import type { WeatherData, WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import { invalidCredentials, joinUrl, providerFetch, ProviderError } from './http.ts';
import { isoInstant, joinWeather, jsonNumber, weatherFromSeries, type SeriesColumn } from './series.ts';
import type { DownloadContext, DownloadRequest, WeatherProviderClient } from './types.ts';

const NAME = 'Meteonorm';

const FIELDS: Readonly<Record<string, WeatherSeriesKey>> = {
  global_horizontal_irradiance: 'ghi',
  diffuse_horizontal_irradiance: 'dhi',
  direct_normal_irradiance: 'dni',
  temperature: 'tempAir',
  dew_point_temperature: 'tempDew',
  relative_humidity: 'relativeHumidity',
  wind_speed: 'windSpeed',
  wind_direction: 'windDirection',
  air_pressure: 'pressure',
  pressure: 'pressure',
  precipitable_water: 'precipitableWater',
  albedo: 'albedo',
  precipitation: 'rainfall',
};

/** Factor from the unit Meteonorm names to the engine's canonical unit of that series. */
function scaleOf(key: WeatherSeriesKey, unit: string): number {
  const u = unit.toLowerCase().replace(/\s+/g, '');
  if (key === 'pressure') return u === 'pa' ? 1 : u === 'kpa' ? 1000 : 100; // hPa, mbar
  if (key === 'precipitableWater') return u === 'cm' ? 1 : 0.1; // mm, kg/m**2
  if (key === 'albedo') return u === '%' ? 0.01 : 1;
  if (key === 'tempAir' || key === 'tempDew') return 1;
  return 1;
}

const FREQUENCY: Readonly<Record<number, string>> = { 60: '1_hour', 15: '15_minutes', 1: '1_minute' };

/** Decodes a Meteonorm JSON answer into WeatherData (stamps at interval starts). */
export function meteonormToWeather(
  text: string,
  request: DownloadRequest,
  typicalYear: boolean,
): WeatherData {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderError(NAME, 'badResponse', `${NAME} did not return JSON`);
  }
  const meta = (body.meta ?? {}) as Record<string, unknown>;
  const starts = body.start_times;
  const values = body.values as Record<string, unknown> | undefined;
  if (!Array.isArray(starts) || !values || typeof values !== 'object') {
    throw new ProviderError(NAME, 'badResponse', `${NAME} returned no time series`);
  }
  const n = starts.length;
  const time = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    time[i] = isoInstant(starts[i]);
    if (!Number.isFinite(time[i]!)) {
      throw new ProviderError(NAME, 'badResponse', `${NAME} start time ${i + 1} is not a date`);
    }
  }
  const units = new Map<string, string>();
  for (const p of Array.isArray(meta.parameters) ? (meta.parameters as Record<string, unknown>[]) : []) {
    const unit = (p.unit as Record<string, unknown> | undefined)?.name;
    if (typeof p.name === 'string' && typeof unit === 'string') units.set(p.name, unit);
  }
  const columns: Partial<Record<WeatherSeriesKey, SeriesColumn>> = {};
  for (const [name, series] of Object.entries(values)) {
    const key = FIELDS[name];
    if (!key || columns[key] || !Array.isArray(series) || series.length !== n) continue;
    const unit = units.get(name) ?? '';
    const scale = scaleOf(key, unit);
    const data = new Float64Array(n);
    for (let i = 0; i < n; i++) data[i] = jsonNumber(series[i]) * scale;
    columns[key] = { data, source: name, unit };
  }
  const latitude = jsonNumber(meta.lat ?? meta.latitude);
  const longitude = jsonNumber(meta.lon ?? meta.longitude);
  const timeZone = jsonNumber(meta.time_zone);
  const lat = Number.isFinite(latitude) ? latitude : request.latitude;
  const lon = Number.isFinite(longitude) ? longitude : request.longitude;
  return weatherFromSeries(
    { time, columns },
    {
      provider: NAME,
      format: 'meteonormApi',
      source: typicalYear ? 'Meteonorm TMY' : 'Meteonorm observation',
      dataProvider: 4,
      weatherFormat: null,
      name: `Meteonorm ${lat.toFixed(4)}, ${lon.toFixed(4)}`,
      latitude: lat,
      longitude: lon,
      elevation: jsonNumber(meta.altitude),
      timeZone: Number.isFinite(timeZone) ? timeZone : undefined,
      timestampDefinition: 'intervalBegin',
      typicalYear,
    },
  );
}

async function fetchSeries(
  path: string,
  query: Record<string, string>,
  context: DownloadContext,
): Promise<string> {
  const key = context.credentials.licence;
  if (!key) throw invalidCredentials(NAME);
  const url = `${joinUrl(context.settings.meteonormUrl, path)}?${new URLSearchParams(query).toString()}`;
  const response = await providerFetch(
    { provider: NAME, url, headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } },
    { settings: context.settings },
  );
  return response.text;
}

export const meteonormClient: WeatherProviderClient = {
  id: 'Meteonorm',
  name: NAME,
  dataProvider: 4,
  sourceType: 1,
  docsUrl: 'https://docs.meteonorm.com/api',
  intervals: [60, 15, 1],
  typicalYear: true,
  yearRange: [2010, new Date().getUTCFullYear() - 1],
  coverage: () => null,
  validate(request) {
    const problems: string[] = [];
    if (!FREQUENCY[request.intervalMinutes]) problems.push('Meteonorm interval must be 1, 15 or 60 minutes.');
    if (request.years.length === 0 && request.intervalMinutes === 15) {
      problems.push('A Meteonorm typical year has 1- or 60-minute data.');
    }
    const [first, last] = this.yearRange!;
    for (const year of request.years) {
      if (year < first || year > last)
        problems.push(`Meteonorm has years ${first} to ${last}; ${year} is not.`);
    }
    return problems;
  },
  async download(request, context) {
    const base = {
      lat: request.latitude.toFixed(6),
      lon: request.longitude.toFixed(6),
      parameters: 'all',
      frequency: FREQUENCY[request.intervalMinutes] ?? '1_hour',
      horizon: 'auto',
      response_format: 'json',
    };
    if (request.years.length === 0) {
      await context.progress(0, 'Requesting');
      const text = await fetchSeries('/v1/climate/tmy', { ...base, situation: 'open' }, context);
      await context.progress(1, 'Received');
      return meteonormToWeather(text, request, true);
    }
    const parts: WeatherData[] = [];
    for (let i = 0; i < request.years.length; i++) {
      const year = request.years[i]!;
      await context.progress(i / request.years.length, `Requesting ${year}`);
      const text = await fetchSeries(
        '/v1/observation/training',
        { ...base, start: `${year}-01-01T00:00:00Z`, end: `${year + 1}-01-01T00:00:00Z` },
        context,
      );
      parts.push(meteonormToWeather(text, request, false));
    }
    await context.progress(1, 'Received');
    return joinWeather(parts, NAME);
  },
};
