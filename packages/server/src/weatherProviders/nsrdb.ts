/**
 * NREL National Solar Radiation Database (NSRDB) downloads, as CSV, parsed by the engine's NSRDB PSM
 * parser (`parsePsm`).
 *
 * API (developer.nrel.gov/docs/solar/nsrdb/; NREL's developer network also answers as
 * developer.nlr.gov):
 * - PSM v4 GOES Aggregated (years, 30 or 60 min):
 *   GET /api/nsrdb/v2/solar/nsrdb-GOES-aggregated-v4-0-0-download.csv
 * - PSM v4 GOES TMY (names=tmy, 60 min): GET /api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv
 * - PSM v4 Polar (latitude ≥ 60°, years / TMY): nsrdb-polar-v4-0-0-download.csv,
 *   nsrdb-polar-tmy-v4-0-0-download.csv
 * - PSM v3.2.2 (version 'psm3'; years 30/60 min, or TMY): psm3-2-2-download.csv, psm3-tmy-download.csv
 * Query: api_key, email, wkt=POINT(lon lat) (4 decimals), names (a year or 'tmy'), attributes
 * (comma list), interval (minutes), utc=false (stamps in local standard time), leap_day,
 * full_name, affiliation, reason, mailing_list=false. The answer is the PSM CSV: two metadata lines
 * (Source, Location ID, …, Latitude, Longitude, Time Zone, Elevation, Local Time Zone, units, Version),
 * the column header, then one record per interval. Errors: 400 with `{"errors": [...]}` (e.g. no data
 * at the location), 403 for a rejected key, 429 when over the rate limit.
 * One request per year: a 20-year download is 20 requests, and progress moves by year.
 */
import { parsePsm } from '@sunfield/engine/weather/psm.ts';
import type { WeatherData } from '@sunfield/engine/weather/types.ts';
import { invalidCredentials, joinUrl, providerFetch, ProviderError } from './http.ts';
import { joinWeather } from './series.ts';
import type { DownloadContext, DownloadRequest, WeatherProviderClient } from './types.ts';

const NAME = 'NSRDB';
const BASE_PATH = '/api/nsrdb/v2/solar/';

/** Years the PSM v4 GOES Aggregated data set holds (NSRDB documentation). */
export const NSRDB_FIRST_YEAR = 1998;
export const NSRDB_LATEST_YEAR = 2023;

const ATTRIBUTES_V4 = [
  'air_temperature',
  'dew_point',
  'dhi',
  'dni',
  'ghi',
  'relative_humidity',
  'surface_albedo',
  'surface_pressure',
  'total_precipitable_water',
  'wind_direction',
  'wind_speed',
];

/** GOES coverage: the Americas; the polar product covers the north above 60°. */
export function nsrdbCoverage(latitude: number, longitude: number): string | null {
  const americas = longitude >= -180 && longitude <= -20;
  if (!americas || latitude < -60) {
    return 'NSRDB covers the Americas only (longitude -180 to -20, latitude -60 to 90).';
  }
  return null;
}

function endpoint(request: DownloadRequest, typical: boolean): string {
  const polar = request.latitude >= 60;
  if (request.version === 'psm3') return typical ? 'psm3-tmy-download.csv' : 'psm3-2-2-download.csv';
  if (polar) return typical ? 'nsrdb-polar-tmy-v4-0-0-download.csv' : 'nsrdb-polar-v4-0-0-download.csv';
  return typical ? 'nsrdb-GOES-tmy-v4-0-0-download.csv' : 'nsrdb-GOES-aggregated-v4-0-0-download.csv';
}

/** The documented query of one NSRDB CSV download. */
export function nsrdbQuery(
  request: DownloadRequest,
  names: string,
  apiKey: string,
  email: string,
): URLSearchParams {
  return new URLSearchParams({
    api_key: apiKey,
    email,
    wkt: `POINT(${request.longitude.toFixed(4)} ${request.latitude.toFixed(4)})`,
    names,
    attributes: ATTRIBUTES_V4.join(','),
    interval: String(names === 'tmy' ? 60 : request.intervalMinutes),
    utc: 'false',
    leap_day: 'true',
    full_name: 'Sunfield',
    affiliation: 'Sunfield',
    reason: 'PV energy yield prediction',
    mailing_list: 'false',
  });
}

async function downloadOne(
  request: DownloadRequest,
  names: string,
  context: DownloadContext,
): Promise<WeatherData> {
  const { apiKey, email } = context.credentials;
  if (!apiKey || !email) throw invalidCredentials(NAME);
  const typical = names === 'tmy';
  const url = `${joinUrl(context.settings.nsrdbUrl, BASE_PATH + endpoint(request, typical))}?${nsrdbQuery(
    request,
    names,
    apiKey,
    email,
  ).toString()}`;
  const response = await providerFetch({ provider: NAME, url }, { settings: context.settings });
  const text = response.text;
  if (!text.startsWith('Source')) {
    throw new ProviderError(NAME, 'badResponse', `${NAME} did not return a PSM CSV file`);
  }
  try {
    return parsePsm(text);
  } catch (error) {
    throw new ProviderError(
      NAME,
      'badResponse',
      `${NAME} returned a file that cannot be read: ${(error as Error).message}`,
    );
  }
}

export const nsrdbClient: WeatherProviderClient = {
  id: 'NSRDB',
  name: NAME,
  dataProvider: 17,
  sourceType: 3,
  docsUrl: 'https://developer.nrel.gov/docs/solar/nsrdb/',
  intervals: [60, 30],
  typicalYear: true,
  yearRange: [NSRDB_FIRST_YEAR, NSRDB_LATEST_YEAR],
  coverage: nsrdbCoverage,
  validate(request) {
    const problems: string[] = [];
    if (request.version && request.version !== 'psm4' && request.version !== 'psm3') {
      problems.push('NSRDB version must be psm4 or psm3.');
    }
    if (request.years.length === 0 && request.intervalMinutes !== 60) {
      problems.push('An NSRDB typical year has 60-minute data.');
    }
    if (![30, 60].includes(request.intervalMinutes))
      problems.push('NSRDB interval must be 30 or 60 minutes.');
    for (const year of request.years) {
      if (year < NSRDB_FIRST_YEAR || year > NSRDB_LATEST_YEAR) {
        problems.push(
          `NSRDB has years ${NSRDB_FIRST_YEAR} to ${NSRDB_LATEST_YEAR}; ${year} is not available.`,
        );
      }
    }
    return problems;
  },
  async download(request, context) {
    const names = request.years.length === 0 ? ['tmy'] : request.years.map(String);
    const parts: WeatherData[] = [];
    for (let i = 0; i < names.length; i++) {
      await context.progress(i / names.length, names.length > 1 ? `Requesting ${names[i]}` : 'Requesting');
      parts.push(await downloadOne(request, names[i]!, context));
    }
    await context.progress(1, 'Received');
    return joinWeather(parts, NAME);
  },
};
