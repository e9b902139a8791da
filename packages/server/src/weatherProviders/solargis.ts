/**
 * Solargis downloads through the DataDelivery web service (Solargis API User Guide,
 * solargis.atlassian.net/wiki/spaces/public/pages/7602367/Solargis+API+User+Guide).
 *
 * POST /ws/rest/datadelivery/request?key={API key}, `Content-Type: application/xml`, body:
 *   <ws:dataDeliveryRequest dateFrom="2023-01-01" dateTo="2023-01-31" xmlns="http://geomodel.eu/schema/data/request"
 *       xmlns:ws="http://geomodel.eu/schema/ws/data" …>
 *     <site id="…" name="…" lat="…" lng="…"/>
 *     <processing key="GHI DNI DIF TEMP WS WD RH AP PWAT" summarization="HOURLY" terrainShading="true">
 *       <timestampType>CENTER</timestampType><timeZone>GMT+00</timeZone>
 *     </processing>
 *   </ws:dataDeliveryRequest>
 * One request covers at most 31 days, so a year is 12 requests (one per month) and progress moves by
 * month. The answer is XML: `<dataDeliveryResponse><site id lat lng><metadata>#… #Latitude: …
 * #Longitude: … #Elevation: 255.0 m a.s.l. …</metadata><columns>GHI DNI …</columns>
 * <row dateTime="2023-01-01T00:30:00.000Z" values="0 0 …"/>…</site></dataDeliveryResponse>`; -9 marks a
 * missing value. Units: irradiance W/m² (Wh/m² per hour for HOURLY, the same hourly mean), TEMP °C,
 * WS m/s, WD °, RH %, AP hPa, PWAT kg/m². A bad key answers 401/403.
 */
import { XMLParser } from 'fast-xml-parser';
import type { WeatherData, WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import { invalidCredentials, joinUrl, providerFetch, ProviderError } from './http.ts';
import { joinWeather, siteStandardOffset, weatherFromSeries, type SeriesColumn } from './series.ts';
import type { DownloadContext, DownloadRequest, WeatherProviderClient } from './types.ts';

const NAME = 'SolarGIS';

const FIELDS: Readonly<Record<string, { key: WeatherSeriesKey; unit: string; scale: number }>> = {
  GHI: { key: 'ghi', unit: 'W/m2', scale: 1 },
  DNI: { key: 'dni', unit: 'W/m2', scale: 1 },
  DIF: { key: 'dhi', unit: 'W/m2', scale: 1 },
  TEMP: { key: 'tempAir', unit: 'C', scale: 1 },
  TD: { key: 'tempDew', unit: 'C', scale: 1 },
  WS: { key: 'windSpeed', unit: 'm/s', scale: 1 },
  WD: { key: 'windDirection', unit: 'deg', scale: 1 },
  RH: { key: 'relativeHumidity', unit: '%', scale: 1 },
  AP: { key: 'pressure', unit: 'hPa', scale: 100 },
  PWAT: { key: 'precipitableWater', unit: 'kg/m2', scale: 0.1 },
};

export const SOLARGIS_KEYS = 'GHI DNI DIF TEMP WS WD RH AP PWAT';

const SUMMARIZATION: Readonly<Record<number, string>> = {
  60: 'HOURLY',
  30: 'MIN_30',
  15: 'MIN_15',
  10: 'MIN_10',
  5: 'MIN_5',
};

const pad = (n: number): string => String(n).padStart(2, '0');
const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The documented DataDelivery request for one period. */
export function solargisRequestXml(request: DownloadRequest, dateFrom: string, dateTo: string): string {
  const lat = request.latitude.toFixed(6);
  const lng = request.longitude.toFixed(6);
  const id = xmlEscape(`sunfield_${lat}_${lng}`);
  return [
    `<ws:dataDeliveryRequest dateFrom="${dateFrom}" dateTo="${dateTo}"`,
    '  xmlns="http://geomodel.eu/schema/data/request"',
    '  xmlns:ws="http://geomodel.eu/schema/ws/data"',
    '  xmlns:geo="http://geomodel.eu/schema/common/geo"',
    '  xmlns:pv="http://geomodel.eu/schema/common/pv"',
    '  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `  <site id="${id}" name="${id}" lat="${lat}" lng="${lng}"/>`,
    `  <processing key="${SOLARGIS_KEYS}" summarization="${SUMMARIZATION[request.intervalMinutes] ?? 'HOURLY'}" terrainShading="true">`,
    '    <timestampType>CENTER</timestampType>',
    '    <timeZone>GMT+00</timeZone>',
    '  </processing>',
    '</ws:dataDeliveryRequest>',
  ].join('\n');
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'row' || name === 'site',
  processEntities: false,
});

const metaValue = (metadata: string, label: string): number => {
  const m = new RegExp(`#\\s*${label}:\\s*(-?[\\d.]+)`, 'i').exec(metadata);
  return m ? Number(m[1]) : NaN;
};

