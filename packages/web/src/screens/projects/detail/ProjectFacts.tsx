/** Where the project is: place, coordinates (DMS with decimal), time zone with UTC offset, elevation. */
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatLatitudeDMS, formatLongitudeDMS } from '@sunfield/domain';
import { formatDateTime, formatElevation, formatPlace, formatTimeZone } from '../model/format.ts';
import type { Project } from '../model/types.ts';
import { useUnitSystem } from '../../../auth/hooks.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function ProjectFacts({ project }: { project: Project }) {
  const units = useUnitSystem();
  const elevation = formatElevation(project.elevation, units);
  const owner = [project.owner?.firstName, project.owner?.lastName].filter(Boolean).join(' ');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Fact label="Location">{formatPlace(project) || '--'}</Fact>
      <Fact label="Coordinates">
        {formatLatitudeDMS(project.latitude)}
        <br />
        {formatLongitudeDMS(project.longitude)}
      </Fact>
      <Fact label="Time zone">{formatTimeZone(project)}</Fact>
      {elevation && <Fact label="Elevation">{elevation}</Fact>}
      {owner && <Fact label="Owner">{owner}</Fact>}
      <Fact label="Last modified">{formatDateTime(project.lastModified)}</Fact>
    </SimpleGrid>
  );
}
