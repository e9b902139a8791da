/**
 * A select that is read-only must look it (issue 16): Mantine keeps its border and chevron, and
 * styles/readOnly.css cannot tell it from a select that is merely not searchable (both are read-only
 * inputs to the browser). Spread onto a Select: the filled variant and no chevron when read-only.
 */
import type { SelectProps } from '@mantine/core';

export function readOnlySelect(
  readOnly: boolean,
): Pick<SelectProps, 'readOnly' | 'variant' | 'rightSection'> {
  return readOnly
    ? { readOnly: true, variant: 'filled', rightSection: <span aria-hidden /> }
    : { readOnly: false };
}
