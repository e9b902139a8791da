/**
 * The prediction's site conditions (pure, unit-tested): the ASHRAE station and the design temperatures
 * (spec 1 §3 "Site data"), filled from `GET /ASHRAE` (docs/site-conditions.md: Sunfield derives them
 * from the nearest weather file with a year of air temperatures), and what a change of the design
 * temperatures does to the plant.
 *
 * - The lookup asks within 50 miles (spec 2 §9.2, the API's radius unit) for AshraeVersion 2021 unless
 *   the prediction names another version; the answer's `distance` is in metres, stored in km (÷ 1000,
 *   spec 2 §9.2).
 * - When `min50Year` or `cool996` changes, the builder's rules run again on every DC field of the plant
 *   (spec 1 §5: modules wired in series and modules wide are updated unless locked; the string window
 *   depends on both temperatures), and with `useCoolingTemp` on every inverter's kVA; the notices of
 *   spec 2 §8.4 come from the rules (domain `calculatePlant`). Nodes the rules leave unchanged keep
 *   their identity, so a plant that needs no change stays the same object (not dirty).
 */
import { finiteNumber, predictionSchema } from '@sunfield/domain';
import { fieldRange } from '@sunfield/domain/api/ranges.ts';
import { recalculate, type RuleContext } from '../../builder/model/fieldRules.ts';
import { asNodes } from '../../builder/model/plantEdit.ts';
import type { Json, PowerPlant, Prediction } from '../../model/types.ts';

/** Spec 2 §9.2: default search radius [mi] and ASHRAE version (AshraeVersionEnum 1 = 2021). */
export const ASHRAE_SEARCH_RADIUS_MILES = 50;
export const ASHRAE_VERSION_2021 = 1;
/** AshraeVersionEnum (spec 3): 0 = 2013, 1 = 2021. */
export const ASHRAE_VERSION_OPTIONS = [
  { value: '1', label: '2021' },
  { value: '0', label: '2013' },
] as const;

/** The spec 3 `Ashrae` answer, with the fields Sunfield adds (docs/site-conditions.md). */
export interface AshraeAnswer {
  stationName: string | null;
  wmo: string | null;
  cool996: number | null;
  min50Year: number | null;
  max50Year: number | null;
  minAnnualMeanDBTemp: number | null;
  /** metres */
  distance: number | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  timeZone: number | null;
  version: number | null;
  derived?: boolean;
  weatherId?: number;
  weatherName?: string;
  /** sample years of the annual extremes (1 for a typical year) */
  yearsOfRecord?: number;
  typicalYear?: boolean;
}

/** The design temperatures a prediction carries [°C]. */
export const SITE_TEMPERATURE_KEYS = ['min50Year', 'cool996', 'max50Year', 'minAnnualMeanDBTemp'] as const;

/** A field's range in the domain's `predictionSchema` (the one the server checks), in the stored units. */
const siteRange = (key: (typeof SITE_TEMPERATURE_KEYS)[number] | 'elevation') =>
  fieldRange(predictionSchema, key) ?? { min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY };

/** Valid ranges of the site fields, read from the domain's `predictionSchema`. */
export const SITE_RANGES = {
  min50Year: siteRange('min50Year'),
  cool996: siteRange('cool996'),
  max50Year: siteRange('max50Year'),
  minAnnualMeanDBTemp: siteRange('minAnnualMeanDBTemp'),
  elevation: siteRange('elevation'),
} as const;

const num = (value: unknown): number | null => finiteNumber(value) ?? null;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Whether the prediction has none of the site conditions: no station and no design temperature. */
export function hasNoSiteConditions(prediction: Json): boolean {
  return (
    text(prediction.ashraeStation) === '' && SITE_TEMPERATURE_KEYS.every((k) => num(prediction[k]) === null)
  );
}

/** The query of GET /ASHRAE for the project's location. */
export function ashraeQuery(
  latitude: number,
  longitude: number,
  version: unknown,
): { latitude: number; longitude: number; searchRadius: number; version: number } {
  const v = num(version);
  return {
    latitude,
    longitude,
    searchRadius: ASHRAE_SEARCH_RADIUS_MILES,
    version: v === 0 || v === 1 ? v : ASHRAE_VERSION_2021,
  };
}

/** The answer's distance in km (metres ÷ 1000, spec 2 §9.2), or null. */
export function ashraeDistanceKm(answer: Pick<AshraeAnswer, 'distance'>): number | null {
  const metres = num(answer.distance);
  return metres === null ? null : Math.round(metres) / 1000;
}

/**
 * The prediction fields a lookup fills: station, WMO code, distance [km], version and the four design
 * temperatures (a value the answer lacks leaves the prediction's). The elevation is filled only when
 * neither the prediction nor the project has one (the station's is the weather file's, not the site's).
 */
export function sitePatch(
  answer: AshraeAnswer,
  prediction: Json,
  projectElevation: unknown,
): Partial<Prediction> {
  const patch: Json = {};
  if (text(answer.stationName)) patch.ashraeStation = text(answer.stationName);
  patch.ashraeWMO = text(answer.wmo) || null;
  patch.ashraeDistance = ashraeDistanceKm(answer);
  const version = num(answer.version);
  patch.ashraeVersion = version === 0 || version === 1 ? version : ASHRAE_VERSION_2021;
  for (const key of SITE_TEMPERATURE_KEYS) {
    const value = num(answer[key]);
    if (value !== null) patch[key] = value;
  }
  const elevation = num(answer.elevation);
  if (num(prediction.elevation) === null && num(projectElevation) === null && elevation !== null)
    patch.elevation = elevation;
  return patch as Partial<Prediction>;
}

