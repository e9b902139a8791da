/** Compare Predictions (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function CompareScreen() {
  return <Text c="dimmed">Compare Predictions: coming soon.</Text>;
}
