/** Results (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function ResultsOverviewPage() {
  return <Text c="dimmed">Results: coming soon.</Text>;
}
