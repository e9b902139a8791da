/**
 * Horizon profile import (spec 3 HorizonDetail: azimuth, elevation) from the PVGIS horizon outputs.
 *
 * Accepted forms (PVGIS 5.x API, tool "printhorizon", EC JRC PVGIS user manual §"Horizon profile"):
 * - JSON `{"outputs": {"horizon_profile": [{"A": -180, "H_hor": 9.9}, …]}}`;
 * - the CSV/text output: metadata lines, then a header 'A<tab>H_hor<tab>A_sun(w)…' and rows;
 *   PVGIS azimuth A counts from south (0), west positive, east negative;
 * - a table already turned to north-based azimuths, header 'horizon_azimuth,horizon_elevation';
 * - the PVGIS user-horizon upload form: one elevation per line (or comma separated), equally spaced
 *   clockwise from north.
 * The result is north-based (N = 0, E = 90, S = 180, W = 270), ascending, in [0, 360).
 */
import type { HorizonPoint } from '../shading/horizon.ts';
import { WeatherParseError } from './types.ts';

const norm = (az: number): number => ((az % 360) + 360) % 360;

function finish(points: HorizonPoint[], line: number): HorizonPoint[] {
  if (points.length < 2) throw new WeatherParseError(line, 'horizon profile needs at least 2 points');
  for (const p of points) {
    if (!(p.elevation >= -90 && p.elevation <= 90)) {
      throw new WeatherParseError(line, `horizon elevation ${p.elevation} is outside −90…90`);
    }
  }
  const byAz = new Map<number, number>();
  for (const p of points) {
    const az = Math.round(norm(p.azimuth) * 1e9) / 1e9;
    if (!byAz.has(az)) byAz.set(az, p.elevation);
  }
  return [...byAz.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([azimuth, elevation]) => ({ azimuth, elevation }));
}

function parseJson(text: string): HorizonPoint[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new WeatherParseError(1, `horizon JSON does not parse: ${(e as Error).message}`);
  }
  const outputs = (doc as { outputs?: { horizon_profile?: unknown } }).outputs;
  const profile = outputs?.horizon_profile ?? (Array.isArray(doc) ? doc : undefined);
  if (!Array.isArray(profile)) throw new WeatherParseError(1, "JSON has no 'outputs.horizon_profile'");
  return finish(
    profile.map((r: unknown, i) => {
      const o = r as Record<string, unknown>;
      const a = Number(o.A ?? o.azimuth);
      const h = Number(o.H_hor ?? o.elevation);
      if (!Number.isFinite(a) || !Number.isFinite(h)) {
        throw new WeatherParseError(1, `horizon_profile[${i}]: A and H_hor must be numbers`);
      }
      // Records with 'A' are PVGIS (south = 0); with 'azimuth' already north-based.
      return { azimuth: o.A !== undefined ? a + 180 : a, elevation: h };
    }),
    1,
  );
}

/**
 * Parses a PVGIS horizon profile (JSON, CSV/text output, north-based table or user-horizon list).
 * @returns points north-based, ascending azimuth in [0, 360)
 * @throws WeatherParseError naming the line: no header, text in a number, fewer than 2 points
 */
export function parsePvgisHorizon(text: string): HorizonPoint[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new WeatherParseError(1, 'file is empty');
  if (/^\s*[{[]/.test(body)) return parseJson(body);
  const lines = body.split(/\r?\n/);
  const split = (l: string): string[] => l.trim().split(/\s*[,;\t]\s*|\s+/);
  let headerAt = -1;
  let southBased = false;
  for (let i = 0; i < lines.length; i++) {
    const f = split(lines[i]!);
    if (f[0] === 'A' && f[1] === 'H_hor') {
      headerAt = i;
      southBased = true;
      break;
    }
    if (f[0] === 'horizon_azimuth' && f[1] === 'horizon_elevation') {
      headerAt = i;
      break;
    }
  }
  const points: HorizonPoint[] = [];
  if (headerAt >= 0) {
    for (let i = headerAt + 1; i < lines.length; i++) {
      const l = lines[i]!.trim();
      if (l === '') {
        if (points.length > 0) break;
        continue;
      }
      const f = split(l);
      const a = Number(f[0]);
      const h = Number(f[1]);
      if (f.length < 2 || !Number.isFinite(a) || !Number.isFinite(h)) {
        if (points.length > 0 && !/^-?\d/.test(l)) break; // legend after the table
        throw new WeatherParseError(i + 1, `'${l.slice(0, 40)}' is not an azimuth and an elevation`);
      }
      points.push({ azimuth: southBased ? a + 180 : a, elevation: h });
    }
    return finish(points, headerAt + 1);
  }
  // User-horizon list: elevations only, equally spaced from north, clockwise.
  const values: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l === '') continue;
    for (const f of split(l)) {
      const v = Number(f);
      if (f === '' || !Number.isFinite(v)) {
        throw new WeatherParseError(
          i + 1,
          `'${f.slice(0, 24)}' is not a number: expected a PVGIS horizon (header 'A H_hor') or elevations`,
        );
      }
      values.push(v);
    }
  }
  const step = 360 / values.length;
  return finish(
    values.map((elevation, k) => ({ azimuth: k * step, elevation })),
    1,
  );
}
