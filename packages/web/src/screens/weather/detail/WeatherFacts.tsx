/** Where and when: provider, location, elevation, time zone, period, interval, timestamp definition. */
import { SimpleGrid, Text } from '@mantine/core';
import { formatLatitudeDMS, formatLongitudeDMS } from '@sunfield/domain';
import {
  formatInterval,
  formatLabel,
  formatNumber,
  formatPeriod,
  formatUtcOffset,
  providerLabel,
  timestampDefinitionLabel,
} from '../model/format.ts';
import { useUnits } from '../../../lib/units.tsx';
import { annualGhi } from '../model/summary.ts';
import type { Weather } from '../model/types.ts';
import { TimestampSelect } from './TimestampSelect.tsx';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function WeatherFacts({ weather, editable = false }: { weather: Weather; editable?: boolean }) {
  const units = useUnits();
  const ghi = annualGhi(weather.summary, weather.globalHorizontalIrradianceSum ?? weather.ghiAnnual);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
      <Fact label="Provider" value={providerLabel(weather.dataProvider)} />
      <Fact label="Format" value={formatLabel(weather.format)} />
      <Fact label="Latitude" value={formatLatitudeDMS(weather.latitude)} />
      <Fact label="Longitude" value={formatLongitudeDMS(weather.longitude)} />
      <Fact
        label="Elevation"
        value={units.format('elevation', weather.elevation)}
        testId="weather-elevation"
      />
      <Fact label="Time zone" value={formatUtcOffset(weather.timeZone)} />
      <Fact label="Period" value={formatPeriod(weather)} />
      <Fact label="Interval" value={formatInterval(weather.timeInterval)} />
      {editable ? (
        <TimestampSelect weather={weather} />
      ) : (
        <Fact label="Time stamps" value={timestampDefinitionLabel(weather.timestampDefinition)} />
      )}
      <Fact label="Rows" value={formatNumber(weather.rowCount, 0)} />
      <Fact
        label="Annual GHI"
        value={ghi === null ? '--' : `${formatNumber(ghi, 1)} kWh/m²`}
        testId="annual-ghi"
      />
      <Fact label="Owner" value={weather.ownerName ?? '--'} />
    </SimpleGrid>
  );
}
