/**
 * The readers of uploaded files, by kind, as the parsing processes run them (parsePool.ts): each takes
 * the file's bytes and answers plain data that crosses to the request's thread by structured clone,
 * or throws the 400 naming the file field. Nothing here touches the database or the request.
 */
import { splitTable, TemplateParseError } from '@sunfield/engine/generator/templates.ts';
import { readOndFile, readPanFile } from '@sunfield/engine/library/pvsystRecords.ts';
import { parseElectricalShadingTable } from '@sunfield/engine/shading/electricalShadingTable.ts';
import type { GenericCsvMapping } from '@sunfield/engine/weather/genericCsv.ts';
import { parsePvgisHorizon } from '@sunfield/engine/weather/horizon.ts';
import { pvsystRefusal, uploadText } from '../commands/equipmentUpload.ts';
import {
  decodeUpload,
  engineRangeCall,
  readMappedWeather,
  readWeatherBytes,
  type WeatherRead,
  type WeatherMapped,
} from '../commands/weatherRead.ts';
import { badRequest } from '../lib/errors.ts';
import { isZip, readFirstSheet, XlsxError } from '../lib/xlsx.ts';

/** A table of an IV upload (XLSX first sheet or CSV), with each row's line in the file. */
export interface UploadTable {
  table: (string | number | null)[][];
  lines: number[];
  decimalComma: boolean;
}

/** The options each kind takes. */
export interface ParseOptions {
  /** IV points or curves: XLSX (first sheet) or CSV */
  table: { maxRows: number };
  pan: { fileName: string };
  ond: { fileName: string };
  /** electrical shading table (CSV text) */
  shading: Record<string, never>;
  weather: Record<string, never>;
  /** the kept text of a generic weather import, read with its column mapping */
  weatherMapped: { mapping: GenericCsvMapping };
  /** a horizon profile (PVGIS horizon CSV or the like) */
  horizon: Record<string, never>;
  /** a JSON file (an equipment export); `what` names it in the 400 */
  json: { what: string };
}

/** What each kind answers. */
export interface ParseResults {
  table: UploadTable;
  pan: Record<string, unknown>;
  ond: Record<string, unknown>;
  shading: ReturnType<typeof parseElectricalShadingTable>;
  weather: WeatherRead;
  weatherMapped: WeatherMapped;
  horizon: ReturnType<typeof parsePvgisHorizon>;
  json: unknown;
}

export type ParseKind = keyof ParseOptions;

const refuse = (message: string) => badRequest(message, { file: [message] });

/** The table of an IV upload; a damaged, bombed or malformed file is the 400. */
function readTable(bytes: Uint8Array, maxRows: number): UploadTable {
  if (bytes.length === 0) throw refuse('The file is empty.');
  try {
    if (isZip(bytes)) return { ...readFirstSheet(bytes, maxRows), decimalComma: false };
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const text = uploadText({ bytes: buffer, fileName: 'file', fields: {} }, 'file');
    return splitTable(text, maxRows);
  } catch (error) {
    if (error instanceof XlsxError || error instanceof TemplateParseError || error instanceof RangeError) {
      throw refuse(`The file could not be read: ${error.message}.`);
    }
    throw error;
  }
}

/** Runs a PVsyst reader, its refusals the 400 naming the file. */
function pvsyst<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw pvsystRefusal(what, error);
  }
}

const SHADING_FILE = 'shading table';

/** The points of a horizon profile; a file the reader refuses is the 400 naming the problem. */
function readHorizon(bytes: Uint8Array): ReturnType<typeof parsePvgisHorizon> {
  return engineRangeCall(() => parsePvgisHorizon(decodeUpload(bytes)));
}

/** A JSON upload's value; text that is not JSON is the 400 naming the file. */
function readJson(bytes: Uint8Array, what: string): unknown {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = uploadText({ bytes: buffer, fileName: 'file', fields: {} }, what);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(`The ${what} is not valid JSON.`, { file: [`The ${what} is not valid JSON.`] });
  }
}

/**
 * Reads an upload of a kind, in the calling thread.
 * @throws HttpError 400 naming the file field for a file the reader refuses
 */
export function parseNow<K extends ParseKind>(
  kind: K,
  bytes: Uint8Array,
  options: ParseOptions[K],
): ParseResults[K] {
  const o = options as ParseOptions[ParseKind];
  const readers: { [P in ParseKind]: () => ParseResults[P] } = {
    table: () => readTable(bytes, (o as ParseOptions['table']).maxRows),
    pan: () => pvsyst('PAN file', () => readPanFile(bytes, (o as ParseOptions['pan']).fileName).record),
    ond: () => pvsyst('OND file', () => readOndFile(bytes, (o as ParseOptions['ond']).fileName).record),
    shading: () =>
      pvsyst(SHADING_FILE, () => {
        const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        return parseElectricalShadingTable(
          uploadText({ bytes: buffer, fileName: SHADING_FILE, fields: {} }, SHADING_FILE),
        );
      }),
    weather: () => readWeatherBytes(bytes),
    weatherMapped: () => readMappedWeather(bytes, (o as ParseOptions['weatherMapped']).mapping),
    horizon: () => readHorizon(bytes),
    json: () => readJson(bytes, (o as ParseOptions['json']).what),
  };
  return readers[kind]() as ParseResults[K];
}
