/** The discard-changes confirmation (spec 1 §2): 'You have unsaved changes…' with Discard and Cancel. */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { markFormClean } from '../lib/dirtyForm.ts';

export const DISCARD_TITLE = 'Unsaved changes';
export const DISCARD_MESSAGE = 'You have unsaved changes. Do you want to discard them and leave this page?';

let open = false;

/** Resolves true when the user discards the changes (the dirty flag is then cleared). */
export function confirmDiscardChanges(): Promise<boolean> {
  if (open) return Promise.resolve(false);
  open = true;
  return new Promise((resolve) => {
    const finish = (discard: boolean) => {
      open = false;
      if (discard) markFormClean();
      resolve(discard);
    };
    modals.openConfirmModal({
      title: DISCARD_TITLE,
      centered: true,
      children: <Text size="sm">{DISCARD_MESSAGE}</Text>,
      labels: { confirm: 'Discard', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => finish(true),
      onCancel: () => finish(false),
      onClose: () => {
        if (open) finish(false);
      },
    });
  });
}
