/**
 * The weather asset as the API shows it, with the field names of spec 3 (Weather): the row's columns,
 * the spec 3 fields kept in `data`, and the caller-dependent flags (isReadOnly, canDelete). Every
 * one of the 76 spec 3 fields is present, null where unknown (`weatherDetails` too: the rows are
 * read through GET /Weather/{id}/Detail). The only path from a weather row to JSON.
 */
import { WEATHER_FIELDS, withEveryField } from '@sunfield/domain/api/specFields.ts';
import { canDeleteAsset, canEditAsset, type LibraryActor } from '@sunfield/domain/library.ts';
import { WEATHER_TIMESTAMP_DEFINITION } from '@sunfield/engine/weather/types.ts';
import type { WeatherListRow, WeatherOwner, WeatherRow } from '../models/weather.ts';

/** Spec 3 Weather fields that live in `data` and are copied as they are. */
const DATA_FIELDS = [
  'description',
  'locality',
  'stateProvince',
  'stateProvinceCode',
  'country',
  'countryCode',
  'region',
  'stationName',
  'stationCode',
  'format',
  'timestampDefinitionOriginal',
  'globalHorizontalIrradianceSum',
  'diffuseHorizontalIrradianceSum',
  'directNormalIrradianceSum',
  'planeOfArrayIrradianceSum',
  'backsidePlaneOfArrayIrradianceSum',
  'averageAirTemperature',
  'maxAirTemperature',
  'averageRelativeHumidity',
  'averageWindSpeed',
  'averagePrecipitableWater',
  'averageDewpoint',
  'rainfallSum',
  'albedoSum',
  'averageAlbedo',
  'hasAlbedoData',
  'weatherDataModelVersion',
  'pLevel',
  'windSensorHeight',
  'monthlyFactors',
  'dataType',
  'seriesFingerprint',
  'apiDownloaded',
  'offsetMinutes',
  'moduleTilt',
  'moduleAzimuth',
  'horizonDetails',
  'downloadInfo',
] as const;

export interface PresentWeatherExtras {
  owner?: WeatherOwner | null;
  /** the caller, for isReadOnly and canDelete */
  actor?: LibraryActor;
  /** great-circle distance from a searched point [km] */
  distanceKm?: number;
  /** the same distance in the unit of the search radius (spec 3 `distance`, statute miles) */
  distance?: number;
}

const ownerNameOf = (owner: WeatherOwner | null | undefined): string | null =>
  owner ? `${owner.firstName} ${owner.lastName}`.trim() : null;

/** WeatherTimestampDefinitionEnum id of the stored meta's definition (0 when unknown). */
function timestampDefinitionId(row: WeatherRow): number {
  const meta = (row.data as { meta?: { timestampDefinition?: string } }).meta;
  const def = meta?.timestampDefinition as keyof typeof WEATHER_TIMESTAMP_DEFINITION | undefined;
  return def ? (WEATHER_TIMESTAMP_DEFINITION[def] ?? 0) : 0;
}

/**
 * spec 3 Weather, every field (weatherDetails null), plus ownerName, rowCount, typicalYear and years,
 * and the caller's flags.
 */
export function presentWeather(row: WeatherRow, extras: PresentWeatherExtras = {}): Record<string, unknown> {
  const data = row.data as Record<string, unknown>;
  const out: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    ownerId: row.ownerId,
    ownerName: ownerNameOf(extras.owner),
    createdDate: row.createdDate.toISOString(),
    lastModified: row.lastModified.toISOString(),
    lastModifiedById: row.lastModifiedById,
    status: row.status,
    source: row.source,
    note: row.note,
    dataProvider: row.dataProvider,
    latitude: row.latitude,
    longitude: row.longitude,
    elevation: row.elevation,
    timeZone: row.timeZone,
    timestampDefinition: timestampDefinitionId(row),
    timeInterval: row.timeInterval,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    rowCount: row.rowCount,
  };
  for (const field of DATA_FIELDS) if (data[field] !== undefined) out[field] = data[field];
  // Sunfield's own: a typical year (TMY…) and the calendar years of its records (a typical year's
  // months' source years; its startDate/endDate are the year a run simulates it in, engine
  // weatherPeriod).
  const meta = data.meta as { typicalYear?: unknown; years?: unknown } | undefined;
  out.typicalYear = meta?.typicalYear === true;
  out.years = Array.isArray(meta?.years) ? meta.years.filter((y) => Number.isInteger(y)) : [];
  if (extras.actor) {
    out.isReadOnly = !canEditAsset(extras.actor, row);
    out.canDelete = canDeleteAsset(extras.actor, row);
  }
  if (extras.distance !== undefined) out.distance = extras.distance;
  if (extras.distanceKm !== undefined) out.distanceKm = extras.distanceKm;
  return withEveryField(WEATHER_FIELDS, out);
}

/** One row of the weather library lists and the radius search. */
export interface WeatherListItem {
  id: number;
  name: string;
  dataProvider: number | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: number | null;
  startDate: string | null;
  endDate: string | null;
  timeInterval: number | null;
  status: number;
  ownerId: string | null;
  ownerName: string | null;
  source: string | null;
  createdDate: string;
  lastModified: string;
  isReadOnly: boolean;
  ghiAnnual?: number;
  /** spec 3 `distance` from a searched point [mi] */
  distance?: number;
  distanceKm?: number;
}

export function presentWeatherListItem(
  row: WeatherRow | WeatherListRow,
  extras: PresentWeatherExtras & { actor: LibraryActor },
): WeatherListItem {
  const ghi =
    'ghiAnnual' in row
      ? row.ghiAnnual
      : (row.data as { globalHorizontalIrradianceSum?: unknown }).globalHorizontalIrradianceSum;
  return {
    id: row.id,
    name: row.name,
    dataProvider: row.dataProvider,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    timeInterval: row.timeInterval,
    status: row.status,
    ownerId: row.ownerId,
    ownerName: ownerNameOf(extras.owner),
    source: row.source,
    createdDate: row.createdDate.toISOString(),
    lastModified: row.lastModified.toISOString(),
    isReadOnly: !canEditAsset(extras.actor, row),
    ...(typeof ghi === 'number' ? { ghiAnnual: ghi } : {}),
    ...(extras.distance !== undefined ? { distance: extras.distance } : {}),
    ...(extras.distanceKm !== undefined ? { distanceKm: extras.distanceKm } : {}),
  };
}
