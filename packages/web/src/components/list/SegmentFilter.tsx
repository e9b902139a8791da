/** A filter of few choices as a segmented control (project status; owner: My … / All …). */
import { SegmentedControl } from '@mantine/core';

interface Props<T extends string> {
  ariaLabel: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}

export function SegmentFilter<T extends string>({ ariaLabel, options, labels, value, onChange }: Props<T>) {
  return (
    <SegmentedControl
      aria-label={ariaLabel}
      data={options.map((option) => ({ value: option, label: labels[option] }))}
      value={value}
      onChange={(next) => onChange(next as T)}
    />
  );
}
