/**
 * prediction/{id}/model-choices (spec 1 §2): every model of the engine with the enumerations of GET
 * /definitions, showing only the inputs that apply to the current choices and weather file
 * (settings/modelChoicesModel.ts), then the uncertainty terms with their total and the P-values.
 * Edits go into the draft (the header's Save sends them); read-only predictions show them disabled.
 */
import { Stack } from '@mantine/core';
import { DegradationSection } from './settings/DegradationSection.tsx';
import { IrradianceSection } from './settings/IrradianceSection.tsx';
import { LossModelsSection } from './settings/LossModelsSection.tsx';
import { UncertaintySection } from './settings/UncertaintySection.tsx';

export function ModelChoicesPage() {
  return (
    <Stack gap="md">
      <IrradianceSection />
      <LossModelsSection />
      <DegradationSection />
      <UncertaintySection />
    </Stack>
  );
}
