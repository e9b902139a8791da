/**
 * The project's predictions as a table (spec 1 §2 project page): a compare checkbox, name (link to its
 * overview), status, processing status (with the percent while running), DC and AC size [MW], last
 * run and first-year P50 energy [MWh], and a menu of row actions (Rename, Clone, Delete; rename and
 * delete only for predictions the user may edit).
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  Menu,
  Progress,
  Stack,
  Table,
  VisuallyHidden,
} from '@mantine/core';
import { predictionStatusLabel } from '@sunfield/domain';
import { Link } from 'react-router';
import { formatDateTime } from '../../projects/model/format.ts';
import { isProcessing, PROCESSING, type PredictionListItem } from '../model/types.ts';
import { COMPARE_MAX, formatEnergyMwh, formatSizeMw, overviewHref, processingText } from './model.ts';

export type RowAction = 'rename' | 'clone' | 'delete';

interface Props {
  projectId: number;
  predictions: PredictionListItem[];
  selected: number[];
  onToggle: (id: number) => void;
  onAction: (action: RowAction, prediction: PredictionListItem) => void;
  cloning: number | null;
}

const PROCESSING_COLORS: Record<number, string> = { 1: 'blue', 2: 'blue', 3: 'green', 4: 'red', 5: 'orange' };

function ProcessingCell({ prediction }: { prediction: PredictionListItem }) {
  const status = prediction.processingStatus ?? PROCESSING.None;
  const text = processingText(status, prediction.percentComplete);
  return (
    <Stack gap={4}>
      <Badge
        variant="light"
        color={PROCESSING_COLORS[status] ?? 'gray'}
        title={prediction.processingMessage ?? undefined}
      >
        {text}
      </Badge>
      {isProcessing(status) && (
        <Progress
          value={Number(prediction.percentComplete ?? 0)}
          size="sm"
          w={96}
          animated
          aria-label={`${prediction.name} run progress`}
        />
      )}
    </Stack>
  );
}

export function PredictionListTable({
  projectId,
  predictions,
  selected,
  onToggle,
  onAction,
  cloning,
}: Props) {
  const full = selected.length >= COMPARE_MAX;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Predictions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Compare</VisuallyHidden>
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Processing</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>DC size</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>AC size</Table.Th>
            <Table.Th>Last run</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>P50 energy</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {predictions.map((prediction) => {
            const checked = selected.includes(prediction.id);
            return (
              <Table.Tr key={prediction.id} data-testid={`prediction-row-${prediction.id}`}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${prediction.name} to compare`}
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(prediction.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={overviewHref(projectId, prediction.id)} fw={500}>
                    {prediction.name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {predictionStatusLabel(prediction.status)}
                </Table.Td>
                <Table.Td>
                  <ProcessingCell prediction={prediction} />
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatSizeMw(prediction.dcCapacityKw)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatSizeMw(prediction.acCapacityKw)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(prediction.runCompletedDateTimeUTC)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatEnergyMwh(prediction.p50EnergyMwh)}
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Actions for ${prediction.name}`}
                          loading={cloning === prediction.id}
                        >
                          ⋯
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          disabled={prediction.isReadOnly}
                          onClick={() => onAction('rename', prediction)}
                        >
                          Rename
                        </Menu.Item>
                        <Menu.Item onClick={() => onAction('clone', prediction)}>Clone</Menu.Item>
                        <Menu.Item
                          color="red"
                          disabled={prediction.isReadOnly}
                          onClick={() => onAction('delete', prediction)}
                        >
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
