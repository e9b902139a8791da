/**
 * Bodies of POST /Weather and PUT /Weather/{id} with `weatherDetails` (spec 3 Weather and
 * WeatherDetail; spec 4 §1). The SDK sends the whole Weather object it holds, converted from snake
 * case: `weatherDetails` records carry `timeStamp` (or `timestamp`, as the SDK's example file
 * spells it), the irradiances [W/m²], `temperature` [°C], `windspeed` [m/s], `relativeHumidity` [%],
 * `pressure` [mbar], `precipitableWater` [cm], `rainfall` [mm]… Fields the server does not read
 * (the SDK's own bookkeeping, `beamHorizontalIrradiance`, `soilingLoss`, the client-side sums) are
 * ignored; the sums and averages are computed from the series. Every value has its physical range
 * (domain `ranges.ts`) and every enumeration its members: a 1e308 W/m² record is a 400 naming it.
 */
import { z } from 'zod';
import { enumOf } from '@sunfield/domain/api/fields.ts';
import { physical, type PhysicalName } from '@sunfield/domain/api/ranges.ts';
import { LibraryStatusEnum } from '@sunfield/domain/enums/status.ts';
import { WeatherDataProvider, WeatherDataType, WeatherPLevel } from '@sunfield/domain/enums/weather.ts';

/** Records a year of one-minute data holds (366 × 1440); the 64 MB body limit binds first. */
export const MAX_WEATHER_DETAILS = 527_040;

/** A value of a record: a number of its physical range (domain `ranges.ts`), or null. */
const value = (name: PhysicalName) => physical[name]();

/** One WeatherDetail record as a client sends it. */
export const weatherDetailInputSchema = z.object({
  index: physical.recordIndex(),
  timeStamp: z.string().max(40).nullish(),
  timestamp: z.string().max(40).nullish(),
  globalHorizontalIrradiance: value('irradiance'),
  directNormalIrradiance: value('irradiance'),
  diffuseHorizontalIrradiance: value('irradiance'),
  planeOfArrayIrradiance: value('irradiance'),
  temperature: value('ambientTemperature'),
  windspeed: value('windSpeed'),
  windSpeed: value('windSpeed'),
  windDirection: value('windDirection'),
  relativeHumidity: value('percent'),
  dewpoint: value('ambientTemperature'),
  pressure: value('pressure'),
  precipitableWater: value('precipitableWater'),
  rainfall: value('rainfall'),
  albedoData: value('fraction'),
});
export type WeatherDetailInput = z.infer<typeof weatherDetailInputSchema>;

export const weatherDetailsSchema = z
  .array(weatherDetailInputSchema, { error: 'weatherDetails must be a list of records.' })
  .min(1, 'weatherDetails must hold at least one record.')
  .max(MAX_WEATHER_DETAILS, `weatherDetails may hold at most ${MAX_WEATHER_DETAILS} records.`);

const text = (max: number) => z.string().max(max, `At most ${max} characters.`).nullish();

/** The spec 3 Weather fields of a create or an update that are kept as they are sent. */
export const weatherDescriptionSchema = z.object({
  description: text(4000),
  locality: text(200),
  stateProvince: text(200),
  stateProvinceCode: text(20),
  country: text(200),
  countryCode: text(10),
  region: text(200),
  stationName: text(200),
  stationCode: text(50),
  dataType: enumOf(WeatherDataType),
  pLevel: enumOf(WeatherPLevel),
  windSensorHeight: physical.sensorHeight(),
});

/** POST /Weather: a new weather from its records. */
export const createWeatherSchema = weatherDescriptionSchema.extend({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(200, 'Name must be at most 200 characters.'),
  latitude: z
    .number({ error: 'Latitude must be a number between -90 and 90.' })
    .min(-90, 'Latitude must be between -90 and 90.')
    .max(90, 'Latitude must be between -90 and 90.'),
  longitude: z
    .number({ error: 'Longitude must be a number between -180 and 180.' })
    .min(-180, 'Longitude must be between -180 and 180.')
    .max(180, 'Longitude must be between -180 and 180.'),
  elevation: z.number({ error: 'Elevation must be a number of metres.' }).min(-500).max(9000).nullish(),
  timeZone: z
    .number({ error: 'Time zone must be an offset from UTC in hours.' })
    .min(-12, 'Time zone must be between -12 and 14.')
    .max(14, 'Time zone must be between -12 and 14.')
    .nullish(),
  timestampDefinition: z
    .number()
    .int()
    .min(
      1,
      'Timestamp definition must be 1 (interval end), 2 (interval begin), 3 (interval middle) or 4 (instantaneous).',
    )
    .max(
      4,
      'Timestamp definition must be 1 (interval end), 2 (interval begin), 3 (interval middle) or 4 (instantaneous).',
    )
    .nullish(),
  dataProvider: enumOf(WeatherDataProvider),
  status: enumOf(LibraryStatusEnum),
  source: text(200),
  note: text(4000),
  weatherDetails: weatherDetailsSchema,
});
export type CreateWeatherInput = z.infer<typeof createWeatherSchema>;

/** What PUT /Weather/{id} reads beyond the editable fields: new records and the description. */
export const updateWeatherDetailsSchema = weatherDescriptionSchema.extend({
  weatherDetails: weatherDetailsSchema.nullish(),
  timestampDefinition: createWeatherSchema.shape.timestampDefinition,
});
