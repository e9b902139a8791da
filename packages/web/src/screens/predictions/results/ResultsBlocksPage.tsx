/** Blocks (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function ResultsBlocksPage() {
  return <Text c="dimmed">Blocks: coming soon.</Text>;
}
