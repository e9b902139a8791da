/** Overview (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function OverviewPage() {
  return <Text c="dimmed">Overview: coming soon.</Text>;
}
