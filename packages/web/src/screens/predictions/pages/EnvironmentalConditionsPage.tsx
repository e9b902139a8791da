/** Environmental Conditions (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function EnvironmentalConditionsPage() {
  return <Text c="dimmed">Environmental Conditions: coming soon.</Text>;
}
