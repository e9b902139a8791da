/**
 * The library status filter (spec 1 §6: defaults to Active and Global, set by the caller): a
 * multi-select of the asset statuses with their labels from the definitions. An empty choice means
 * every status.
 */
import { MultiSelect } from '@mantine/core';
import { ASSET_STATUS } from '@sunfield/domain';
import { assetStatusLabel } from './assetStatus.ts';

/** The statuses a library list offers (string sizing is not a library status users filter by). */
export const LIBRARY_FILTER_STATUSES: readonly number[] = [
  ASSET_STATUS.DraftPrivate,
  ASSET_STATUS.DraftShared,
  ASSET_STATUS.Active,
  ASSET_STATUS.Retired,
  ASSET_STATUS.Global,
  ASSET_STATUS.GlobalRetired,
];

interface Props {
  value: readonly number[];
  onChange: (statuses: number[]) => void;
  label?: string;
  w?: number | string;
}

export function StatusFilter({ value, onChange, label = 'Status', w = 320 }: Props) {
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : 'All statuses'}
      data={LIBRARY_FILTER_STATUSES.map((id) => ({ value: String(id), label: assetStatusLabel(id) }))}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      clearable
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
