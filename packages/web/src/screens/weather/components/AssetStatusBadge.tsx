import { Badge } from '@mantine/core';
import { UNTRUNCATED_BADGE } from '../../../components/library/AssetStatusBadge.tsx';
import { statusLabel } from '../model/format.ts';

const COLOR: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'cyan',
  3: 'teal',
  4: 'gray',
  5: 'violet',
  6: 'gray',
  10: 'orange',
};

/** 'Draft-Private', 'Active', 'Global', … */
export function AssetStatusBadge({ status }: { status: number | null | undefined }) {
  return (
    <Badge color={COLOR[status ?? 0] ?? 'gray'} variant="light" {...UNTRUNCATED_BADGE}>
      {statusLabel(status)}
    </Badge>
  );
}
