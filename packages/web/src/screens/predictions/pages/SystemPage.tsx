/**
 * prediction/{id}/system (spec 1 §2): the plant after its blocks — high-voltage transformers and
 * transmission lines (each line's resistance computed, spec 2 §9.3) — and the plant-level fields
 * (LGIA limit, availability, night disconnect, power factor …). Edits go into the draft plant (the
 * header's Save sends it); read-only predictions show them disabled.
 */
import { Stack } from '@mantine/core';
import { usePredictionEditor } from '../editor/editorContext.ts';
import { TransformersCard, TransmissionLinesCard } from './settings/AcChainCards.tsx';
import { NoPlantNotice } from './settings/NoPlantNotice.tsx';
import { PlantSystemCard } from './settings/PlantSystemCard.tsx';

export function SystemPage() {
  const editor = usePredictionEditor();
  if (!editor.plant) return <NoPlantNotice what="Transformers, transmission lines and the plant's limits" />;
  return (
    <Stack gap="md">
      <PlantSystemCard />
      <TransformersCard />
      <TransmissionLinesCard />
    </Stack>
  );
}
