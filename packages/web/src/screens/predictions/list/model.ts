/**
 * How a project's prediction list reads (pure, unit-tested): sizes in MW (kW ÷ 1000, 2 decimals,
 * spec 2 §9.2), P50 energy in MWh, the processing state with its percent while running, the name
 * rule of the New Prediction and Rename modals, and the compare selection (2 to 6 predictions).
 */
import { formatNumber, formatPowerMW, PREDICTION_NAME_MAX } from '@sunfield/domain';
import { PROCESSING, processingLabel } from '../model/types.ts';

/** Compare takes 2 to 6 predictions (spec 1 §2 compare). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 6;

/** '12.35 MW'; '--' without a plant. */
export const formatSizeMw = (kW: number | null | undefined): string => formatPowerMW(kW ?? null);

/** '152,345.68 MWh' (first-year P50 net energy); '--' before a successful run. */
export function formatEnergyMwh(mwh: number | null | undefined): string {
  if (typeof mwh !== 'number' || !Number.isFinite(mwh)) return '--';
  const [whole, fraction] = formatNumber(mwh, 2).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction} MWh`;
}

/** 'Running 42 %', 'Queued', 'Success', 'Not run'… */
export function processingText(
  status: number | null | undefined,
  percent: number | null | undefined,
): string {
  const label = processingLabel(status);
  if (status === PROCESSING.Running && typeof percent === 'number' && Number.isFinite(percent))
    return `${label} ${Math.round(percent)} %`;
  return label;
}

export const NAME_REQUIRED = 'Name is required.';
export const NAME_TOO_LONG = `Name must be at most ${PREDICTION_NAME_MAX} characters.`;

/** The problem with a prediction name, or null (required, at most 200 characters). */
export function predictionNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return NAME_REQUIRED;
  if (trimmed.length > PREDICTION_NAME_MAX) return NAME_TOO_LONG;
  return null;
}

/** Toggles an id in the compare selection, keeping the list order and at most 6 ids. */
export function toggleCompare(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id);
  if (selected.length >= COMPARE_MAX) return [...selected];
  return [...selected, id];
}

export const canCompare = (selected: readonly number[]): boolean =>
  selected.length >= COMPARE_MIN && selected.length <= COMPARE_MAX;

/** /projects/{id}/compare?ids=1,2 */
export const compareHref = (projectId: number, ids: readonly number[]): string =>
  `/projects/${projectId}/compare?ids=${ids.join(',')}`;

/** The prediction's overview page. */
export const overviewHref = (projectId: number, predictionId: number): string =>
  `/projects/${projectId}/prediction/${predictionId}/overview`;
