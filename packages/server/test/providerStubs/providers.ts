/**
 * Stub answers in each provider's documented format, built from the public sample files in
 * ../shared/data, and the checks of the documented requests (path, query, authentication). A request
 * that does not follow the documentation is answered 400 with the reason, so the client test fails
 * with that reason.
 *
 * - NSRDB: the raw PSM v4 and v3 downloads (test_read_psm4.csv, test_read_psm3.csv) as they are.
 * - SolarAnywhere: WeatherData/WeatherDataResult JSON built from the Burlington SA-format files.
 * - Solcast: `estimated_actuals` JSON built from the Greensboro TMY3 (TMY) and the PSM v4 year (historic).
 * - Solargis: DataDelivery XML built from the PSM v4 year.
 * - Meteonorm: API v1 JSON built from the PVGIS TMY (45 N, 8 E).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseWeather } from '@sunfield/engine/weather/parseWeather.ts';
import type { WeatherData } from '@sunfield/engine/weather/types.ts';
import { json, text, type StubAnswer, type StubHandler, type StubRequest } from './stubServer.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

export const DATA_DIR = sharedPath('data');

const cache = new Map<string, string>();
export function sample(name: string, encoding: BufferEncoding = 'utf8'): string {
  const key = `${name}:${encoding}`;
  let value = cache.get(key);
  if (value === undefined) {
    value = fs.readFileSync(path.join(DATA_DIR, name), encoding);
    cache.set(key, value);
  }
  return value;
}

const parsed = new Map<string, WeatherData>();
export function sampleWeather(name: string, encoding: BufferEncoding = 'utf8'): WeatherData {
  let value = parsed.get(name);
  if (!value) {
    value = parseWeather(sample(name, encoding));
    parsed.set(name, value);
  }
  return value;
}

export const PSM4_FILE = 'test_read_psm4.csv';
export const PSM3_FILE = 'test_read_psm3.csv';
export const PSM4_POLAR_TMY_FILE = 'test_psm4_polar_tmy_2023.csv';
export const SA_SERIES_FILE =
  'Burlington, United States SolarAnywhere Time Series 20210101 to 20210103 Lat_44_4675 Lon_-73_2075 SA format.csv';
export const TMY3_FILE = '723170TYA.CSV';
export const PVGIS_TMY_FILE = 'tmy_45.000_8.000_2005_2023.csv';
export const SA_TGY_FILE =
  'Burlington, United States SolarAnywhere Typical GHI Year Lat_44_465 Lon_-73_205 SA format.csv';

/** Instant [ms] at which record i's interval starts, sits in the middle, ends. */
function stampsOf(data: WeatherData, i: number): { start: number; mid: number; end: number } {
  const step = data.meta.intervalMinutes * 60_000;
  const t = data.time[i]!;
  const start =
    data.meta.timestampDefinition === 'intervalEnd'
      ? t - step
      : data.meta.timestampDefinition === 'intervalMiddle'
        ? t - step / 2
        : t;
  return { start, mid: start + step / 2, end: start + step };
}

