/** Model Choices (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function ModelChoicesPage() {
  return <Text c="dimmed">Model Choices: coming soon.</Text>;
}
