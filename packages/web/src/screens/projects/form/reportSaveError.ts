/**
 * A failed create or save: 400 field messages go under the fields (what was typed stays), anything
 * else is reported through the error notification (spec 2 §8.1-8.2).
 */
import { splitFormErrors } from '../../../lib/formErrors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { PROJECT_FIELDS } from '../model/form.ts';
import type { ProjectForm } from './useProjectForm.ts';

export function reportSaveError(error: unknown, form: Pick<ProjectForm, 'showFieldErrors'>): void {
  const { fields, general } = splitFormErrors(error, PROJECT_FIELDS);
  form.showFieldErrors(fields);
  if (general.length) notifyError(general.join('\n'));
  else if (!Object.keys(fields).length) notifyError(error instanceof Error ? error.message : String(error));
}
