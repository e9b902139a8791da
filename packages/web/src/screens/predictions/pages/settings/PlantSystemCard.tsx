/**
 * Plant-level system fields (spec 3 PVPlant): the LGIA limit at the point of interconnection (and its
 * time series when the plant has one), availability loss, night-time disconnect, power factor (the
 * inverters' weighted mean when blank), inverter kVA at the cooling design temperature, the desired
 * DC:AC ratio and the design type, beside the plant's sizes.
 */
import { Select, SimpleGrid, Stack, Switch, Table } from '@mantine/core';
import { formatNumber } from '@sunfield/domain';
import { useDefinitions } from '../../../../lib/definitions.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import type { PowerPlant } from '../../model/types.ts';
import { enumOptions, selectValue } from './modelChoicesModel.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';
import { PLANT_RANGES, plantFacts } from './systemModel.ts';

export function PlantSystemCard() {
  const editor = usePredictionEditor();
  const definitions = useDefinitions().data;
  const { readOnly, units, errors } = editor;
  const plant = editor.plant!;
  const facts = plantFacts(plant);
  const series = Array.isArray(plant.lgiaLimitTimeSeriesDetails)
    ? plant.lgiaLimitTimeSeriesDetails.length
    : 0;
  const set = (field: string, value: unknown) =>
    editor.setPlant((current: PowerPlant | null) => (current ? { ...current, [field]: value } : current));
  const flag = (field: string, label: string, description: string) => (
    <Switch
      label={label}
      description={description}
      checked={plant[field] === true}
      disabled={readOnly}
      error={serverError(errors, field)}
      onChange={(event) => set(field, event.currentTarget.checked)}
    />
  );

  return (
    <SettingsCard id="system-plant" title="Plant">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <Stack gap="md">
          <NumberField
            label="LGIA limit"
            symbol="MW"
            description="The most the plant may deliver at the point of interconnection; blank: no limit."
            value={plant.lgiaLimitation}
            units={units}
            range={PLANT_RANGES.lgiaLimitation}
            placeholder="No limit"
            disabled={readOnly}
            error={serverError(errors, 'lgiaLimitation')}
            onValue={(value) => set('lgiaLimitation', value)}
          />
          {(series > 0 || plant.useLGIALimitTimeSeries === true) &&
            flag(
              'useLGIALimitTimeSeries',
              'Use the LGIA limit time series',
              `${series.toLocaleString('en-US')} steps stored with the plant, instead of the constant limit.`,
            )}
          <NumberField
            label="Availability loss"
            symbol="%"
            value={plant.availabilityLoss}
            units={units}
            range={PLANT_RANGES.availabilityLoss}
            placeholder="0"
            disabled={readOnly}
            error={serverError(errors, 'availabilityLoss')}
            onValue={(value) => set('availabilityLoss', value)}
          />
          {flag(
            'nighttimeDisconnect',
            'Night-time disconnect',
            'At night the auxiliary loads and the transformers’ no-load losses are off.',
          )}
          <NumberField
            label="Power factor"
            description="Blank: the inverters' weighted mean."
            value={plant.powerFactor}
            units={units}
            range={PLANT_RANGES.powerFactor}
            decimals={4}
            placeholder={formatNumber(facts.meanPowerFactor, 4)}
            disabled={readOnly}
            error={serverError(errors, 'powerFactor')}
            onValue={(value) => set('powerFactor', value)}
          />
        </Stack>
        <Stack gap="md">
          {flag(
            'useCoolingTemp',
            'Inverter kVA at the cooling design temperature',
            "Each inverter's kVA follows its kVA curve at the 99.6 % cooling design temperature (applied by the builder's rules).",
          )}
          <NumberField
            label="Desired DC:AC ratio"
            value={plant.desiredDCACRatio}
            units={units}
            range={PLANT_RANGES.desiredDCACRatio}
            decimals={2}
            placeholder="1.2"
            disabled={readOnly}
            error={serverError(errors, 'desiredDCACRatio')}
            onValue={(value) => set('desiredDCACRatio', value)}
          />
          <Select
            label="Design type"
            data={enumOptions(definitions, 'PowerPlantDesignType', plant.powerPlantDesignType)}
            value={selectValue(plant, 'powerPlantDesignType')}
            placeholder="Not set"
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => value !== null && set('powerPlantDesignType', Number(value))}
          />
          <Table withTableBorder aria-label="Plant size">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">AC size (inverter setpoints)</Table.Th>
                <Table.Td data-testid="plant-ac">{formatNumber(facts.acMw, 2)} MW</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">DC size</Table.Th>
                <Table.Td>{formatNumber(facts.dcMw, 2)} MW</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">DC:AC ratio</Table.Th>
                <Table.Td>{formatNumber(facts.dcAcRatio, 4)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Largest array (MV) voltage</Table.Th>
                <Table.Td>{formatNumber(facts.maxArrayVoltageKv, 2)} kV</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
    </SettingsCard>
  );
}
