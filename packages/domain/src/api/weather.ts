/**
 * Weather API shapes (spec 3: Weather (76 fields), WeatherDetail (26), WeatherMonthlyFactors (4),
 * HorizonDetail (3)) as zod schemas, and the column mapping of a generic weather-file import
 * (engine `GenericCsvMapping`). Numbers the server may not know are nullable; every field is
 * optional on input (`weatherInputSchema`), as the API accepts partial assets.
 */
import { z } from 'zod';
import { DCFieldBacktrackingType, DCFieldTrackingTypeEnum } from '../enums/plant.ts';
import { LibraryStatusEnum } from '../enums/status.ts';
import {
  WeatherDataProvider,
  WeatherDataType,
  WeatherFormat,
  WeatherPLevel,
  WeatherTimestampDefinitionEnum,
} from '../enums/weather.ts';
import { enumOf } from './fields.ts';
import { physical, physicalRequired } from './ranges.ts';

const id = z.union([physicalRequired.recordId(), z.string().max(100)]);
const str = z.string().nullable();
const bool = z.boolean().nullable();
const dateTime = z.string().nullable();
/** A field of the named range, or null (every Weather number may be unknown). */
const num = (name: keyof typeof physical) => physical[name]().unwrap();
/** An enumeration's member, or null. */
const member = (definition: Parameters<typeof enumOf>[0]) => enumOf(definition).unwrap();

/** spec 3 HorizonDetail (3): azimuth N = 0, E = 90 [°], elevation above the horizontal [°]. */
export const horizonDetailSchema = z.object({
  id: id.optional(),
  azimuth: z.number().min(-360).max(360),
  elevation: z.number().min(-90).max(90),
});
export type HorizonDetail = z.infer<typeof horizonDetailSchema>;

/** spec 3 WeatherMonthlyFactors (4). */
export const weatherMonthlyFactorsSchema = z.object({
  id: id.optional(),
  month: z.number().int().min(1).max(12),
  monthName: z.string().optional(),
  albedo: physicalRequired.fraction(),
});
export type WeatherMonthlyFactors = z.infer<typeof weatherMonthlyFactorsSchema>;

/**
 * spec 3 WeatherDetail (26): one record of a weather series. Irradiances [W/m²], temperatures [°C],
 * wind [m/s, °], humidity and soiling [%], pressure [mbar], precipitable water [cm], rain [mm].
 */
export const weatherDetailSchema = z.object({
  id: id.optional(),
  weatherId: id.nullable().optional(),
  index: physicalRequired.recordIndex(),
  dewpoint: num('ambientTemperature'),
  diffuseHorizontalIrradiance: num('irradiance'),
  directNormalIrradiance: num('irradiance'),
  planeOfArrayIrradiance: num('irradiance'),
  backsidePlaneOfArrayIrradiance: num('irradiance'),
  globalHorizontalIrradiance: num('irradiance'),
  pressure: num('pressure'),
  temperature: num('ambientTemperature'),
  relativeHumidity: num('percent'),
  windspeed: num('windSpeed'),
  windDirection: num('windDirection'),
  windGust: num('windSpeed'),
  timeStamp: dateTime,
  adjustedTimeStamp: dateTime,
  precipitableWater: num('precipitableWater'),
  rainfall: num('rainfall'),
  uDirt: num('percent'),
  albedoData: num('fraction'),
  downloadedAlbedo: num('fraction'),
  soilingLoss: num('percent'),
  soilingLossResult: num('percent'),
  beamHorizontalIrradiance: num('irradiance'),
  clearSkyIrradiance: num('irradiance'),
});
export type WeatherDetail = z.infer<typeof weatherDetailSchema>;

/**
 * spec 3 Weather (76). `company`, `owner`, `lastModifiedBy`, `downloadInfo` are opaque objects here.
 * Sums over the file [kWh/m²] (irradiation), [mm] (rain); averages in the records' units.
 */
export const weatherSchema = z.object({
  id,
  name: z.string().trim().min(1).max(200),
  description: str,
  companyId: id.nullable(),
  company: z.unknown().optional(),
  ownerId: id.nullable(),
  owner: z.unknown().optional(),
  createdDate: dateTime,
  lastModified: dateTime,
  lastModifiedById: id.nullable(),
  lastModifiedBy: z.unknown().optional(),
  status: member(LibraryStatusEnum),
  distance: num('distance'),
  locality: str,
  stateProvince: str,
  stateProvinceCode: str,
  country: str,
  countryCode: str,
  region: str,
  source: str,
  stationName: str,
  format: member(WeatherFormat),
  stationCode: str,
  latitude: num('latitude'),
  longitude: num('longitude'),
  elevation: num('elevation'),
  location: z.unknown().optional(),
  timeZone: num('timeZone'),
  timestampDefinition: member(WeatherTimestampDefinitionEnum),
  timestampDefinitionOriginal: member(WeatherTimestampDefinitionEnum),
  timeInterval: num('timeInterval'),
  startDate: dateTime,
  endDate: dateTime,
  globalHorizontalIrradianceSum: num('irradiationSum'),
  diffuseHorizontalIrradianceSum: num('irradiationSum'),
  directNormalIrradianceSum: num('irradiationSum'),
  planeOfArrayIrradianceSum: num('irradiationSum'),
  backsidePlaneOfArrayIrradianceSum: num('irradiationSum'),
  averageAirTemperature: num('ambientTemperature'),
  maxAirTemperature: num('ambientTemperature'),
  averageRelativeHumidity: num('percent'),
  averageWindSpeed: num('windSpeed'),
  averagePrecipitableWater: num('precipitableWater'),
  averageDewpoint: num('ambientTemperature'),
  averageSoilingLoss: num('percent'),
  averageWindGust: num('windSpeed'),
  rainfallSum: num('rainfallSum'),
  albedoSum: num('albedoSum'),
  averageAlbedo: num('fraction'),
  hasAlbedoData: bool,
  weatherDataModelVersion: str,
  dataProvider: member(WeatherDataProvider),
  pLevel: member(WeatherPLevel),
  windSensorHeight: num('sensorHeight'),
  monthlyFactors: z.array(weatherMonthlyFactorsSchema).nullable(),
  weatherDetails: z.array(weatherDetailSchema).nullable(),
  dataType: member(WeatherDataType),
  seriesFingerprint: str,
  customerName: str,
  apiLocked: bool,
  apiDownloaded: bool,
  weatherFileKey: str,
  offsetMinutes: num('offsetMinutes'),
  usingSytemKey: bool,
  downloadUsageTracked: bool,
  detailsKey: str,
  moduleTilt: num('tilt'),
  moduleAzimuth: num('azimuth'),
  trackingType: member(DCFieldTrackingTypeEnum),
  trackingBacktrackingType: member(DCFieldBacktrackingType),
  minimumTrackingLimitAngleD: num('rotation'),
  maximumTrackingLimitAngleD: num('rotation'),
  trackerPitchAngleD: num('trackerPitch'),
  trackerStowAngle: num('rotation'),
  groundCoverageRatio: num('groundCoverageRatio'),
  downloadInfo: z.unknown().optional(),
});
export type Weather = z.infer<typeof weatherSchema>;

