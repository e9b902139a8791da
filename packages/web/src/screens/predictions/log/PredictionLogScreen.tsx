/** Prediction Log (placeholder until its page is built). */
import { Text } from '@mantine/core';

export function PredictionLogScreen() {
  return <Text c="dimmed">Prediction Log: coming soon.</Text>;
}
