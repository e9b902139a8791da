/** A two-column table of facts (label, value) with its caption as the accessible name. */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function FactTable({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table aria-label={label} verticalSpacing={4} withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={500} c="dimmed" w="45%" style={{ verticalAlign: 'top' }}>
              {name}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
