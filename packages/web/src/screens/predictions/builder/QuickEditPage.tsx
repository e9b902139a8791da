/** Quick Edit (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function QuickEditPage() {
  return <Text c="dimmed">Quick Edit: coming soon.</Text>;
}