/** What started a lookup: the button, a weather file picked, or the page opened without site data. */
export type LookupTrigger = 'button' | 'weather' | 'open';

/**
 * Whether a lookup's answer replaces the prediction's site conditions. The button and the page opened
 * without any always take it. A weather file picked takes it when the prediction has none, or when its
 * values came from another station; it keeps values typed by hand (temperatures without a station)
 * and those of the same station (the user may have adjusted them).
 */
export function takesAnswer(prediction: Json, answer: AshraeAnswer, trigger: LookupTrigger): boolean {
  if (trigger !== 'weather' || hasNoSiteConditions(prediction)) return true;
  const station = text(prediction.ashraeStation);
  return station !== '' && station !== text(answer.stationName);
}

/** The two temperatures the builder's rules read [°C]. */
export interface DesignTemperatures {
  min50Year: number | null;
  cool996: number | null;
}

export const designTemperaturesOf = (prediction: Json): DesignTemperatures => ({
  min50Year: num(prediction.min50Year),
  cool996: num(prediction.cool996),
});

/** Whether the rules must run again: either temperature changed (and both are now set). */
export function temperaturesChanged(before: DesignTemperatures, after: DesignTemperatures): boolean {
  if (after.min50Year === null || after.cool996 === null) return false;
  return before.min50Year !== after.min50Year || before.cool996 !== after.cool996;
}

/** Module and inverter ids of the plant whose library record the rule context cannot give. */
export function missingRecords(
  plant: PowerPlant | null,
  ctx: Pick<RuleContext, 'moduleOf' | 'inverterOf'>,
): { moduleIds: number[]; inverterIds: number[] } {
  const modules = new Set<number>();
  const inverters = new Set<number>();
  for (const block of asNodes(plant?.blocks))
    for (const array of asNodes(block.arrays))
      for (const inverter of asNodes(array.inverters)) {
        const inverterId = num(inverter.inverterId);
        if (inverterId !== null && !ctx.inverterOf(inverter)) inverters.add(inverterId);
        for (const field of asNodes(inverter.dcFields)) {
          const moduleId = num(field.moduleId);
          if (moduleId !== null && !ctx.moduleOf(field)) modules.add(moduleId);
        }
      }
  return { moduleIds: [...modules], inverterIds: [...inverters] };
}

function sameValues(a: Json, b: Json): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && Object.is(a[key], b[key]));
}

/** Replaces the changed items of `list`, or answers `list` itself when none changed. */
function mapShared<T extends Json>(list: T[], change: (item: T) => T): T[] {
  let changed = false;
  const next = list.map((item) => {
    const out = change(item);
    if (out !== item) changed = true;
    return out;
  });
  return changed ? next : list;
}

export interface SiteRuleResult {
  plant: PowerPlant;
  notices: string[];
  /** DC fields and inverter nodes the rules changed */
  fieldsChanged: number;
  invertersChanged: number;
}

/**
 * Runs the builder's rules again on every DC field of the plant (and, with `useCoolingTemp`, on each
 * inverter's kVA) with the prediction's new design temperatures in `ctx.site`. Unchanged nodes keep
 * their identity; answers the notices of spec 2 §8.4 the rules gave.
 */
export function reapplySiteRules(plant: PowerPlant, ctx: RuleContext): SiteRuleResult {
  const notices = new Set<string>();
  let fieldsChanged = 0;
  let invertersChanged = 0;
  const blocks = mapShared(plant.blocks, (block) => {
    const arrays = mapShared(block.arrays, (array) => {
      const inverters = mapShared(array.inverters, (inverter) => {
        const fields = asNodes(inverter.dcFields);
        const result = recalculate(
          inverter,
          fields.map((_, i) => i),
          ctx,
        );
        const computed = asNodes(result.inverter.dcFields);
        let changed = 0;
        const dcFields = fields.map((field, i) => {
          const copy = computed[i];
          if (!copy || sameValues(field, copy)) return field;
          changed++;
          return copy;
        });
        const { dcFields: _new, ...ownNew } = result.inverter;
        const { dcFields: _old, ...ownOld } = inverter;
        const ownSame = sameValues(ownOld, ownNew);
        if (changed === 0 && ownSame) return inverter;
        for (const notice of result.notices) notices.add(notice);
        fieldsChanged += changed;
        if (!ownSame) invertersChanged++;
        return { ...(ownSame ? inverter : result.inverter), dcFields } as typeof inverter;
      });
      return inverters === array.inverters ? array : { ...array, inverters };
    });
    return arrays === block.arrays ? block : { ...block, arrays };
  });
  return {
    plant: blocks === plant.blocks ? plant : { ...plant, blocks },
    notices: [...notices],
    fieldsChanged,
    invertersChanged,
  };
}

/** The rule context with the design temperatures `temperatures`. */
export function withTemperatures(ctx: RuleContext, temperatures: DesignTemperatures): RuleContext {
  return { ...ctx, site: { ...ctx.site, ...temperatures } };
}
