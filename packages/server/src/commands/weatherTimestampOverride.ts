/**
 * The user's override of what a stored weather's time stamps mark (issue 17; spec 3
 * `timestampDefinition`): interval end, begin or middle, or instantaneous values. The reader's own
 * choice stays in `timestampDefinitionOriginal` (written once, at import), so the override can be
 * undone and the weather page can show both. The stamps themselves stay as stored: only the instant
 * the sun is computed for, and the day and hour each record belongs to, follow the definition — so
 * the summary, the charts and the period are recomputed, as when an import is finalized with a
 * corrected definition.
 */
import { weatherPeriod } from '@sunfield/engine/weather/typicalYear.ts';
import type { Db } from '../db/index.ts';
import { loadWeatherData, updateWeatherRow, weatherMetaOf, type WeatherRow } from '../models/weather.ts';
import { TIMESTAMP_DEFINITION_BY_ID } from './weatherImport.ts';
import { digestWeather } from './weatherCharts.ts';

/**
 * Sets the weather's timestamp definition to WeatherTimestampDefinitionEnum `id` (1 end, 2 begin,
 * 3 middle, 4 instantaneous; the route has checked the range). Returns the row unchanged when the
 * definition is already that one.
 */
export async function overrideTimestampDefinition(db: Db, row: WeatherRow, id: number): Promise<WeatherRow> {
  const definition = TIMESTAMP_DEFINITION_BY_ID[id];
  const meta = weatherMetaOf(row);
  if (!definition || definition === meta.timestampDefinition) return row;
  const weather = await loadWeatherData(db, row.id);
  if (!weather) return row;
  weather.meta = { ...weather.meta, timestampDefinition: definition };
  const period = weatherPeriod(weather);
  const digest = digestWeather(weather);
  const stored = row.data as Record<string, unknown> & { meta?: Record<string, unknown> };
  return updateWeatherRow(db, row.id, {
    ...(period ? { startDate: new Date(period.start), endDate: new Date(period.end) } : {}),
    data: {
      ...stored,
      ...digest.aggregates,
      summary: digest.summary,
      meta: { ...stored.meta, timestampDefinition: definition },
    },
    state: { ...(row.state as Record<string, unknown>), charts: digest.charts },
  });
}