/** ISO 8601 in a fixed UTC offset: 2000-01-01T00:30:00-05:00. */
export function isoWithOffset(ms: number, offsetHours: number): string {
  const local = new Date(ms + offsetHours * 3_600_000).toISOString().slice(0, 19);
  const sign = offsetHours < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(offsetHours));
  const m = Math.round((Math.abs(offsetHours) - h) * 60);
  return `${local}${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const round = (v: number | undefined, digits = 2): number | null =>
  v === undefined || !Number.isFinite(v) ? null : Number(v.toFixed(digits));

function fail(reason: string): StubAnswer {
  return json({ errors: [reason], error: { message: reason } }, 400);
}

/** Retry scenarios: answer 429 (or 503) to the first `count` requests. */
export function throttled(handler: StubHandler, count: number, status = 429): StubHandler {
  return (request, index) =>
    index < count
      ? {
          status,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
          body: '{"errors":["slow down"]}',
        }
      : handler(request, index);
}

/* ------------------------------------------------------------------ NSRDB */

const hourlyCache = new Map<string, string>();
/** The PSM CSV with only the records whose Minute is 0 (the three header lines kept). */
function hourlyPsm(csv: string): string {
  let value = hourlyCache.get(csv.slice(0, 200));
  if (value === undefined) {
    const lines = csv.split('\n');
    value = lines.filter((line, i) => i < 3 || line.split(',', 5)[4] === '0').join('\n');
    hourlyCache.set(csv.slice(0, 200), value);
  }
  return value;
}

export function nsrdbHandler(options: { apiKey: string; email: string }): StubHandler {
  return (request: StubRequest) => {
    const q = request.query;
    if (request.method !== 'GET') return fail('GET expected');
    if (q.get('api_key') !== options.apiKey) {
      return text('{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied."}}', 403);
    }
    if (q.get('email') !== options.email) return fail('email is required');
    if (!/^POINT\(-?\d+\.\d{4} -?\d+\.\d{4}\)$/.test(q.get('wkt') ?? ''))
      return fail('wkt must be POINT(lon lat)');
    if (q.get('utc') !== 'false') return fail('utc=false expected');
    if (!(q.get('attributes') ?? '').includes('ghi')) return fail('attributes must list ghi');
    const names = q.get('names');
    const interval = q.get('interval');
    const base = '/api/nsrdb/v2/solar/';
    if (request.path === `${base}nsrdb-GOES-aggregated-v4-0-0-download.csv`) {
      if (!names || !/^\d{4}$/.test(names)) return fail('names must be a year');
      if (interval !== '30' && interval !== '60') return fail('interval must be 30 or 60');
      // The sample is 2023 at 30 minutes; other years are the same records relabelled, and an
      // hourly request gets the records on the hour.
      let csv = sample(PSM4_FILE);
      if (interval === '60') csv = hourlyPsm(csv);
      return text(names === '2023' ? csv : csv.replace(/^2023,/gm, `${names},`), 200, 'text/csv');
    }
    if (request.path === `${base}psm3-2-2-download.csv`) {
      if (names !== '2017') return fail('the PSM3 sample is 2017');
      return text(sample(PSM3_FILE), 200, 'text/csv');
    }
    if (request.path === `${base}nsrdb-GOES-tmy-v4-0-0-download.csv`) {
      return fail('no TMY sample in the stub');
    }
    if (request.path === `${base}nsrdb-polar-tmy-v4-0-0-download.csv`) {
      if (names !== 'tmy' || interval !== '60') return fail('the polar TMY is names=tmy, interval=60');
      return text(sample(PSM4_POLAR_TMY_FILE), 200, 'text/csv');
    }
    return json({ errors: [`unknown endpoint ${request.path}`] }, 404);
  };
}

/* ------------------------------------------------------------------ Solcast */

function solcastRecords(data: WeatherData, from = -Infinity, to = Infinity): Record<string, unknown>[] {
  const period = `PT${data.meta.intervalMinutes}M`;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < data.time.length; i++) {
    const { end } = stampsOf(data, i);
    if (end <= from || end > to) continue;
    out.push({
      ghi: round(data.ghi[i]),
      dni: round(data.dni[i]),
      dhi: round(data.dhi[i]),
      air_temp: round(data.tempAir[i], 1),
      dewpoint_temp: round(data.tempDew?.[i], 1),
      relative_humidity: round(data.relativeHumidity?.[i], 1),
      surface_pressure: round(data.pressure[i]! / 100, 1),
      wind_speed_10m: round(data.windSpeed[i], 1),
      wind_direction_10m: round(data.windDirection?.[i], 0),
      period_end: new Date(end).toISOString().replace('.000Z', '.0000000Z'),
      period,
    });
  }
  return out;
}

export function solcastHandler(options: { apiKey: string }): StubHandler {
  return (request) => {
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json({ response_status: { error_code: 'Unauthorized', message: 'Invalid API key' } }, 401);
    }
    const q = request.query;
    if (q.get('format') !== 'json') return fail('format=json expected');
    if (!q.get('latitude') || !q.get('longitude')) return fail('latitude and longitude are required');
    if (!(q.get('output_parameters') ?? '').includes('ghi')) return fail('output_parameters must list ghi');
    if (request.path === '/data/tmy/radiation_and_weather') {
      if (q.get('period') !== 'PT60M') return fail('period PT60M expected');
      return json({ estimated_actuals: solcastRecords(sampleWeather(TMY3_FILE)) });
    }
    if (request.path === '/data/historic/radiation_and_weather') {
      const start = Date.parse(q.get('start') ?? '');
      const end = Date.parse(q.get('end') ?? '');
      if (!Number.isFinite(start) || !Number.isFinite(end)) return fail('start and end are required');
      if (end - start > 31 * 86_400_000) return fail('at most 31 days per request');
      if (q.get('period') !== 'PT30M') return fail('the stub has 30-minute data');
      return json({ estimated_actuals: solcastRecords(sampleWeather(PSM4_FILE), start, end) });
    }
    return json({ response_status: { message: 'Not found' } }, 404);
  };
}

/* ------------------------------------------------------------------ Solargis */

function solargisXml(data: WeatherData, from: number, to: number, lat: string, lng: string): string {
  const rows: string[] = [];
  for (let i = 0; i < data.time.length; i++) {
    const { mid } = stampsOf(data, i);
    if (mid < from || mid >= to) continue;
    const values = [
      data.ghi[i],
      data.dni[i],
      data.dhi[i],
      data.tempAir[i],
      data.windSpeed[i],
      data.windDirection?.[i],
      data.relativeHumidity?.[i],
      data.pressure[i]! / 100,
      data.precipitableWater ? data.precipitableWater[i]! * 10 : undefined,
    ].map((v) => (v === undefined || !Number.isFinite(v) ? '-9' : String(round(v, 1))));
    rows.push(`    <ns3:row dateTime="${new Date(mid).toISOString()}" values="${values.join(' ')}"/>`);
  }
  const meta = [
    '#15 MINUTE VALUES OF SOLAR RADIATION AND METEOROLOGICAL PARAMETERS',
    '#',
    '#Issued: 2024-01-10 10:12',
    '#',
    '#Site name: sunfield',
    `#Latitude: ${data.meta.latitude.toFixed(6)}`,
    `#Longitude: ${data.meta.longitude.toFixed(6)}`,
    `#Elevation: ${data.meta.elevation.toFixed(1)} m a.s.l.`,
  ].join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<ns3:dataDeliveryResponse xmlns="http://geomodel.eu/schema/common/geo" xmlns:ns2="http://geomodel.eu/schema/common/pv" xmlns:ns3="http://geomodel.eu/schema/ws/data">',
    `  <ns3:site id="sunfield" lat="${lat}" lng="${lng}">`,
    `    <ns3:metadata>${meta}</ns3:metadata>`,
    '    <ns3:columns>GHI DNI DIF TEMP WS WD RH AP PWAT</ns3:columns>',
    ...rows,
    '  </ns3:site>',
    '</ns3:dataDeliveryResponse>',
  ].join('\n');
}

