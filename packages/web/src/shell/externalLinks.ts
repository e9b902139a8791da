/**
 * External tools that open in a new tab (spec 1 §2): the design tool, the voltage tool, the terrain
 * tool and the PVRADAR partner platform. Their addresses are deployment settings read at run time
 * from `/config.js` (the server's DESIGN_PRO_URL, VOLTAGE_PRO_URL, TERRAIN_PRO_URL and PVRADAR_URL,
 * documented in the README), so one build serves every deployment; a tool without an address is
 * shown as not configured.
 */
import { runtimeConfig, type ExternalTool } from '../lib/runtimeConfig.ts';

export type { ExternalTool };

const configured = runtimeConfig().externalTools ?? {};

export const EXTERNAL_LINKS: Record<ExternalTool, string | null> = {
  designPro: configured.designPro ?? null,
  voltagePro: configured.voltagePro ?? null,
  terrainPro: configured.terrainPro ?? null,
  pvradar: configured.pvradar ?? null,
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
