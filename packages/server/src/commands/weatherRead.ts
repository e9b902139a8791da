/**
 * Reading an uploaded weather file, apart from storing it: no database, no request, so that it runs
 * in the upload parsing processes (uploads/parsePool.ts) and a 50 MB file costs its own process the
 * parse, the summary and the charts, never the event loop every other request waits on. Everything
 * the engine refuses becomes the 400 naming the line (field `file`), decided here, in that process.
 */
import { inspectGenericCsv } from '@sunfield/engine/weather/genericCsvInspect.ts';
import type { GenericCsvInspection, GenericCsvMapping } from '@sunfield/engine/weather/genericCsv.ts';
import { parseGenericCsv } from '@sunfield/engine/weather/genericCsvParse.ts';
import { weatherFileInfo, type WeatherFileInfo } from '@sunfield/engine/weather/info.ts';
import { detectWeatherFormat, parseWeather } from '@sunfield/engine/weather/parseWeather.ts';
import { checkWeatherText } from '@sunfield/engine/weather/text.ts';
import { WeatherParseError, type WeatherData } from '@sunfield/engine/weather/types.ts';
import { badRequest } from '../lib/errors.ts';
import { utf8Text } from '../lib/utf8Text.ts';
import { digestWeather, type WeatherDigest } from './weatherCharts.ts';

/** The 400 of a file that cannot be read: 'Line 123: …' in the message and under `file`. */
export function parseErrorResponse(error: WeatherParseError) {
  const message = error.line > 0 ? `Line ${error.line}: ${error.reason}` : capitalize(error.reason);
  return badRequest(message, { file: [message] });
}

const capitalize = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Runs an engine reader, turning its WeatherParseError into the 400. */
export function engineCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof WeatherParseError) throw parseErrorResponse(error);
    throw error;
  }
}

/**
 * As {@link engineCall}, and an input outside the function's domain (its RangeError) is a 400 too,
 * for the analyses and readers that take user values (horizon profiles, generator inputs).
 */
export function engineRangeCall<T>(fn: () => T): T {
  try {
    return engineCall(fn);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message, { $: [error.message] });
    throw error;
  }
}

/** The upload's text: UTF-8 when it is valid UTF-8, else ISO-8859-1 (TMY3 and SolarAnywhere files). */
export function decodeUpload(bytes: Uint8Array): string {
  return utf8Text(bytes) ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/**
 * The 400 of a file with nothing to import: a header or metadata line alone (the first line of a
 * TMY3 file, which as a lone comma-separated line of numbers would otherwise open the column-mapping
 * step with nothing to map) or a known format whose records are missing.
 */
export function noDataRows(detail: string) {
  const message = `The file has no data rows: ${detail}.`;
  return badRequest(message, { file: [message] });
}

/** What reading an upload gives: the parsed series, or the guesses for a file of no known format. */
export type WeatherRead =
  | { kind: 'parsed'; data: WeatherData; digest: WeatherDigest; info: WeatherFileInfo }
  | { kind: 'generic'; inspection: GenericCsvInspection; text: Uint8Array };

/**
 * Reads an uploaded weather file: a known format is parsed and digested (summary, charts); any other
 * delimited file is inspected for the column-mapping step, its text kept as UTF-8 to store.
 * @throws HttpError 400 naming the line, or "no data rows" when there is nothing to import
 */
export function readWeatherBytes(bytes: Uint8Array): WeatherRead {
  const text = engineCall(() => checkWeatherText(decodeUpload(bytes)));
  if (detectWeatherFormat(text) === null) {
    const inspection = engineCall(() => inspectGenericCsv(text));
    // One line of values is a header or a metadata line: a series needs two records at least.
    if (inspection.sampleRows.length < 2) {
      throw noDataRows(
        inspection.sampleRows.length
          ? 'it holds one line of values, a header or metadata line, and no records after it'
          : 'no line holds delimited values',
      );
    }
    return { kind: 'generic', inspection, text: Buffer.from(text, 'utf8') };
  }
  const data = engineCall(() => parseWeather(text));
  if (data.meta.rowCount === 0 || data.time.length === 0) {
    throw noDataRows(`the ${data.meta.format} header is not followed by any record`);
  }
  return { kind: 'parsed', data, digest: digestWeather(data), info: weatherFileInfo(data) };
}

/** A generic import read with its mapping, digested. */
export interface WeatherMapped {
  data: WeatherData;
  digest: WeatherDigest;
}

/**
 * Reads the kept text of a generic import with its column mapping, and digests it.
 * @throws HttpError 400 naming the line when the mapping does not fit the file
 */
export function readMappedWeather(bytes: Uint8Array, mapping: GenericCsvMapping): WeatherMapped {
  const data = engineCall(() => parseGenericCsv(decodeUpload(bytes), mapping));
  if (data.time.length === 0) throw noDataRows('no row fits the column mapping');
  return { data, digest: digestWeather(data) };
}
