/** The project form: Name, Description, Latitude, Longitude and the map to pick the point. */
import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { LocationMap } from '../../../components/map/LocationMap.tsx';
import { NAME_MAX_LENGTH } from '../model/form.ts';
import { CoordinateInput } from './CoordinateInput.tsx';
import { PickedLocation } from './PickedLocation.tsx';
import type { ProjectForm } from './useProjectForm.ts';

export function ProjectFormFields({ form, mapHeight = 420 }: { form: ProjectForm; mapHeight?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={form.values.name}
          onChange={(event) => form.change('name', event.currentTarget.value)}
          onBlur={() => form.blur('name')}
          error={form.errors.name}
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={form.values.description}
          onChange={(event) => form.change('description', event.currentTarget.value)}
          onBlur={() => form.blur('description')}
          error={form.errors.description}
        />
        <CoordinateInput form={form} field="latitude" />
        <CoordinateInput form={form} field="longitude" />
        <PickedLocation point={form.point} />
      </Stack>
      <LocationMap
        latitude={form.point.latitude}
        longitude={form.point.longitude}
        onPick={form.pick}
        height={mapHeight}
        label="Project location map"
      />
    </SimpleGrid>
  );
}
