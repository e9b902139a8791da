/**
 * SolarAnywhere (Clean Power Research) downloads through its asynchronous weather-data API
 * (developers.cleanpower.com/irradiance-and-weather-data/irradiance-and-weather-requests/).
 *
 * 1. POST /api/v2/WeatherData with `X-Api-Key: {key}`, `Content-Type: application/json`, body
 *    `{"Sites": [{"Latitude", "Longitude"}], "Options": {"OutputFields": [...], "SummaryOutputFields": [],
 *    "SpatialResolution_Degrees": 0.01, "TimeResolution_Minutes": 60, "WeatherDataSource":
 *    "SolarAnywhereLatest" | "SolarAnywhereTGYLatest" | "SolarAnywhereTDYLatest", "MissingDataHandling":
 *    "FillAverage", "StartTime", "EndTime"}}` (start and end for time series only). The answer holds
 *    `{"WeatherRequestId": "…"}`.
 * 2. GET /api/v2/WeatherDataResult/{WeatherRequestId} until `"Status": "Done"`; progress moves while
 *    polling. The result: `{"Status": "Done", "WeatherDataResults": [{"Status": "Success" | "Failure",
 *    "ErrorMessages": [...], "WeatherSourceInformation": {"Latitude", "Longitude", "Elevation_Meters", …},
 *    "WeatherDataPeriods": {"TimeResolution_Minutes": 60, "WeatherDataPeriods": [{"StartTime",
 *    "ObservationTime", "EndTime", "GlobalHorizontalIrradiance_WattsPerMeterSquared", …}]}}]}`.
 *    Stamps are ISO 8601 in the site's local standard time (with its offset); ObservationTime is the
 *    middle of the period. A rejected key answers 401/403.
 */
import type { WeatherData, WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import { invalidCredentials, joinUrl, providerFetch, ProviderError, sleep } from './http.ts';
import {
  isoInstant,
  isoOffsetHours,
  jsonNumber,
  siteStandardOffset,
  weatherFromSeries,
  type SeriesColumn,
} from './series.ts';
import type { DownloadContext, DownloadRequest, WeatherProviderClient } from './types.ts';

const NAME = 'SolarAnywhere';

const FIELDS: readonly { name: string; key: WeatherSeriesKey; unit: string }[] = [
  { name: 'GlobalHorizontalIrradiance_WattsPerMeterSquared', key: 'ghi', unit: 'W/m2' },
  { name: 'DirectNormalIrradiance_WattsPerMeterSquared', key: 'dni', unit: 'W/m2' },
  { name: 'DiffuseHorizontalIrradiance_WattsPerMeterSquared', key: 'dhi', unit: 'W/m2' },
  { name: 'AmbientTemperature_DegreesC', key: 'tempAir', unit: 'C' },
  { name: 'WindSpeed_MetersPerSecond', key: 'windSpeed', unit: 'm/s' },
  { name: 'RelativeHumidity_Percent', key: 'relativeHumidity', unit: '%' },
  { name: 'Albedo_Unitless', key: 'albedo', unit: '-' },
];

export const SOLARANYWHERE_OUTPUT_FIELDS = [
  'StartTime',
  'ObservationTime',
  'EndTime',
  ...FIELDS.map((f) => f.name),
  'DataVersion',
];

/** Data sources SolarAnywhere documents (GET /Weather/CPRSupportedModels). */
export const SOLARANYWHERE_SOURCES = [
  { source: 'SolarAnywhereLatest', name: 'SolarAnywhere time series (latest version)', typicalYear: false },
  { source: 'SolarAnywhereTGYLatest', name: 'SolarAnywhere typical GHI year (TGY)', typicalYear: true },
  { source: 'SolarAnywhereTDYLatest', name: 'SolarAnywhere typical DNI year (TDY)', typicalYear: true },
] as const;

/** The documented request body. */
export function solarAnywhereRequestBody(request: DownloadRequest): Record<string, unknown> {
  const typical = request.years.length === 0;
  const source = typical
    ? request.version === 'SolarAnywhereTDYLatest'
      ? 'SolarAnywhereTDYLatest'
      : 'SolarAnywhereTGYLatest'
    : 'SolarAnywhereLatest';
  const options: Record<string, unknown> = {
    OutputFields: SOLARANYWHERE_OUTPUT_FIELDS,
    SummaryOutputFields: [],
    SpatialResolution_Degrees: 0.01,
    TimeResolution_Minutes: typical ? 60 : request.intervalMinutes,
    WeatherDataSource: source,
    MissingDataHandling: 'FillAverage',
  };
  if (!typical) {
    const first = Math.min(...request.years);
    const last = Math.max(...request.years);
    options.StartTime = `${first}-01-01T00:00:00+00:00`;
    options.EndTime = `${last + 1}-01-01T00:00:00+00:00`;
  }
  return { Sites: [{ Latitude: request.latitude, Longitude: request.longitude }], Options: options };
}

/** Decodes a finished WeatherDataResult into WeatherData. */
export function solarAnywhereToWeather(
  result: Record<string, unknown>,
  request: DownloadRequest,
): WeatherData {
  const first = (result.WeatherDataResults as Record<string, unknown>[] | undefined)?.[0];
  if (!first) throw new ProviderError(NAME, 'badResponse', `${NAME} returned no results`);
  if (first.Status === 'Failure') {
    const messages = Array.isArray(first.ErrorMessages) ? first.ErrorMessages.map(String).join('; ') : '';
    throw new ProviderError(
      NAME,
      'refused',
      `${NAME} could not produce the data${messages ? `: ${messages}` : ''}`,
    );
  }
  const periodsHolder = first.WeatherDataPeriods as Record<string, unknown> | undefined;
  const periods = periodsHolder?.WeatherDataPeriods;
  if (!Array.isArray(periods)) throw new ProviderError(NAME, 'badResponse', `${NAME} returned no periods`);
  const records = periods as Record<string, unknown>[];
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
    time[i] = isoInstant(record.ObservationTime);
    if (!Number.isFinite(time[i]!)) {
      throw new ProviderError(NAME, 'badResponse', `${NAME} period ${i + 1} has no valid ObservationTime`);
    }
    for (let k = 0; k < present.length; k++) arrays[k]![i] = jsonNumber(record[present[k]!.name]);
  }
  const info = (first.WeatherSourceInformation ?? {}) as Record<string, unknown>;
  const lat = jsonNumber(info.Latitude);
  const lon = jsonNumber(info.Longitude);
  const latitude = Number.isFinite(lat) ? lat : request.latitude;
  const longitude = Number.isFinite(lon) ? lon : request.longitude;
  const typical = request.years.length === 0;
  return weatherFromSeries(
    { time, columns },
    {
      provider: NAME,
      format: 'solarAnywhereApi',
      source: `SolarAnywhere ${String(records[0]?.DataVersion ?? '')}`.trim(),
      dataProvider: 6,
      weatherFormat: 8,
      name: `SolarAnywhere ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`,
      latitude,
      longitude,
      elevation: jsonNumber(info.Elevation_Meters),
      timeZone: isoOffsetHours(records[0]?.ObservationTime) ?? siteStandardOffset(latitude, longitude),
      timestampDefinition: 'intervalMiddle',
      typicalYear: typical,
    },
  );
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new ProviderError(NAME, 'badResponse', `${NAME} did not return JSON`);
}

