import { Center, Paper, Text } from '@mantine/core';

/** Shown instead of the map when the browser cannot draw it (no WebGL); the fields still work. */
export function MapUnavailable({ height }: { height: number | string }) {
  return (
    <Paper withBorder h={height} bg="gray.0">
      <Center h="100%" p="md">
        <Text c="dimmed" size="sm" ta="center">
          Map unavailable. Enter the latitude and longitude in the fields.
        </Text>
      </Center>
    </Paper>
  );
}
