/**
 * Recognition of a weather file's format from its content (never its name) and the dispatch to
 * the format's parser.
 */
import {
  isMeteonormText,
  isPvsystCsv,
  isSolargisCsv,
  parseMeteonorm,
  parsePvsyst,
  parseSolargis,
} from './documentedCsv.ts';
import { splitCsvLine } from '../csv.ts';
import { parseEpw } from './epw.ts';
import { parsePsm, parsePsmTable } from './psm.ts';
import { parsePvgisCsv } from './pvgis.ts';
import { parsePvgisJson } from './pvgisJson.ts';
import { parseSolarAnywhere } from './solarAnywhere.ts';
import { parseSurfrad } from './surfrad.ts';
import { checkWeatherText } from './text.ts';
import { parseTmy2 } from './tmy2.ts';
import { parseTmy3 } from './tmy3.ts';
import {
  WeatherParseError,
  type WeatherData,
  type WeatherFileFormat,
  type WeatherParseOptions,
} from './types.ts';

/** Replaces the other common delimiters by commas, so a file with the wrong one is still recognised. */
const commas = (s: string): string => s.replace(/[;\t|]/g, ',');

function pvgisCsvKind(lines: readonly string[]): WeatherFileFormat | null {
  for (const line of lines) {
    const l = commas(line);
    if (!/^time(\(UTC\))?,/.test(l)) continue;
    if (l.startsWith('time(UTC),') && l.includes(',G(h)')) return 'pvgisTmyCsv';
    if (/,(G\(i\)|Gb\(i\)|G\(h\)|T2m)/.test(l)) return 'pvgisHourlyCsv';
  }
  return null;
}

function isTmy2Header(l1: string, l2: string): boolean {
  return (
    l1.length >= 59 &&
    /^ \d{5} /.test(l1) &&
    (l1[37] === 'N' || l1[37] === 'S') &&
    (l1[45] === 'E' || l1[45] === 'W') &&
    /^ \d{8}/.test(l2) &&
    l2.length >= 126
  );
}

/**
 * Recognises a weather file by its content: NREL TMY3 (and SolarAnywhere TMY3 format; line 2
 * 'Date (MM/DD/YYYY),Time (HH:MM),…', NREL/TP-581-43156), TMY2 (fixed-width header with N/S and E/W
 * at columns 38 and 46, NREL/TP-463-7668), EPW (line 1 'LOCATION,', EnergyPlus Auxiliary Programs),
 * NSRDB PSM v3/v4 CSV (line 1 'Source,Location ID,…,Latitude,…'; NSRDB PSM documentation),
 * PSM tables without metadata (line 1 '[,]Year,Month,Day,Hour,Minute,…'), PVGIS CSV and JSON (TMY:
 * 'time(UTC)' with 'G(h)'; hourly radiation: 'time' with 'G(i)'/'Gb(i)'; PVGIS API documentation),
 * SolarAnywhere SA format (line 2 'ObservationTime(…)', or line 1's "Data Version: …"), NOAA SURFRAD (line 2 'lat lon elev m
 * version n'), Solargis CSV ('#' metadata naming Solargis, header 'Date;Time;…GHI'), Meteonorm hourly
 * export (header with G_Gh and h) and PVsyst CSV (header Year,Month,Day,Hour,…,GHI/GlobHor with
 * Tamb/WindVel); see documentedCsv.ts. A file written with ';', tab or '|' instead of commas is still recognised (its parser
 * then reports the delimiter).
 * @param text the file's text (only its beginning is examined)
 * @returns the format, or null when none matches
 */
