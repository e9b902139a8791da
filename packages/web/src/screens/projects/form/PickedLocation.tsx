/** Country and time zone of the point in the form, looked up in the background. */
import { Group, Text } from '@mantine/core';
import { formatPlace, formatTimeZone } from '../model/format.ts';
import { useGeoInfo } from '../queries.ts';
import type { Point } from './useProjectForm.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={`picked-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </div>
  );
}

export function PickedLocation({ point }: { point: Point }) {
  const { location, timeZone } = useGeoInfo(point.latitude, point.longitude);
  if (point.latitude === null || point.longitude === null) {
    return (
      <Text size="sm" c="dimmed">
        Click the map or enter coordinates to place the project.
      </Text>
    );
  }
  const loading = '…';
  return (
    <Group gap="xl" align="flex-start">
      <Fact label="Country" value={location.isPending ? loading : formatPlace(location.data) || '--'} />
      <Fact label="Time zone" value={timeZone.isPending ? loading : formatTimeZone(timeZone.data)} />
    </Group>
  );
}
