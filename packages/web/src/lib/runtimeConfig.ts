/**
 * Settings of the deployment that the server hands the web app at run time (`/config.js`, written
 * from its environment), so that one build of the app serves every deployment.
 */
export type ExternalTool = 'designPro' | 'voltagePro' | 'terrainPro' | 'pvradar';

export interface RuntimeConfig {
  /** MapLibre style URL of the default basemap (MAP_STYLE_URL); absent or empty: the offline style. */
  mapStyleUrl?: string | null;
  /** Raster tile template of the satellite basemap (MAP_SATELLITE_URL); empty: no satellite. */
  mapSatelliteUrl?: string | null;
  /** Attribution shown with the satellite tiles (MAP_SATELLITE_ATTRIBUTION). */
  mapSatelliteAttribution?: string | null;
  /** Place search endpoint (GEOCODER_URL); empty: no search box. */
  geocoderUrl?: string | null;
  /** The answer GEOCODER_URL gives (GEOCODER_FORMAT). */
  geocoderFormat?: 'photon' | 'nominatim' | null;
  /** Addresses of the external tools (DESIGN_PRO_URL, VOLTAGE_PRO_URL, TERRAIN_PRO_URL, PVRADAR_URL). */
  externalTools?: Partial<Record<ExternalTool, string | null>>;
  /**
   * The billing provider (BILLING_CHECKOUT_URL, BILLING_PORTAL_URL): where the subscription page's
   * checkout and self-service links go ({companyId} is filled in); absent: the links are hidden.
   */
  billing?: { checkoutUrl?: string | null; portalUrl?: string | null };
}

declare global {
  interface Window {
    __SUNFIELD_CONFIG__?: RuntimeConfig;
  }
}

export function runtimeConfig(): RuntimeConfig {
  return (typeof window === 'undefined' ? undefined : window.__SUNFIELD_CONFIG__) ?? {};
}
