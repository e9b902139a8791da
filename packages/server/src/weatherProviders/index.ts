/**
 * The weather providers Sunfield downloads from, one HTTP client per provider (see each file for its
 * documented API, and docs/weather-providers.md for credentials and configuration).
 */
import { meteonormClient } from './meteonorm.ts';
import { nsrdbClient } from './nsrdb.ts';
import { solarAnywhereClient } from './solarAnywhere.ts';
import { solargisClient } from './solargis.ts';
import { solcastClient } from './solcast.ts';
import { PROVIDER_IDS, type ProviderId, type WeatherProviderClient } from './types.ts';

export { ProviderError, invalidCredentials } from './http.ts';
export { providerSettings, type ProviderSettings } from './settings.ts';
export * from './types.ts';

export const PROVIDERS: Readonly<Record<ProviderId, WeatherProviderClient>> = {
  NSRDB: nsrdbClient,
  Solcast: solcastClient,
  SolarGIS: solargisClient,
  Meteonorm: meteonormClient,
  SolarAnywhere: solarAnywhereClient,
};

/** Aliases accepted in the path of POST /Weather/Download/{provider} (any case). */
const ALIASES: Readonly<Record<string, ProviderId>> = {
  nsrdb: 'NSRDB',
  'nsrdb psm': 'NSRDB',
  nsrdbpsm: 'NSRDB',
  psm: 'NSRDB',
  solcast: 'Solcast',
  solargis: 'SolarGIS',
  meteonorm: 'Meteonorm',
  solaranywhere: 'SolarAnywhere',
  'cpr-solaranywhere': 'SolarAnywhere',
  cpr: 'SolarAnywhere',
  cleanpowerresearch: 'SolarAnywhere',
  // WeatherSourceTypeAPIEnum ids
  '1': 'Meteonorm',
  '2': 'SolarAnywhere',
  '3': 'NSRDB',
  '6': 'SolarGIS',
  '8': 'Solcast',
};

export function providerById(value: string): WeatherProviderClient | undefined {
  const id = ALIASES[value.trim().toLowerCase()];
  return id ? PROVIDERS[id] : undefined;
}

export const providerList = (): WeatherProviderClient[] => PROVIDER_IDS.map((id) => PROVIDERS[id]);
