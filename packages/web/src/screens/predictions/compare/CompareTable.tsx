/**
 * A comparison table: one row per compared value, one column per prediction. Rows whose values
 * differ are highlighted and say so ('Differs', readable by assistive technology and the tests).
 */
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CompareRow } from './model.ts';

export interface ComparedPrediction {
  id: number;
  name: string;
  href: string;
}

export function CompareTable({
  label,
  rows,
  predictions,
  highlight = true,
  labelWidth = 240,
}: {
  label: string;
  rows: readonly CompareRow[];
  predictions: readonly ComparedPrediction[];
  /** mark the rows that differ */
  highlight?: boolean;
  labelWidth?: number;
}) {
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        Nothing to show.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={labelWidth + predictions.length * 200}>
      <Table verticalSpacing={4} fz="sm" aria-label={label} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={labelWidth} />
            {predictions.map((p) => (
              <Table.Th key={p.id}>
                <Anchor component={Link} to={p.href} size="sm" fw={600}>
                  {p.name}
                </Anchor>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const marked = highlight && row.differs;
            return (
              <Table.Tr
                key={row.key}
                data-differs={marked || undefined}
                bg={marked ? 'var(--mantine-color-yellow-0)' : undefined}
              >
                <Table.Td fw={500}>
                  <Group gap={6} wrap="nowrap">
                    <span>{row.label}</span>
                    {marked && (
                      <Badge size="xs" color="yellow" variant="light" style={{ flexShrink: 0 }}>
                        Differs
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {row.values.map((value, k) => (
                  <Table.Td
                    key={predictions[k]?.id ?? k}
                    fw={marked && value !== row.values[0] ? 600 : undefined}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {value}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
