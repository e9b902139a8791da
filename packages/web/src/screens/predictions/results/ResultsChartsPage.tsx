/** Charts (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function ResultsChartsPage() {
  return <Text c="dimmed">Charts: coming soon.</Text>;
}
