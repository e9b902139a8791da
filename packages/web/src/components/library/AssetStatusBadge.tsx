/** A library asset's status as a badge (Draft-Private, Active, Global …). */
import { Badge } from '@mantine/core';
import { ASSET_STATUS_COLOR, assetStatusLabel } from './assetStatus.ts';

/**
 * A badge's label ellipsizes by default, so a narrow table column showed 'GL…' (issue 16): the label
 * keeps its full width and the badge does not shrink, so the column is at least as wide as its word.
 */
export const UNTRUNCATED_BADGE = {
  style: { flexShrink: 0, overflow: 'visible' },
  styles: { label: { overflow: 'visible', textOverflow: 'clip' } },
} as const;

export function AssetStatusBadge({ status }: { status: number | null | undefined }) {
  return (
    <Badge color={ASSET_STATUS_COLOR[status ?? 0] ?? 'gray'} variant="light" {...UNTRUNCATED_BADGE}>
      {assetStatusLabel(status)}
    </Badge>
  );
}
