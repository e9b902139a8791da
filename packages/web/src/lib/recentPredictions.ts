/**
 * Recent and favourite predictions (spec 2 §9.2): at most 5 entries each, kept in local storage
 * per user; only entries with an integer id, an integer projectId and a name are accepted.
 */
import { createStore, useStore } from './store.ts';

export interface PredictionLink {
  id: number;
  projectId: number;
  name: string;
}

export type PredictionListKind = 'recent' | 'favorite';

export const PREDICTION_LIST_MAX = 5;

export function storageKey(kind: PredictionListKind, userId: string): string {
  return `sunfield.${kind}Predictions.${userId}`;
}

export function isPredictionLink(value: unknown): value is PredictionLink {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    Number.isInteger(entry.id) &&
    Number.isInteger(entry.projectId) &&
    typeof entry.name === 'string' &&
    entry.name.trim().length > 0
  );
}

/** Keeps the valid entries, first occurrence of each id, at most 5. */
export function sanitizePredictionList(raw: unknown): PredictionLink[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const list: PredictionLink[] = [];
  for (const value of raw) {
    if (!isPredictionLink(value) || seen.has(value.id)) continue;
    seen.add(value.id);
    list.push({ id: value.id, projectId: value.projectId, name: value.name });
    if (list.length === PREDICTION_LIST_MAX) break;
  }
  return list;
}

/** The list with `entry` first (moved there if present). */
export function pushPrediction(list: readonly PredictionLink[], entry: PredictionLink): PredictionLink[] {
  return sanitizePredictionList([entry, ...list.filter((item) => item.id !== entry.id)]);
}

/** Bumped on every write so that menus re-read the lists. */
const version = createStore(0);

export function readPredictionList(kind: PredictionListKind, userId: string): PredictionLink[] {
  try {
    return sanitizePredictionList(JSON.parse(localStorage.getItem(storageKey(kind, userId)) ?? '[]'));
  } catch {
    return [];
  }
}

function write(kind: PredictionListKind, userId: string, list: PredictionLink[]): void {
  try {
    localStorage.setItem(storageKey(kind, userId), JSON.stringify(list));
  } catch {
    // storage full or disabled: the menu simply stays as it was
  }
  version.set((n) => n + 1);
}

/** Records an opened prediction in the user's recent list. */
export function addRecentPrediction(userId: string, entry: PredictionLink): void {
  if (!isPredictionLink(entry)) return;
  write('recent', userId, pushPrediction(readPredictionList('recent', userId), entry));
}

/** Adds or removes a favourite; returns whether it is now a favourite. */
export function toggleFavoritePrediction(userId: string, entry: PredictionLink): boolean {
  const list = readPredictionList('favorite', userId);
  if (list.some((item) => item.id === entry.id)) {
    write(
      'favorite',
      userId,
      list.filter((item) => item.id !== entry.id),
    );
    return false;
  }
  write('favorite', userId, pushPrediction(list, entry));
  return true;
}

export function removePrediction(kind: PredictionListKind, userId: string, id: number): void {
  write(
    kind,
    userId,
    readPredictionList(kind, userId).filter((item) => item.id !== id),
  );
}

export function usePredictionList(
  kind: PredictionListKind,
  userId: string | null | undefined,
): PredictionLink[] {
  useStore(version);
  return userId ? readPredictionList(kind, userId) : [];
}

/** The overview page of a prediction (route name prediction.overview). */
export function predictionOverviewPath(entry: PredictionLink): string {
  return `/projects/${entry.projectId}/prediction/${entry.id}/overview`;
}
