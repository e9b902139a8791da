/** A Latitude or Longitude field: decimal or degrees-minutes-seconds, the parsed value shown below. */
import { TextInput } from '@mantine/core';
import { formatLatitudeDMS, formatLongitudeDMS } from '@sunfield/domain';
import type { ProjectForm } from './useProjectForm.ts';

export function CoordinateInput({ form, field }: { form: ProjectForm; field: 'latitude' | 'longitude' }) {
  const value = form.point[field];
  const format = field === 'latitude' ? formatLatitudeDMS : formatLongitudeDMS;
  return (
    <TextInput
      label={field === 'latitude' ? 'Latitude' : 'Longitude'}
      placeholder={field === 'latitude' ? `39.5 or 39° 30' 0" N` : `-98.35 or 98° 21' 0" W`}
      required
      value={form.values[field]}
      onChange={(event) => form.change(field, event.currentTarget.value)}
      onBlur={() => form.blur(field)}
      error={form.errors[field]}
      description={
        value !== null && !form.errors[field] ? format(value) : 'Decimal degrees or degrees, minutes, seconds'
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autoComplete="off"
    />
  );
}
