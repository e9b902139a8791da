/**
 * Security headers on every answer (helmet), HSTS over https, and `Cache-Control: no-store`
 * on API answers.
 *
 * The Content-Security-Policy is what the web app needs and no more:
 * - scripts only from the app's own origin: the built bundle and `/config.js` (no inline script, no
 *   eval; the web app turns off zod's eval-compiled parsers);
 * - styles from the origin and inline: Mantine writes its CSS variables into <style> elements and
 *   ECharts, MapLibre and Mantine set style attributes;
 * - MapLibre's worker is a file of the app (MapLibre 6, components/map/maplibre.ts), its images (sprites, markers, control icons) from data:
 *   and blob: URLs, and the configured basemaps from their hosts, which the map fetches (connect-src)
 *   and draws (img-src): the vector style (MAP_STYLE_URL), the satellite tiles (MAP_SATELLITE_URL)
 *   and MAP_SOURCES, further hosts a style's tiles come from; the place search (GEOCODER_URL) is
 *   fetched (connect-src) — the same settings /config.js hands the web app, so the two agree;
 * - connect-src 'self' also covers the realtime hub's WebSocket (ws:/wss: of the same host, CSP 3);
 * - no plugins, no framing by any page (frame-ancestors 'none' and X-Frame-Options DENY), forms and
 *   <base> only to the origin.
 * Helmet also sends X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer (the app needs no
 * Referer; cross-origin fetches still carry Origin) and its cross-origin isolation defaults.
 *
 * Helmet's middleware is built once, when the app starts: the Fastify plugin (@fastify/helmet) built
 * it again for every request, parsing the policy each time (~4 % of a cached authenticated request's
 * CPU; issue 18). The headers are the same.
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin of an absolute http(s) URL, or undefined (a relative URL is the app's own origin). */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

type MapSettings = Pick<Config, 'mapStyleUrl'> &
  Partial<Pick<Config, 'mapSources' | 'mapSatelliteUrl' | 'geocoderUrl'>>;

/** Hosts the map loads from: the style's, the satellite tiles', the geocoder's and `mapSources`. */
export function mapOrigins(config: MapSettings): string[] {
  const origins = [
    config.mapStyleUrl,
    config.mapSatelliteUrl ?? '',
    config.geocoderUrl ?? '',
    ...(config.mapSources ?? []),
  ]
    .map((url) => (url.trim() ? originOf(url.trim()) : undefined))
    .filter((origin): origin is string => origin !== undefined);
  return [...new Set(origins)];
}

export function contentSecurityPolicy(map: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...map],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...map],
    'worker-src': ["'self'"],
    'child-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: MapSettings): Promise<void> {
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(mapOrigins(config)) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, and only over https: on plain http it means nothing, and a browser that once saw it
    // for localhost would refuse http://localhost:<any port> for a year.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol follows X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  // API answers (data of a signed-in user, or tokens being issued) are never kept by a browser or a
  // proxy, unless the route chose its own caching.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.toLowerCase().startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
