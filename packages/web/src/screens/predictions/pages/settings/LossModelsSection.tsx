/**
 * Optical, thermal, shading and soiling models: incidence angle, spectral shift (its water source
 * with the Pwat models; the monthly values with Monthly Override), module temperature, direct-beam
 * shading (the fractional effect and module fractions where the model reads them), diffuse shading
 * and soiling.
 */
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { ChoiceSelect } from './ChoiceFields.tsx';
import { applicable, weatherHolds } from './modelChoicesModel.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';

export function LossModelsSection() {
  const editor = usePredictionEditor();
  const { prediction: p, readOnly, units, errors } = editor;
  const show = applicable(p, weatherHolds(editor.weather));
  const environment = `/projects/${editor.projectId}/prediction/${editor.predictionId}/environmental-conditions`;

  return (
    <SettingsCard id="model-losses" title="Optics, temperature, shading and soiling">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <Stack gap="md">
          <ChoiceSelect
            field="incAngleModel"
            type="IncidenceAngleModelType"
            label="Incidence angle model (IAM)"
          />
          <ChoiceSelect field="spectralShiftModel" type="SpectralShiftModel" label="Spectral shift model" />
          {show.spectralWeatherType && (
            <ChoiceSelect
              field="spectralWeatherType"
              type="SpectralWeatherType"
              label="Spectral water source"
              description="The weather column the precipitable water comes from (the module's spectral coefficients do the rest)."
            />
          )}
          {show.monthlySpectral && (
            <Text size="sm" c="dimmed">
              The monthly spectral shift is set on{' '}
              <Anchor component={Link} to={environment} size="sm">
                Environmental Conditions
              </Anchor>
              .
            </Text>
          )}
          <ChoiceSelect
            field="modTempModel"
            type="ModuleTemperatureModelType"
            label="Module temperature model"
            description="Its coefficients are the DC fields' (DC-field-defined: each field's own model)."
          />
        </Stack>
        <Stack gap="md">
          <ChoiceSelect
            field="directBeamShadingModel"
            type="DirectBeamShadingModel"
            label="Direct beam shading model"
          />
          {show.fractionalEffect && (
            <NumberField
              label="Electrical shading fractional effect"
              symbol="%"
              value={p.electricalShadingFractionalEffect}
              units={units}
              range={{ min: 0, max: 100 }}
              placeholder="The module's (else 50)"
              disabled={readOnly}
              error={serverError(errors, 'electricalShadingFractionalEffect')}
              onValue={(value) =>
                editor.setPrediction((current) => ({ ...current, electricalShadingFractionalEffect: value }))
              }
            />
          )}
          {show.moduleFractions && (
            <NumberField
              label="Number of module fractions"
              value={p.numberOfModuleFractions}
              units={units}
              range={{ min: 1, max: 100, integer: true }}
              placeholder="The DC field's modules high"
              disabled={readOnly}
              error={serverError(errors, 'numberOfModuleFractions')}
              onValue={(value) =>
                editor.setPrediction((current) => ({ ...current, numberOfModuleFractions: value }))
              }
            />
          )}
          <ChoiceSelect
            field="diffuseShadingModel"
            type="DiffuseShadingModel"
            label="Diffuse shading model"
          />
          <ChoiceSelect
            field="soilingModel"
            type="SoilingModelType"
            label="Soiling model"
            description="Constant Monthly takes the monthly soiling losses of Environmental Conditions."
          />
        </Stack>
      </SimpleGrid>
    </SettingsCard>
  );
}
