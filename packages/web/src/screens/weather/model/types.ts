/**
 * Shapes of the weather calls (spec 2 §7.10; field names of spec 3 Weather and WeatherDetail).
 * Fields the server may leave out are optional; the screens show '--' for them.
 */
export type WeatherSeriesKey =
  | 'ghi'
  | 'dni'
  | 'dhi'
  | 'poa'
  | 'tempAir'
  | 'tempDew'
  | 'relativeHumidity'
  | 'pressure'
  | 'windSpeed'
  | 'windDirection'
  | 'precipitableWater'
  | 'albedo'
  | 'rainfall';

export interface DownloadInfo {
  downloadPercentComplete?: number | null;
  status?: number | string | null;
  message?: string | null;
}

/** One row of GET /Weather/WeatherOverview and the weatheritem push. */
export interface WeatherListItem {
  id: number;
  name: string;
  dataProvider?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  timeZone?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  timeInterval?: number | null;
  status: number;
  ownerId?: string | null;
  ownerName?: string | null;
  source?: string | null;
  lastModified?: string | null;
  isReadOnly?: boolean;
  ghiAnnual?: number | null;
  createdDate?: string | null;
  /** from a search by location: distance [mi] (the search radius unit) and [km] */
  distance?: number | null;
  distanceKm?: number | null;
  downloadInfo?: DownloadInfo | null;
}

