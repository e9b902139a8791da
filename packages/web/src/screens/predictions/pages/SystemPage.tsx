/** System (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function SystemPage() {
  return <Text c="dimmed">System: coming soon.</Text>;
}
