/**
 * External tools that open in a new tab (spec 1 §2): the design tool, the voltage tool, the terrain
 * tool and the PVRADAR partner platform. Their addresses are deployment settings (VITE_* variables
 * at build time); a tool without an address is shown as not configured.
 */
export type ExternalTool = 'designPro' | 'voltagePro' | 'terrainPro' | 'pvradar';

const env = import.meta.env as Record<string, string | undefined>;

export const EXTERNAL_LINKS: Record<ExternalTool, string | null> = {
  designPro: env.VITE_DESIGN_PRO_URL || null,
  voltagePro: env.VITE_VOLTAGE_PRO_URL || null,
  terrainPro: env.VITE_TERRAIN_PRO_URL || null,
  pvradar: env.VITE_PVRADAR_URL || null,
};

export const EXTERNAL_LABELS: Record<ExternalTool, string> = {
  designPro: 'Design Pro',
  voltagePro: 'Voltage Pro',
  terrainPro: 'Terrain Pro',
  pvradar: 'PVRADAR',
};

/** Opens the tool in a new tab; false when no address is configured. */
export function openExternalTool(tool: ExternalTool): boolean {
  const url = EXTERNAL_LINKS[tool];
  if (!url) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