export interface WeatherListPage {
  items: WeatherListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MonthlySummary {
  month: number;
  ghi?: number | null;
  dni?: number | null;
  dhi?: number | null;
  poa?: number | null;
  tempAir?: number | null;
  windSpeed?: number | null;
  [key: string]: number | null | undefined;
}

/** Annual and monthly sums (irradiation, kWh/m²) and means (temperature, wind). */
export interface WeatherSummary {
  annual: Record<string, number | null | undefined>;
  monthly: MonthlySummary[];
}

export interface Weather extends WeatherListItem {
  description?: string | null;
  elevation?: number | null;
  timestampDefinition?: number | null;
  /** what the reader assumed, kept when the user overrides `timestampDefinition` */
  timestampDefinitionOriginal?: number | null;
  format?: number | null;
  dataType?: number | null;
  pLevel?: number | null;
  stationName?: string | null;
  globalHorizontalIrradianceSum?: number | null;
  diffuseHorizontalIrradianceSum?: number | null;
  directNormalIrradianceSum?: number | null;
  planeOfArrayIrradianceSum?: number | null;
  averageAirTemperature?: number | null;
  averageWindSpeed?: number | null;
  canDelete?: boolean;
  canEdit?: boolean;
  note?: string | null;
  rowCount?: number | null;
  columns?: { key: string; unit?: string; header?: string }[];
  summary?: WeatherSummary | null;
  /** a typical year (TMY…): its months come from different years (`years`) */
  typicalYear?: boolean;
  /** calendar years of the records (a typical year's: its months' source years) */
  years?: number[];
}

/** spec 3 WeatherDetail (the rows of GET /Weather/{id}/Detail). */
export interface WeatherDetail {
  index?: number;
  timeStamp: string;
  globalHorizontalIrradiance?: number | null;
  directNormalIrradiance?: number | null;
  diffuseHorizontalIrradiance?: number | null;
  planeOfArrayIrradiance?: number | null;
  temperature?: number | null;
  windspeed?: number | null;
  relativeHumidity?: number | null;
  pressure?: number | null;
  dewpoint?: number | null;
  precipitableWater?: number | null;
  windDirection?: number | null;
  rainfall?: number | null;
  albedoData?: number | null;
  [key: string]: unknown;
}

export interface WeatherDetailPage {
  weatherDetails: WeatherDetail[];
  total: number;
}

export interface MonthlyChartRow {
  month: number;
  ghi?: number | null;
  dni?: number | null;
  dhi?: number | null;
  [key: string]: number | null | undefined;
}

/** Mean by hour of day (24 values) for each month, per quantity (server shape). */
export interface DailyProfileSeries {
  key: string;
  months: { month: number; values: (number | null)[] }[];
}

/** One month's profile, flattened (older shape, still accepted). */
export interface DailyProfile {
  month: number;
  key?: string;
  values?: (number | null)[];
  [key: string]: unknown;
}

export interface HeatMap {
  key: string;
  /** days (columns, 365 or 366) */
  width: number;
  /** hours (rows, 24) */
  height: number;
  min?: number | null;
  max?: number | null;
  /** hour-major: values[hour * width + (dayOfYear − 1)], null where missing */
  values: (number | null)[];
}

export interface WeatherCharts {
  monthly: MonthlyChartRow[];
  dailyProfiles: (DailyProfileSeries | DailyProfile)[];
  heatMap: HeatMap | null;
}

export interface WeatherFileColumn {
  key: string;
  unit?: string | null;
  header?: string | null;
}

export interface WeatherFileInfo {
  format?: string | number | null;
  dataProvider?: number | null;
  name?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  elevation?: number | null;
  timeZone?: number | null;
  timeInterval?: number | null;
  timestampDefinition?: number | null;
  columns?: WeatherFileColumn[];
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  rowCount?: number | null;
  years?: number[] | number | null;
}

export interface GenericCsvColumn {
  index: number;
  header: string;
  guessedKey?: string | null;
  guessedUnit?: string | null;
  /** numeric share of the sampled cells (0–1) */
  numeric?: number;
}

/** The engine's GenericTimestamp: how the time stamp of a record is written. */
export type GenericTimestamp =
  | { format: 'iso' | 'ymd' | 'dmy' | 'mdy' | 'excel serial' | 'unix'; column: number }
  | { format: 'date time'; order: 'ymd' | 'dmy' | 'mdy'; dateColumn: number; timeColumn: number }
  | { format: 'ymdhm columns'; year: number; month: number; day: number; hour: number; minute?: number };

export type TimestampDefinitionName = 'intervalEnd' | 'intervalBegin' | 'intervalMiddle' | 'instantaneous';

/** The engine's GenericCsvMapping (what ValidateImport/FinalizeImport take as `mapping`). */
export interface GenericCsvMapping {
  delimiter: string;
  headerRow: number;
  firstDataRow?: number;
  decimal?: '.' | ',';
  timestamp: GenericTimestamp;
  /** UTC offset of the stamps [h] */
  timeZone: number;
  siteTimeZone?: number;
  timestampDefinition: TimestampDefinitionName;
  columns: { index: number; key: string; unit: string }[];
  latitude?: number;
  longitude?: number;
  elevation?: number;
  name?: string;
  missingValue?: number;
}

/** Parse's guesses for a file of no known format (engine GenericCsvInspection). */
export interface GenericCsvInfo {
  delimiter: string;
  decimal?: '.' | ',';
  headerRow: number;
  firstDataRow?: number;
  columns: GenericCsvColumn[];
  timestamp?: GenericTimestamp | null;
  latitude?: number | null;
  longitude?: number | null;
  elevation?: number | null;
  timeZone?: number | null;
  sampleRows: (string | number | null)[][];
  mapping?: GenericCsvMapping | null;
  /** Units the server accepts per key, when it says so. */
  units?: Record<string, string[]>;
}

export interface ParseResult {
  importId: number | string;
  weatherFileInfo: WeatherFileInfo;
  genericCsv?: GenericCsvInfo | null;
}

export interface ImportSettings {
  name: string;
  latitude: number;
  longitude: number;
  elevation: number | null;
  timeZone: number;
  timestampDefinition: number;
  mapping?: GenericCsvMapping;
}

export interface ValidationMessage {
  message: string;
  field?: string;
  line?: number;
}

export interface ValidationResult {
  warnings: (string | ValidationMessage)[];
  errors: (string | ValidationMessage)[];
}

export interface QualityCheckItem {
  id: string;
  name: string;
  count: number;
  severity?: 'info' | 'warning' | 'error' | string;
  description?: string;
}

export interface FlaggedStep {
  index: number;
  timeStamp?: string;
  checks?: string[];
  check?: string;
  key?: string;
  value?: number | null;
  ghi?: number | null;
  dni?: number | null;
  dhi?: number | null;
  clearSkyGhi?: number | null;
  [key: string]: unknown;
}

export interface QualityCheckResult {
  checks: QualityCheckItem[];
  flaggedSteps: FlaggedStep[];
  flaggedCount: number;
  rowCount?: number;
  checkedAt?: string;
  /** set once FinalizeQualityCheck accepted the check */
  accepted?: boolean;
  acceptedAt?: string;
  note?: string | null;
}

export interface GenerateInfo {
  monthlyGhi?: number[];
  monthlyTemp?: number[];
  defaults?: { monthlyGhi?: number[]; monthlyTemp?: number[]; [key: string]: unknown };
  [key: string]: unknown;
}

export interface GenerateRequest {
  name: string;
  latitude: number;
  longitude: number;
  elevation?: number | null;
  timeZone?: number | null;
  monthlyGhi: number[];
  monthlyTemp: number[];
  seed?: number | null;
}

export interface GenerateResult {
  weather: Weather;
  weatherDetails: WeatherDetail[];
  importId: number | string;
}

export interface GtiRow {
  timeStamp?: string;
  month?: number;
  globalTiltedIrradiance?: number | null;
  [key: string]: unknown;
}

export interface HorizonPoint {
  azimuth: number;
  elevation: number;
}

export interface WeatherProvider {
  id: string | number;
  key?: string;
  name: string;
  available: boolean;
  requiresApiKey?: boolean;
  message?: string | null;
  options?: { name: string; label?: string; values?: (string | number)[] }[];
}
