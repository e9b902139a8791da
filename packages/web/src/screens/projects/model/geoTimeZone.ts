/**
 * GET /Geo/{lat}/{lng}/Timezone answers `{timeZone, timeZoneName, standardOffsetFromUTC}`, with
 * `timeZone` the standard offset in hours as the SDK reads it; the screens show the IANA name and
 * the offset (`GeoTimeZone`, as a project carries them).
 */
import type { GeoTimeZone } from './types.ts';

/** The answer of GET /Geo/{lat}/{lng}/Timezone. */
export interface GeoTimeZoneAnswer {
  /** standard offset from UTC [h] */
  timeZone?: number | string | null;
  /** IANA zone ('America/Denver') */
  timeZoneName?: string | null;
  standardOffsetFromUTC?: number | null;
}

/** The zone name and offset of the answer (an older answer's string `timeZone` is the name). */
export function geoTimeZoneOf(answer: GeoTimeZoneAnswer | null | undefined): GeoTimeZone {
  const name =
    typeof answer?.timeZoneName === 'string'
      ? answer.timeZoneName
      : typeof answer?.timeZone === 'string'
        ? answer.timeZone
        : null;
  const offset =
    typeof answer?.standardOffsetFromUTC === 'number'
      ? answer.standardOffsetFromUTC
      : typeof answer?.timeZone === 'number'
        ? answer.timeZone
        : null;
  return { timeZone: name, standardOffsetFromUTC: offset };
}
