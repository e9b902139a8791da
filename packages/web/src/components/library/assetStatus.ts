/** Asset status labels and badge colours of the library screens (labels from the definitions). */
import { ASSET_STATUS, definitionLabel } from '@sunfield/domain';

export function assetStatusLabel(status: number | null | undefined): string {
  return definitionLabel('LibraryStatusEnum', status ?? ASSET_STATUS.Unknown) ?? 'Unknown';
}

export const ASSET_STATUS_COLOR: Record<number, string> = {
  [ASSET_STATUS.Unknown]: 'gray',
  [ASSET_STATUS.DraftPrivate]: 'yellow',
  [ASSET_STATUS.DraftShared]: 'orange',
  [ASSET_STATUS.Active]: 'teal',
  [ASSET_STATUS.Retired]: 'gray',
  [ASSET_STATUS.Global]: 'blue',
  [ASSET_STATUS.GlobalRetired]: 'gray',
  [ASSET_STATUS.STRING_SIZING]: 'violet',
};
