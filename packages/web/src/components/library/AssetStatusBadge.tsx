/** A library asset's status as a badge (Draft-Private, Active, Global …). */
import { Badge } from '@mantine/core';
import { ASSET_STATUS_COLOR, assetStatusLabel } from './assetStatus.ts';

export function AssetStatusBadge({ status }: { status: number | null | undefined }) {
  return (
    <Badge color={ASSET_STATUS_COLOR[status ?? 0] ?? 'gray'} variant="light">
      {assetStatusLabel(status)}
    </Badge>
  );
}
