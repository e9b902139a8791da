/** The simulated year a result page shows (only when the run has more than one). */
import { Select } from '@mantine/core';
import type { YearRow } from '../model/summary.ts';

export function YearSelect({
  years,
  value,
  onChange,
}: {
  years: readonly YearRow[];
  value: number;
  onChange: (index: number) => void;
}) {
  if (years.length < 2) return null;
  return (
    <Select
      label="Year"
      w={200}
      allowDeselect={false}
      data={years.map((y) => ({ value: String(y.index), label: y.label }))}
      value={String(value)}
      onChange={(v) => v !== null && onChange(Number(v))}
    />
  );
}
