/** Block Array Builder (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function BlockArrayBuilderPage() {
  return <Text c="dimmed">Block Array Builder: coming soon.</Text>;
}
