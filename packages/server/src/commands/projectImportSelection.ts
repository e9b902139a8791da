/**
 * The predictions of a project export chosen for an import (POST /Project/{id}/ImportPredictions
 * ?predictions=0,2): the document keeps only those predictions, and its library only the modules,
 * inverters and weathers they use, so that nothing the chosen predictions do not need is copied.
 * Works on the raw document before it is checked; a document that is not an export is left as it is
 * (the import's checks report it).
 */
import { plantEquipmentIds } from '@sunfield/domain';
import { badRequest } from '../lib/errors.ts';
import { IMPORT_FAILED } from './projectTransfer.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** '0,2' → [0, 2]; a 400 naming predictions for anything but whole numbers. */
export function parseSelection(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const text = Array.isArray(raw) ? raw.join(',') : String(raw);
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > 500 || parts.some((part) => !/^\d{1,4}$/.test(part)))
    throw badRequest(IMPORT_FAILED, { predictions: ['Predictions must be a list of prediction numbers.'] });
  return [...new Set(parts.map(Number))];
}

export function selectPredictions(body: unknown, indexes: readonly number[]): unknown {
  if (!isObject(body) || !Array.isArray(body.predictions)) return body;
  const all = body.predictions as unknown[];
  const outside = indexes.filter((i) => i >= all.length);
  if (outside.length)
    throw badRequest(IMPORT_FAILED, {
      predictions: [`The file has ${all.length} predictions: ${outside.join(', ')} is not one of them.`],
    });
  if (indexes.length === 0)
    throw badRequest(IMPORT_FAILED, { predictions: ['Choose at least one prediction.'] });
  const chosen = indexes.map((i) => all[i]);
  const modules = new Set<unknown>();
  const inverters = new Set<unknown>();
  const weathers = new Set<unknown>();
  for (const item of chosen) {
    if (!isObject(item)) continue;
    if (isObject(item.prediction)) weathers.add(item.prediction.weatherId);
    if (isObject(item.powerPlant)) {
      const ids = plantEquipmentIds(item.powerPlant);
      ids.modules.forEach((id) => modules.add(id));
      ids.inverters.forEach((id) => inverters.add(id));
    }
  }
  const library = isObject(body.library) ? body.library : {};
  const keep = (list: unknown, ids: Set<unknown>) =>
    Array.isArray(list) ? list.filter((record) => isObject(record) && ids.has(record.id)) : list;
  return {
    ...body,
    predictions: chosen,
    library: {
      ...library,
      modules: keep(library.modules, modules),
      inverters: keep(library.inverters, inverters),
      weathers: keep(library.weathers, weathers),
    },
  };
}