/** A Weather as a client may send it (POST/PUT): every field optional. */
export const weatherInputSchema = weatherSchema.partial();
export type WeatherInput = z.infer<typeof weatherInputSchema>;

/** Series keys of the engine (`WeatherSeriesKey`). */
export const WEATHER_SERIES_KEYS = [
  'ghi',
  'dni',
  'dhi',
  'poa',
  'tempAir',
  'tempDew',
  'relativeHumidity',
  'pressure',
  'windSpeed',
  'windDirection',
  'precipitableWater',
  'albedo',
  'rainfall',
] as const;

/** Units of a generic column (engine `GenericUnit`). */
export const WEATHER_COLUMN_UNITS = [
  'W/m2',
  'kW/m2',
  'Wh/m2',
  'kWh/m2',
  'J/cm2',
  'MJ/m2',
  'C',
  'F',
  'K',
  'm/s',
  'km/h',
  'mph',
  'kn',
  '%',
  'fraction',
  'Pa',
  'hPa',
  'kPa',
  'mbar',
  'bar',
  'atm',
  'mmHg',
  'deg',
  'cm',
  'mm',
  'in',
  '-',
] as const;

const col = physicalRequired.column();
const dateOrder = z.enum(['ymd', 'dmy', 'mdy']);

/** Timestamp layout of a generic file (engine `GenericTimestamp`). */
export const genericTimestampSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('iso'), column: col }),
  z.object({ format: z.literal('ymd'), column: col }),
  z.object({ format: z.literal('dmy'), column: col }),
  z.object({ format: z.literal('mdy'), column: col }),
  z.object({ format: z.literal('date time'), order: dateOrder, dateColumn: col, timeColumn: col }),
  z.object({
    format: z.literal('ymdhm columns'),
    year: col.optional(),
    month: col,
    day: col,
    hour: col,
    minute: col.optional(),
  }),
  z.object({ format: z.literal('excel serial'), column: col }),
  z.object({ format: z.literal('unix'), column: col }),
]);

/** Column mapping of a generic weather-file import (engine `GenericCsvMapping`). */
export const genericCsvMappingSchema = z.object({
  delimiter: z.enum([',', ';', '\t', '|', ' ']),
  headerRow: physicalRequired.headerRow(),
  firstDataRow: physicalRequired.recordIndex().optional(),
  decimal: z.enum(['.', ',']).optional(),
  timestamp: genericTimestampSchema,
  timeZone: z.number().min(-14).max(14),
  siteTimeZone: z.number().min(-14).max(14).optional(),
  timestampDefinition: z.enum(['intervalEnd', 'intervalBegin', 'intervalMiddle', 'instantaneous']),
  columns: z
    .array(
      z.object({
        index: col,
        key: z.enum(WEATHER_SERIES_KEYS),
        unit: z.enum(WEATHER_COLUMN_UNITS),
        missingValue: physicalRequired.missingValue().optional(),
      }),
    )
    .min(1),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  elevation: z.number().min(-500).max(9000).optional(),
  name: z.string().max(200).optional(),
  missingValue: physicalRequired.missingValue().optional(),
});
export type GenericCsvMappingInput = z.infer<typeof genericCsvMappingSchema>;

/** Synthetic-year request (engine `SyntheticYearInput`). */
export const generateWeatherSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  elevation: z.number().min(-500).max(9000),
  timeZone: z.number().min(-14).max(14),
  monthlyGhi: z.array(z.number().min(0).max(400)).length(12),
  monthlyTemp: z.array(z.number().min(-60).max(60)).length(12),
  monthlyWind: z.array(z.number().min(0).max(60)).length(12).optional(),
  seed: physicalRequired.seed().optional(),
  name: z.string().max(200).optional(),
});

/** GlobalTiltedPlane request (spec 2 §7.10: minimum tilt negated, albedo 0.2, model 1). */
export const globalTiltedPlaneSchema = z.object({
  tilt: z.number().min(-90).max(90),
  azimuth: z.number().min(0).max(360).optional(),
  albedo: z.number().min(0).max(1).default(0.2),
  model: z.union([z.literal(0), z.literal(1)]).default(1),
});
