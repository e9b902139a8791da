/** The project's predictions; running and editing them arrive with the prediction screens. */
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, predictionStatusLabel } from '../model/format.ts';
import type { PredictionSummary } from '../model/types.ts';

export function PredictionsSection({ predictions }: { predictions: PredictionSummary[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="predictions-heading">
      <Stack gap="sm">
        <Title order={3} id="predictions-heading">
          Predictions
        </Title>
        {predictions.length === 0 ? (
          <Text c="dimmed">No predictions yet.</Text>
        ) : (
          <Table highlightOnHover aria-label="Predictions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last modified</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {predictions.map((prediction) => (
                <Table.Tr key={prediction.id}>
                  <Table.Td>{prediction.name}</Table.Td>
                  <Table.Td>{predictionStatusLabel(prediction.status)}</Table.Td>
                  <Table.Td>{formatDateTime(prediction.lastModified)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
