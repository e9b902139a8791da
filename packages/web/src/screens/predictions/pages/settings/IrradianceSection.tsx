/**
 * Irradiance models: transposition (Perez coefficients only with Perez), circumsolar treatment, the
 * measured plane-of-array irradiance (when the weather file has it) or the split of GHI (the file's
 * DNI and DHI, or a decomposition model), air mass, and the weather file's albedo (when it has one).
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { ChoiceSelect, ChoiceSwitch } from './ChoiceFields.tsx';
import { applicable, setMeteoDni, setMeteoPoa, usesMeteoDni, weatherHolds } from './modelChoicesModel.ts';
import { SettingsCard } from './SettingsCard.tsx';

export function IrradianceSection() {
  const editor = usePredictionEditor();
  const p = editor.prediction;
  const holds = weatherHolds(editor.weather);
  const show = applicable(p, holds);

  return (
    <SettingsCard id="model-irradiance" title="Irradiance">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <Stack gap="md">
          <ChoiceSelect
            field="transpositionModel"
            type="TranspositionModelType"
            label="Transposition model"
            description="Sky diffuse on the plane of the modules."
          />
          {show.perezCoefficients && (
            <ChoiceSelect field="perezCoefficients" type="PerezCoefficientsEnum" label="Perez coefficients" />
          )}
          <ChoiceSelect
            field="circumsolarTreatment"
            type="CircumsolarTreatmentType"
            label="Circumsolar treatment"
            description="The circumsolar part of the sky diffuse, shaded with the diffuse or as beam."
          />
          <ChoiceSelect field="airMassModel" type="AirMassModelType" label="Air mass model" />
        </Stack>
        <Stack gap="md">
          {show.meteoPoa && (
            <ChoiceSwitch
              field="useMeteoPOAI"
              label="Use meteo plane-of-array irradiance"
              description={
                holds.poa === false
                  ? 'The weather file has no plane-of-array irradiance: a run refuses this.'
                  : 'GHI, DNI and DHI are derived from the measured POA irradiance (GTI-DIRINT).'
              }
              onToggle={(on, current) => setMeteoPoa(current, on)}
            />
          )}
          {show.backsidePoa && (
            <ChoiceSwitch
              field="useBacksidePOAI"
              label="Use meteo backside plane-of-array irradiance"
              description="Recorded with the prediction; the engine models the rear irradiance itself."
            />
          )}
          {show.meteoDni && (
            <ChoiceSwitch
              field="useMeteoDni"
              label="Use meteo DNI and DHI"
              checked={usesMeteoDni(p)}
              description={
                holds.dniDhi === false
                  ? 'The weather file lacks DNI or DHI: a run refuses this.'
                  : "The weather file's DNI and DHI are used as they are (no decomposition)."
              }
              onToggle={(on, current) => setMeteoDni(current, on)}
            />
          )}
          {show.decomposition && (
            <ChoiceSelect
              field="diffuseDirectDecompModel"
              type="DiffuseDirectDecompModelType"
              label="Diffuse/direct decomposition model"
              description="Splits GHI into DNI and DHI."
            />
          )}
          {!show.decomposition && p.useMeteoPOAI === true && (
            <Text size="sm" c="dimmed">
              Decomposition: GTI-DIRINT from the measured plane-of-array irradiance.
            </Text>
          )}
          {show.weatherAlbedo && (
            <ChoiceSwitch
              field="useWeatherFileAlbedoData"
              label="Use the weather file's albedo"
              description={
                holds.albedo === false
                  ? 'The weather file has no albedo: a run refuses this.'
                  : 'Instead of the monthly albedo of Environmental Conditions.'
              }
            />
          )}
        </Stack>
      </SimpleGrid>
    </SettingsCard>
  );
}
