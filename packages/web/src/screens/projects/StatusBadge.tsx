import { Badge } from '@mantine/core';
import { projectStatusLabel } from './model/format.ts';

const COLOR: Record<number, string> = { 0: 'teal', 1: 'gray', 2: 'violet' };

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge color={COLOR[status] ?? 'gray'} variant="light">
      {projectStatusLabel(status)}
    </Badge>
  );
}
