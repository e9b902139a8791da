/**
 * prediction/{id}/environmental-conditions (spec 1 §2): the 12 monthly soiling losses, albedos and
 * spectral shifts with their chart, and the horizon profile with its chart. Edits go into the draft
 * (the header's Save sends them); read-only predictions show everything disabled.
 */
import { Stack } from '@mantine/core';
import { HorizonCard } from './settings/HorizonCard.tsx';
import { MonthlyFactorsCard } from './settings/MonthlyFactorsCard.tsx';

export function EnvironmentalConditionsPage() {
  return (
    <Stack gap="md">
      <MonthlyFactorsCard />
      <HorizonCard />
    </Stack>
  );
}
