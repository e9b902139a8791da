/** What Parse found in the file: format, provider, interval, time stamps, rows, columns. */
import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import {
  formatInterval,
  formatLabel,
  formatNumber,
  formatTimestamp,
  providerLabel,
  seriesLabel,
  timestampDefinitionLabel,
} from '../model/format.ts';
import type { WeatherFileInfo } from '../model/types.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

export function FileInfo({ info, fileName }: { info: WeatherFileInfo; fileName: string }) {
  const years = Array.isArray(info.years) ? info.years.join(', ') : info.years ? String(info.years) : '--';
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" aria-label="File information">
        <Fact label="File" value={fileName} />
        <Fact label="Format" value={formatLabel(info.format)} />
        <Fact label="Provider" value={providerLabel(info.dataProvider)} />
        <Fact label="Interval" value={formatInterval(info.timeInterval)} />
        <Fact label="First time stamp" value={formatTimestamp(info.firstTimestamp)} />
        <Fact label="Last time stamp" value={formatTimestamp(info.lastTimestamp)} />
        <Fact label="Rows" value={formatNumber(info.rowCount, 0)} />
        <Fact label="Years" value={years} />
        <Fact label="Time stamps (file)" value={timestampDefinitionLabel(info.timestampDefinition)} />
      </SimpleGrid>
      {info.columns && info.columns.length > 0 && (
        <Group gap={6} mt="sm" aria-label="Columns found">
          {info.columns.map((column) => (
            <Badge
              key={`${column.key}-${column.header ?? ''}`}
              variant="light"
              title={column.header ?? undefined}
            >
              {seriesLabel(column.key)}
              {column.unit ? ` (${column.unit})` : ''}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