/** Decodes one DataDelivery XML answer into WeatherData (stamps at interval centres, UTC). */
export function solargisToWeather(xml: string, request: DownloadRequest): WeatherData {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    throw new ProviderError(
      NAME,
      'badResponse',
      `${NAME} returned XML that cannot be read: ${(error as Error).message}`,
    );
  }
  const response = doc.dataDeliveryResponse as Record<string, unknown> | undefined;
  const site = (response?.site as Record<string, unknown>[] | undefined)?.[0];
  if (!site) {
    const fault = JSON.stringify(doc).slice(0, 200);
    throw new ProviderError(NAME, 'badResponse', `${NAME} returned no site data (${fault})`);
  }
  const metadata = typeof site.metadata === 'string' ? site.metadata : '';
  const names = String(site.columns ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const rows = (site.row as Record<string, string>[] | undefined) ?? [];
  const n = rows.length;
  const time = new Float64Array(n);
  const columns: Partial<Record<WeatherSeriesKey, SeriesColumn>> = {};
  const targets = names.map((name) => {
    const field = FIELDS[name];
    if (!field) return null;
    const data = new Float64Array(n);
    columns[field.key] = { data, source: name, unit: field.unit };
    return { data, scale: field.scale };
  });
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    time[i] = Date.parse(row.dateTime ?? '');
    if (!Number.isFinite(time[i]!)) {
      throw new ProviderError(NAME, 'badResponse', `${NAME} row ${i + 1} has no valid dateTime`);
    }
    const values = String(row.values ?? '')
      .trim()
      .split(/\s+/);
    for (let k = 0; k < targets.length; k++) {
      const target = targets[k];
      if (!target) continue;
      const v = Number(values[k]);
      target.data[i] = Number.isFinite(v) && v !== -9 ? v * target.scale : NaN;
    }
  }
  const latitude = Number.isFinite(metaValue(metadata, 'Latitude'))
    ? metaValue(metadata, 'Latitude')
    : Number(site.lat ?? request.latitude);
  const longitude = Number.isFinite(metaValue(metadata, 'Longitude'))
    ? metaValue(metadata, 'Longitude')
    : Number(site.lng ?? request.longitude);
  return weatherFromSeries(
    { time, columns },
    {
      provider: NAME,
      format: 'solargisApi',
      source: 'Solargis DataDelivery',
      dataProvider: 19,
      weatherFormat: 11,
      name: `Solargis ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`,
      latitude,
      longitude,
      elevation: metaValue(metadata, 'Elevation'),
      timeZone: siteStandardOffset(latitude, longitude),
      timestampDefinition: 'intervalMiddle',
      typicalYear: false,
    },
  );
}

async function downloadPeriod(
  request: DownloadRequest,
  dateFrom: string,
  dateTo: string,
  context: DownloadContext,
): Promise<WeatherData> {
  const apiKey = context.credentials.apiKey;
  if (!apiKey) throw invalidCredentials(NAME);
  const url = `${joinUrl(context.settings.solargisUrl, '/ws/rest/datadelivery/request')}?${new URLSearchParams(
    {
      key: apiKey,
    },
  ).toString()}`;
  const response = await providerFetch(
    {
      provider: NAME,
      url,
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: solargisRequestXml(request, dateFrom, dateTo),
    },
    { settings: context.settings },
  );
  return solargisToWeather(response.text, request);
}

export const solargisClient: WeatherProviderClient = {
  id: 'SolarGIS',
  name: NAME,
  dataProvider: 19,
  sourceType: 6,
  docsUrl: 'https://solargis.atlassian.net/wiki/spaces/public/pages/7602367/Solargis+API+User+Guide',
  intervals: [60, 30, 15, 10, 5],
  typicalYear: false,
  yearRange: [1994, new Date().getUTCFullYear() - 1],
  coverage: (latitude) =>
    latitude > 65 || latitude < -50 ? 'Solargis covers latitudes between -50 and 65.' : null,
  validate(request) {
    const problems: string[] = [];
    if (request.years.length === 0) problems.push('Solargis delivers time series: choose a year.');
    if (!SUMMARIZATION[request.intervalMinutes]) {
      problems.push('Solargis interval must be 5, 10, 15, 30 or 60 minutes.');
    }
    const [first, last] = this.yearRange!;
    for (const year of request.years) {
      if (year < first || year > last)
        problems.push(`Solargis has years ${first} to ${last}; ${year} is not.`);
    }
    return problems;
  },
  async download(request, context) {
    const months = request.years.flatMap((year) => Array.from({ length: 12 }, (_, m) => [year, m] as const));
    const parts: WeatherData[] = [];
    for (let i = 0; i < months.length; i++) {
      const [year, month] = months[i]!;
      await context.progress(i / months.length, `Requesting ${year}-${pad(month + 1)}`);
      const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      parts.push(
        await downloadPeriod(
          request,
          `${year}-${pad(month + 1)}-01`,
          `${year}-${pad(month + 1)}-${pad(last)}`,
          context,
        ),
      );
    }
    await context.progress(1, 'Received');
    return joinWeather(parts, NAME);
  },
};