export function solargisHandler(options: { apiKey: string }): StubHandler {
  return (request) => {
    if (request.path !== '/ws/rest/datadelivery/request') return text('Not found', 404);
    if (request.method !== 'POST') return fail('POST expected');
    if (request.query.get('key') !== options.apiKey) {
      return text('<error>Unauthorized: invalid key</error>', 401, 'application/xml');
    }
    if (!String(request.headers['content-type']).startsWith('application/xml')) {
      return fail('Content-Type application/xml expected');
    }
    const body = request.body;
    const from = /dateFrom="(\d{4}-\d{2}-\d{2})"/.exec(body)?.[1];
    const to = /dateTo="(\d{4}-\d{2}-\d{2})"/.exec(body)?.[1];
    const lat = /<site [^>]*lat="([-\d.]+)"/.exec(body)?.[1];
    const lng = /<site [^>]*lng="([-\d.]+)"/.exec(body)?.[1];
    if (!from || !to || !lat || !lng) return fail('dateFrom, dateTo and site lat/lng are required');
    if (!/<processing [^>]*summarization="MIN_30"/.test(body)) return fail('the stub has MIN_30 data');
    if (!/key="GHI DNI DIF/.test(body)) return fail('processing key must start with GHI DNI DIF');
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
    if (end - start > 31 * 86_400_000) return fail('at most 31 days per request');
    return text(solargisXml(sampleWeather(PSM4_FILE), start, end, lat, lng), 200, 'application/xml');
  };
}

/* ------------------------------------------------------------------ Meteonorm */

export function meteonormHandler(options: { apiKey: string }): StubHandler {
  return (request) => {
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json({ error: { code: 401, message: 'invalid API key' } }, 401);
    }
    const q = request.query;
    const observation = request.path === '/v1/observation/training';
    if (request.path !== '/v1/climate/tmy' && !observation) {
      return json({ error: { message: 'not found' } }, 404);
    }
    if (q.get('response_format') !== 'json') return fail('response_format=json expected');
    if (q.get('frequency') !== '1_hour') return fail('frequency 1_hour expected');
    if (!q.get('lat') || !q.get('lon')) return fail('lat and lon are required');
    // TMY: the PVGIS typical year. Observations: the PSM v4 year's records on the hour, between
    // start and end, as hourly records starting at their stamp.
    const data = sampleWeather(observation ? PSM4_FILE : PVGIS_TMY_FILE);
    const from = Date.parse(q.get('start') ?? '');
    const to = Date.parse(q.get('end') ?? '');
    if (observation && (!Number.isFinite(from) || !Number.isFinite(to)))
      return fail('start and end are required');
    const picked: number[] = [];
    const starts: string[] = [];
    const ends: string[] = [];
    for (let i = 0; i < data.time.length; i++) {
      if (observation) {
        const t = data.time[i]!;
        if (t % 3_600_000 !== 0 || t < from || t >= to) continue;
        picked.push(i);
        starts.push(new Date(t).toISOString());
        ends.push(new Date(t + 3_600_000).toISOString());
      } else {
        const { start, end } = stampsOf(data, i);
        picked.push(i);
        starts.push(isoWithOffset(start, 1));
        ends.push(isoWithOffset(end, 1));
      }
    }
    const series = (values: Float64Array | undefined, scale = 1) =>
      values ? picked.map((i) => round(values[i]! * scale, 2)) : null;
    const unit = (name: string, unitName: string) => ({
      aggregation_method: 'average',
      description: name,
      name,
      unit: { description: unitName, name: unitName },
    });
    return json({
      meta: {
        altitude: observation ? data.meta.elevation : 290,
        frequency: '1_hour',
        lat: Number(q.get('lat')),
        lon: Number(q.get('lon')),
        surface_azimuth: 180,
        surface_tilt: 0,
        time_zone: observation ? data.meta.timeZone : 1,
        parameters: [
          unit('global_horizontal_irradiance', 'W/m**2'),
          unit('diffuse_horizontal_irradiance', 'W/m**2'),
          unit('direct_normal_irradiance', 'W/m**2'),
          unit('temperature', '°C'),
          unit('relative_humidity', '%'),
          unit('wind_speed', 'm/s'),
          unit('air_pressure', 'hPa'),
        ],
      },
      start_times: starts,
      end_times: ends,
      values: {
        global_horizontal_irradiance: series(data.ghi),
        diffuse_horizontal_irradiance: series(data.dhi),
        direct_normal_irradiance: series(data.dni),
        temperature: series(data.tempAir),
        relative_humidity: series(data.relativeHumidity),
        wind_speed: series(data.windSpeed),
        air_pressure: series(data.pressure, 0.01),
        snow_depth: null,
      },
    });
  };
}

