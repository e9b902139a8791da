/**
 * Weather and site enumerations (spec 3 enum catalog, with the OpenAPI-only PVGIS values).
 */
import type { DefinitionSpec } from './types.ts';

/** Spec 1 "weather data source": the provider a weather asset came from. */
export const WeatherDataProvider = {
  type: 'WeatherDataProvider',
  aliases: ['WeatherDataSource', 'WeatherDataSourceEnum'],
  values: [
    { id: 1, name: 'NREL' },
    { id: 2, name: 'AWS Truepower' },
    { id: 3, name: 'WindLogics' },
    { id: 4, name: 'Meteonorm' },
    { id: 5, name: '3TIER' },
    { id: 6, name: 'Clean Power Research' },
    { id: 7, name: 'GeoModel Solar' },
    { id: 8, name: 'GeoSUN Africa' },
    { id: 9, name: 'SoDa' },
    { id: 10, name: 'HelioClim' },
    { id: 11, name: 'Solar Resource Assessment' },
    { id: 12, name: 'EnergyPlus' },
    { id: 13, name: 'Other' },
    { id: 14, name: 'Customer' },
    { id: 15, name: 'Solar Prospector' },
    { id: 16, name: 'GlobalFED' },
    { id: 17, name: 'NSRDB' },
    { id: 18, name: 'WhiteBox Technologies' },
    { id: 19, name: 'SolarGIS' },
    { id: 20, name: 'NASA' },
    { id: 21, name: '3TIER/Vaisala' },
    { id: 22, name: 'Solcast' },
    { id: 23, name: 'PVGIS' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1 "data type" of weather. */
export const WeatherDataType = {
  type: 'WeatherDataType',
  values: [
    { id: 0, name: 'Synthetic Monthly', key: 'SyntheticMonthly' },
    { id: 1, name: 'Satellite' },
    { id: 2, name: 'Ground Corrected', key: 'GroundCorrected' },
    { id: 3, name: 'Measured' },
    { id: 4, name: 'TMY3' },
    { id: 5, name: 'TGY' },
    { id: 6, name: 'TMY' },
    { id: 7, name: 'PSM' },
    { id: 8, name: 'SUNY' },
    { id: 9, name: 'MTS2' },
    { id: 10, name: 'CZ2010' },
  ],
} as const satisfies DefinitionSpec;

export const WeatherFormat = {
  type: 'WeatherFormat',
  values: [
    { id: 1, name: 'Solar Prospector CSV' },
    { id: 2, name: 'NREL TMY3' },
    { id: 3, name: 'Meteonorm TMY3' },
    { id: 4, name: '3Tier' },
    { id: 5, name: 'AWS' },
    { id: 6, name: 'EPW' },
    { id: 7, name: 'GeoModel Solar' },
    { id: 8, name: 'Clean Power Research' },
    { id: 9, name: 'PlantPredict', label: 'Sunfield' },
    { id: 10, name: 'TMY3' },
    { id: 11, name: 'SolarGIS' },
    { id: 12, name: 'NASA' },
    { id: 13, name: '3Tier/Vaisala' },
    { id: 14, name: 'Solcast' },
    { id: 15, name: 'PVGIS' },
  ],
} as const satisfies DefinitionSpec;

export const WeatherPLevel = {
  type: 'WeatherPLevel',
  values: [
    { id: 0, name: 'P50' },
    { id: 1, name: 'P90' },
    { id: 2, name: 'N/A', key: 'NotApplicable' },
    { id: 3, name: 'P95' },
    { id: 4, name: 'P99' },
    { id: 5, name: 'P75' },
  ],
} as const satisfies DefinitionSpec;

/** The services weather can be downloaded from. */
export const WeatherSourceTypeAPIEnum = {
  type: 'WeatherSourceTypeAPIEnum',
  values: [
    { id: 0, name: 'Unknown' },
    { id: 1, name: 'Meteonorm' },
    { id: 2, name: 'CPR-SolarAnywhere', key: 'CprSolarAnywhere' },
    { id: 3, name: 'NSRDB PSM', key: 'NsrdbPsm' },
    { id: 4, name: 'NSRDB SUNY', key: 'NsrdbSuny' },
    { id: 5, name: 'NSRDB MTS2', key: 'NsrdbMts2' },
    { id: 6, name: 'SolarGIS' },
    { id: 7, name: 'NASA' },
    { id: 8, name: 'Solcast' },
    { id: 9, name: 'PVGIS' },
  ],
} as const satisfies DefinitionSpec;

export const WeatherTimestampDefinitionEnum = {
  type: 'WeatherTimestampDefinitionEnum',
  values: [
    { id: 0, name: 'Undefined' },
    { id: 1, name: 'IntervalEnd' },
    { id: 2, name: 'IntervalBegin' },
    { id: 3, name: 'IntervalMiddle' },
    // Not in the product's catalogue: values that are one satellite scan at the stamp (NSRDB PSM,
    // PVGIS), the sun at the stamp itself. Numbered past the product's own values (issue 17).
    { id: 4, name: 'Instantaneous' },
  ],
} as const satisfies DefinitionSpec;

export const WeatherFileColumnTypeEnum = {
  type: 'WeatherFileColumnTypeEnum',
  values: [
    { id: 1, name: 'GHI' },
    { id: 2, name: 'DNI' },
    { id: 3, name: 'DHI' },
    { id: 4, name: 'TEMP' },
    { id: 5, name: 'Windspeed' },
    { id: 6, name: 'RelativeHumidity' },
    { id: 7, name: 'PWAT' },
    { id: 8, name: 'Rain' },
    { id: 9, name: 'Pressure' },
    { id: 10, name: 'DewpointTemp' },
    { id: 11, name: 'WindDirection' },
    { id: 12, name: 'SoilingLoss' },
    { id: 13, name: 'POAI' },
  ],
} as const satisfies DefinitionSpec;

export const NSRDBRegions = {
  type: 'NSRDBRegions',
  values: [
    { id: 0, name: 'USA' },
    { id: 1, name: 'Mexico' },
    { id: 2, name: 'Americas' },
    { id: 3, name: 'Europe' },
    { id: 4, name: 'Africa' },
    { id: 5, name: 'Asia' },
    { id: 6, name: 'South_Asia', label: 'South Asia' },
    { id: 7, name: 'Australia_Pacific', label: 'Australia Pacific' },
  ],
} as const satisfies DefinitionSpec;

export const SolarGISVersion = {
  type: 'SolarGISVersion',
  values: [
    { id: 0, name: 'PVPlanner' },
    { id: 1, name: 'TMY15' },
    { id: 2, name: 'TMY60' },
  ],
} as const satisfies DefinitionSpec;

export const AshraeVersionEnum = {
  type: 'AshraeVersionEnum',
  values: [
    { id: 0, name: 'Version_2013', label: '2013', aliases: ['Version2013'] },
    { id: 1, name: 'Version_2021', label: '2021', aliases: ['Version2021'] },
  ],
} as const satisfies DefinitionSpec;

export const WEATHER_DEFINITIONS = [
  WeatherDataProvider,
  WeatherDataType,
  WeatherFormat,
  WeatherPLevel,
  WeatherSourceTypeAPIEnum,
  WeatherTimestampDefinitionEnum,
  WeatherFileColumnTypeEnum,
  NSRDBRegions,
  SolarGISVersion,
  AshraeVersionEnum,
] as const;
