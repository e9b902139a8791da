/** What every weather-provider client offers the download job and the routes. */
import type { WeatherData } from '@sunfield/engine/weather/types.ts';
import type { ProviderSettings } from './settings.ts';

/** The providers weather can be downloaded from (path segment of POST /Weather/Download/{provider}). */
export const PROVIDER_IDS = ['NSRDB', 'Solcast', 'SolarGIS', 'Meteonorm', 'SolarAnywhere'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** What to download. */
export interface DownloadRequest {
  latitude: number;
  longitude: number;
  /** Calendar years of time series; empty for a typical year (TMY). */
  years: number[];
  /** Minutes between records. */
  intervalMinutes: number;
  /** Provider-specific data set ('psm4' | 'psm3' for NSRDB, a SolarAnywhere source, …). */
  version?: string | undefined;
}

/** The credentials a provider needs (only the fields of that provider are set). */
export interface ProviderCredentials {
  apiKey?: string;
  email?: string;
  licence?: string;
  user?: string;
  password?: string;
  /** The server's own key is used because the company has none. */
  usingSystemKey?: boolean;
}

/** Reports progress: fraction 0–1 of the download (requests) and what is happening. */
export type ProgressReporter = (fraction: number, step: string) => Promise<void> | void;

export interface DownloadContext {
  credentials: ProviderCredentials;
  progress: ProgressReporter;
  settings: ProviderSettings;
}

export interface WeatherProviderClient {
  id: ProviderId;
  /** Name shown to users and in messages ('Invalid credentials for NSRDB'). */
  name: string;
  /** spec 3 WeatherDataProvider id of what it stores. */
  dataProvider: number;
  /** spec 3 WeatherSourceTypeAPIEnum id. */
  sourceType: number;
  /** Provider's API documentation. */
  docsUrl: string;
  /** Intervals [min] it can deliver; first is the default. */
  intervals: readonly number[];
  /** Whether it delivers a typical year and which calendar years (inclusive). */
  typicalYear: boolean;
  yearRange: readonly [number, number] | null;
  /** Why the location cannot be served, or null when it can. */
  coverage(latitude: number, longitude: number): string | null;
  /** Problems with the request itself (interval, years, version) in words for the user. */
  validate(request: DownloadRequest): string[];
  download(request: DownloadRequest, context: DownloadContext): Promise<WeatherData>;
}
