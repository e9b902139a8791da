/** Table (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function ResultsTablePage() {
  return <Text c="dimmed">Table: coming soon.</Text>;
}