export const solarAnywhereClient: WeatherProviderClient = {
  id: 'SolarAnywhere',
  name: NAME,
  dataProvider: 6,
  sourceType: 2,
  docsUrl: 'https://developers.cleanpower.com/irradiance-and-weather-data/irradiance-and-weather-requests/',
  intervals: [60, 30, 15, 5],
  typicalYear: true,
  yearRange: [1998, new Date().getUTCFullYear() - 1],
  coverage: (latitude, longitude) =>
    latitude < -60 || latitude > 60 || longitude < -170 || longitude > 180
      ? 'SolarAnywhere covers latitudes between -60 and 60.'
      : null,
  validate(request) {
    const problems: string[] = [];
    if (!this.intervals.includes(request.intervalMinutes)) {
      problems.push('SolarAnywhere interval must be 5, 15, 30 or 60 minutes.');
    }
    if (request.years.length === 0 && request.intervalMinutes !== 60) {
      problems.push('A SolarAnywhere typical year has 60-minute data.');
    }
    const [first, last] = this.yearRange!;
    for (const year of request.years) {
      if (year < first || year > last)
        problems.push(`SolarAnywhere has years ${first} to ${last}; ${year} is not.`);
    }
    return problems;
  },
  async download(request, context: DownloadContext) {
    const apiKey = context.credentials.apiKey;
    if (!apiKey) throw invalidCredentials(NAME);
    const { settings } = context;
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      Accept: 'application/json',
      'X-Api-Key': apiKey,
    };
    await context.progress(0, 'Requesting');
    const created = await providerFetch(
      {
        provider: NAME,
        url: joinUrl(settings.solarAnywhereUrl, '/api/v2/WeatherData'),
        method: 'POST',
        headers,
        body: JSON.stringify(solarAnywhereRequestBody(request)),
      },
      { settings },
    );
    const requestId = parseJson(created.text).WeatherRequestId;
    if (typeof requestId !== 'string' || !requestId) {
      throw new ProviderError(NAME, 'badResponse', `${NAME} did not return a WeatherRequestId`);
    }
    await context.progress(0.1, 'Waiting for results');
    const started = Date.now();
    for (let poll = 1; ; poll++) {
      await sleep(settings.pollIntervalMs);
      const result = parseJson(
        (
          await providerFetch(
            {
              provider: NAME,
              url: joinUrl(
                settings.solarAnywhereUrl,
                `/api/v2/WeatherDataResult/${encodeURIComponent(requestId)}`,
              ),
              headers,
            },
            { settings },
          )
        ).text,
      );
      if (result.Status === 'Done') {
        await context.progress(1, 'Received');
        return solarAnywhereToWeather(result, request);
      }
      if (result.StatusCode === 'BadRequest') {
        throw new ProviderError(
          NAME,
          'refused',
          `${NAME} refused the request: ${String(result.Message ?? '')}`,
        );
      }
      if (Date.now() - started > settings.pollTimeoutMs) {
        throw new ProviderError(NAME, 'unavailable', `${NAME} did not produce the data in time`);
      }
      // Progress creeps towards 90 % while the provider works; it never claims completion early.
      await context.progress(0.1 + 0.8 * (1 - 1 / (1 + poll / 3)), 'Waiting for results');
    }
  },
};