export function detectWeatherFormat(text: string): WeatherFileFormat | null {
  const head = text.slice(0, 65_536).replace(/^\uFEFF/, '');
  const start = head.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    // Records, not the variables' descriptions ('"tmy_hourly": {"type": …}' in a metadata file).
    if (/"time\(UTC\)"\s*:\s*"\d{8}:\d{4}"/.test(head)) return 'pvgisTmyJson';
    if (/"time"\s*:\s*"\d{8}:\d{4}"/.test(head)) return 'pvgisHourlyJson';
    return null;
  }
  const lines = head.split('\n', 64).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const [l1 = '', l2 = ''] = lines;
  if (/^LOCATION[,;\t|]/.test(l1)) return 'epw';
  if (l2.startsWith('Date (MM/DD/YYYY)')) return 'tmy3';
  if (
    l2.startsWith('ObservationTime(') ||
    /"Data Version: [^"]*(Clean Power Research|SolarAnywhere)/.test(l1)
  ) {
    return 'solarAnywhere';
  }
  const psmNames = commas(l1);
  if (psmNames.startsWith('Source,') && /,(Location ID|Latitude|Longitude|Time Zone),/.test(psmNames)) {
    const names = splitCsvLine(commas(l1));
    const version = splitCsvLine(commas(l2))[names.indexOf('Version')] ?? '';
    return /^v?4/.test(version.trim()) ? 'psm4' : 'psm3';
  }
  if (/^,?Year,Month,Day,Hour/.test(commas(l1))) return 'psmTable';
  const pvgis = pvgisCsvKind(lines);
  if (pvgis) return pvgis;
  if (isSolargisCsv(head)) return 'solargis';
  if (isMeteonormText(head)) return 'meteonorm';
  if (isPvsystCsv(head)) return 'pvsyst';
  if (isTmy2Header(l1, l2)) return 'tmy2';
  if (/^\s*-?\d+(\.\d+)?\s+-?\d+(\.\d+)?\s+-?\d+(\.\d+)?\s+m\s+version/i.test(l2)) return 'surfrad';
  return null;
}

/**
 * Parses a weather file of any supported format, recognised by {@link detectWeatherFormat}, into
 * columns (`WeatherData`): one Float64Array per quantity in canonical units, timestamps as instants
 * with their definition, and the file's location, time zone and interval in `meta`.
 * Format references: NREL TMY3 user manual NREL/TP-581-43156; TMY2 manual NREL/TP-463-7668;
 * EnergyPlus Auxiliary Programs (EPW format); NSRDB PSM documentation; PVGIS API documentation;
 * SolarAnywhere data file formats; NOAA SURFRAD README.
 * @param text the whole file (the caller reads it; ISO-8859-1 files decoded as such or as UTF-8)
 * @throws WeatherParseError with the line and the problem when the file is too large, binary, of no
 *         known format, or malformed (truncated, wrong delimiter, text in a number, missing column)
 */
export function parseWeather(text: string, options: WeatherParseOptions = {}): WeatherData {
  checkWeatherText(text, options);
  const format = detectWeatherFormat(text);
  switch (format) {
    case 'tmy3':
      return parseTmy3(text, options);
    case 'tmy2':
      return parseTmy2(text, options);
    case 'epw':
      return parseEpw(text, options);
    case 'psm3':
    case 'psm4':
      return parsePsm(text, options);
    case 'psmTable':
      return parsePsmTable(text, options);
    case 'pvgisTmyCsv':
    case 'pvgisHourlyCsv':
      return parsePvgisCsv(text, options);
    case 'pvgisTmyJson':
    case 'pvgisHourlyJson':
      return parsePvgisJson(text, options);
    case 'solarAnywhere':
      return parseSolarAnywhere(text, options);
    case 'surfrad':
      return parseSurfrad(text, options);
    case 'solargis':
      return parseSolargis(text, options);
    case 'meteonorm':
      return parseMeteonorm(text, options);
    case 'pvsyst':
      return parsePvsyst(text, options);
    case 'generic':
    case 'synthetic':
      throw new WeatherParseError(1, `${format} weather is not recognised by content: use parseGenericCsv`);
    case null:
      throw new WeatherParseError(
        1,
        'unrecognised weather file: expected NREL TMY3 or TMY2, EPW, NSRDB PSM v3/v4 CSV, PVGIS TMY or ' +
          'hourly (CSV or JSON), SolarAnywhere, SURFRAD, Solargis, Meteonorm or PVsyst CSV (other files: ' +
          'generic CSV import with a column mapping)',
      );
  }
}
