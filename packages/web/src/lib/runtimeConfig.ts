/**
 * Settings of the deployment that the server hands the web app at run time (`/config.js`, written
 * from its environment), so that one build of the app serves every deployment.
 */
export type ExternalTool = 'designPro' | 'voltagePro' | 'terrainPro' | 'pvradar';

export interface RuntimeConfig {
  /** MapLibre style URL (MAP_STYLE_URL); absent or null: the offline style. */
  mapStyleUrl?: string | null;
  /** Addresses of the external tools (DESIGN_PRO_URL, VOLTAGE_PRO_URL, TERRAIN_PRO_URL, PVRADAR_URL). */
  externalTools?: Partial<Record<ExternalTool, string | null>>;
}

declare global {
  interface Window {
    __SUNFIELD_CONFIG__?: RuntimeConfig;
  }
}

export function runtimeConfig(): RuntimeConfig {
  return (typeof window === 'undefined' ? undefined : window.__SUNFIELD_CONFIG__) ?? {};
}
