/** Nodal Export Options (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function NodalExportOptionsPage() {
  return <Text c="dimmed">Nodal Export Options: coming soon.</Text>;
}