/* ------------------------------------------------------------------ SolarAnywhere */

export function solarAnywhereHandler(options: { apiKey: string; pendingPolls?: number }): StubHandler {
  const pending = new Map<string, { polls: number; body: Record<string, unknown> }>();
  return (request) => {
    if (request.headers['x-api-key'] !== options.apiKey) {
      return json({ Message: 'Authorization has been denied for this request.' }, 401);
    }
    if (request.method === 'POST' && request.path === '/api/v2/WeatherData') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return json({ Message: 'body is not JSON' }, 400);
      }
      const site = (body.Sites as Record<string, unknown>[] | undefined)?.[0];
      const opts = body.Options as Record<string, unknown> | undefined;
      if (typeof site?.Latitude !== 'number' || typeof site.Longitude !== 'number') {
        return json({ Message: 'Sites[0].Latitude and Longitude are required' }, 400);
      }
      const source = opts?.WeatherDataSource;
      if (source === 'SolarAnywhereLatest') {
        if (typeof opts?.StartTime !== 'string' || typeof opts.EndTime !== 'string') {
          return json({ Message: 'StartTime and EndTime are required for time series' }, 400);
        }
        if (opts.TimeResolution_Minutes !== 5) return json({ Message: 'the stub has 5-minute data' }, 400);
      } else if (source !== 'SolarAnywhereTGYLatest') {
        return json({ Message: `the stub has no ${String(source)} data` }, 400);
      }
      if (!opts || !Array.isArray(opts.OutputFields) || !opts.OutputFields.includes('ObservationTime')) {
        return json({ Message: 'OutputFields must list ObservationTime' }, 400);
      }
      const id = `req-${pending.size + 1}`;
      pending.set(id, { polls: 0, body });
      return json({ WeatherRequestId: id });
    }
    const match = /^\/api\/v2\/WeatherDataResult\/(.+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const entry = pending.get(decodeURIComponent(match[1]!));
      if (!entry) return json({ StatusCode: 'BadRequest', Message: 'Unknown request id' });
      entry.polls++;
      if (entry.polls <= (options.pendingPolls ?? 1)) return json({ Status: 'Pending' });
      const typical =
        (entry.body.Options as Record<string, unknown>).WeatherDataSource === 'SolarAnywhereTGYLatest';
      const data = sampleWeather(typical ? SA_TGY_FILE : SA_SERIES_FILE, 'latin1');
      const periods = [];
      for (let i = 0; i < data.time.length; i++) {
        const { start, mid, end } = stampsOf(data, i);
        periods.push({
          StartTime: isoWithOffset(start, data.meta.timeZone),
          ObservationTime: isoWithOffset(mid, data.meta.timeZone),
          EndTime: isoWithOffset(end, data.meta.timeZone),
          GlobalHorizontalIrradiance_WattsPerMeterSquared: round(data.ghi[i]),
          DirectNormalIrradiance_WattsPerMeterSquared: round(data.dni[i]),
          DiffuseHorizontalIrradiance_WattsPerMeterSquared: round(data.dhi[i]),
          AmbientTemperature_DegreesC: round(data.tempAir[i]),
          WindSpeed_MetersPerSecond: round(data.windSpeed[i]),
          DataVersion: typical ? 'SolarAnywhereTGY2021' : 'SolarAnywhere3_6',
        });
      }
      return json({
        Status: 'Done',
        WeatherDataResults: [
          {
            Status: 'Success',
            ErrorMessages: [],
            WeatherSourceInformation: {
              Latitude: data.meta.latitude,
              Longitude: data.meta.longitude,
              Elevation_Meters: data.meta.elevation,
            },
            WeatherDataPeriods: { TimeResolution_Minutes: 60, WeatherDataPeriods: periods },
          },
        ],
      });
    }
    return json({ Message: 'No HTTP resource was found' }, 404);
  };
}
