/**
 * PVGIS JSON outputs (PVGIS 5 API, `outputformat=json`): the TMY
 * `{inputs: {location: {latitude, longitude, elevation, irradiance_time_offset}, meteo_data:
 * {radiation_db, meteo_db, year_min, year_max}}, outputs: {months_selected, tmy_hourly: [{"time(UTC)":
 * "20180101:0000", "T2m": …, "G(h)": …}, …]}}`, the hourly radiation series
 * `{inputs: {…, mounting_system}, outputs: {hourly: [{"time": "20130101:0010", "G(i)": …}, …]}}`,
 * and a bare array of such records. Variables, units and stamps as in `pvgis.ts`.
 */
import { finishWeather, SeriesBuilder } from './build.ts';
import { PVGIS_COLUMNS, PVGIS_POA_PARTS, pvgisFacts, pvgisStamp, sumPoaParts } from './pvgis.ts';
import { checkWeatherText } from './text.ts';
import { WeatherParseError, type WeatherData, type WeatherParseOptions } from './types.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 1-based line of a character position. */
function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const line = pos ? lineAt(text, Number(pos[1])) : lineAt(text, text.length);
    throw new WeatherParseError(line, `invalid JSON (${msg.replace(/^JSON\.parse: /, '')}): truncated file?`);
  }
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Parses a PVGIS JSON output (TMY, hourly radiation, or a bare array of records; PVGIS API
 * documentation) into columns:
 * UTC stamps (site zone UTC) read as instantaneous values at stamp + the stated irradiance time
 * offset (see `pvgis.ts`); plane-of-array
 * G(i) (or Gb(i) + Gd(i) + Gr(i)) in `poa`.
 * @param text the whole file
 * @throws WeatherParseError naming the line (invalid or truncated JSON, no records, a record without
 *         time, a value that is not a number, a TMY with fewer than 8760 records)
 */
export function parsePvgisJson(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const doc = parseJson(body);
  const inputs = isObject(doc) && isObject(doc.inputs) ? doc.inputs : {};
  const outputs = isObject(doc) && isObject(doc.outputs) ? doc.outputs : {};
  const found: unknown = Array.isArray(doc) ? doc : (outputs.tmy_hourly ?? outputs.hourly);
  const records: unknown[] = Array.isArray(found) ? found : [];
  if (records.length === 0) {
    throw new WeatherParseError(1, "no PVGIS records ('outputs.tmy_hourly' or 'outputs.hourly')");
  }
  const first = records[0];
  if (!isObject(first)) throw new WeatherParseError(1, 'PVGIS records must be objects');
  const timeKey = 'time(UTC)' in first ? 'time(UTC)' : 'time';
  const tmy = timeKey === 'time(UTC)' && 'G(h)' in first;

  const b = new SeriesBuilder(records.length, options);
  const specs = PVGIS_COLUMNS.filter((s) => s.names[0]! in first);
  const cols = specs.map((s) => ({ name: s.names[0]!, data: b.column(s.key, s.names[0]!, s.fileUnit) }));
  const parts = 'G(i)' in first || !PVGIS_POA_PARTS.every((p) => p in first) ? [] : [...PVGIS_POA_PARTS];
  const partData = parts.map(() => new Float64Array(records.length));
  const { time, lines } = b;
  // Line of each record, found by one forward scan for its time string.
  let pos = 0;
  let line = 1;
  let nextNewline = body.indexOf('\n');
  for (let i = 0; i < records.length; i++) {
    const rec: unknown = records[i];
    const stamp = isObject(rec) ? rec[timeKey] : undefined;
    if (typeof stamp !== 'string') {
      throw new WeatherParseError(line, `record ${i + 1} is not an object with a '${timeKey}' string`);
    }
    const at = body.indexOf(`"${stamp}"`, pos);
    if (at >= 0) {
      while (nextNewline >= 0 && nextNewline < at) {
        line++;
        nextNewline = body.indexOf('\n', nextNewline + 1);
      }
      pos = at;
    }
    time[i] = pvgisStamp(stamp, line);
    for (const c of cols) {
      const v = (rec as Json)[c.name];
      const x = num(v);
      if (x === undefined && v !== null && v !== undefined) {
        throw new WeatherParseError(line, `${c.name} of ${stamp}: ${JSON.stringify(v)} is not a number`);
      }
      c.data[i] = x ?? NaN;
    }
    for (let k = 0; k < parts.length; k++) partData[k]![i] = num((rec as Json)[parts[k]!]) ?? NaN;
    lines[i] = line;
  }
  b.n = records.length;
  if (parts.length > 0) sumPoaParts(b.column('poa', parts.join(' + '), 'W/m2'), partData, b.n);

  const location = isObject(inputs.location) ? inputs.location : {};
  const meteo = isObject(inputs.meteo_data) ? inputs.meteo_data : {};
  const mounting = isObject(inputs.mounting_system) ? inputs.mounting_system : {};
  const fixed = isObject(mounting.fixed) ? mounting.fixed : undefined;
  const value = (o: unknown): number | undefined => (isObject(o) ? num(o.value) : undefined);
  const db = [meteo.radiation_db, meteo.meteo_db].filter((s) => typeof s === 'string').join(' / ');
  const years = num(meteo.year_min) !== undefined ? ` ${meteo.year_min}–${meteo.year_max}` : '';
  const plane = Object.keys(mounting)[0];
  return finishWeather(
    b,
    pvgisFacts(
      {
        tmy,
        json: true,
        latitude: num(location.latitude),
        longitude: num(location.longitude),
        elevation: num(location.elevation),
        offsetHours: num(location.irradiance_time_offset),
        source:
          `PVGIS ${tmy ? 'TMY' : 'hourly radiation'}${db ? ` (${db}${years})` : ''}` +
          (plane && !fixed ? ` on a ${plane.replace('_', '-')} plane` : ''),
        tilt: fixed ? value(fixed.slope) : undefined,
        azimuthPvgis: fixed ? value(fixed.azimuth) : undefined,
      },
      1,
      lines[b.n - 1]!,
    ),
  );
}
