/**
 * The inverter node editor: the library inverter (a picker that searches the company's library),
 * name (A–Z), repeater, kVA rating, power factor, setpoint (= power factor × kVA when either
 * changes), the DC:AC ratio of its DC fields (typing one scales their DC power) with the warnings of
 * spec 2 §8.4, and the design derate.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { MAX_REPEATER, roundRatio } from '@sunfield/domain';
import type { Json } from '../../model/types.ts';
import { EquipmentPicker } from '../EquipmentPicker.tsx';
import { inverterWarning } from '../model/fieldRules.ts';
import { inverterDcAc, instanceSize } from '../model/plantEdit.ts';
import { PlantNumberInput } from '../PlantNumberInput.tsx';
import { inRange, NameSelect, Section, wholeNumber, type NodeEditorProps } from './common.tsx';

export interface InverterEditorProps extends NodeEditorProps {
  /** the library inverter, when at hand */
  record: Json | undefined;
  onPickInverter: (id: number) => void;
  useMapBuilder: boolean;
  pickError?: string | null;
}

const positive = (max: number, unit: string) => (value: number | null) =>
  value !== null && (value <= 0 || value > max) ? `Enter a number above 0 and up to ${max}${unit}.` : null;

export function InverterEditor(props: InverterEditorProps) {
  const { node, siblings, units, disabled, onChange, record } = props;
  const ratio = inverterDcAc(node);
  const size = instanceSize(node, 2);
  const warning = inverterWarning(node, { useMapBuilder: props.useMapBuilder });
  const inverterId = typeof node.inverterId === 'number' ? node.inverterId : null;
  const name = typeof record?.name === 'string' ? record.name : null;

  return (
    <Stack gap="sm">
      <Section title="Inverter">
        <EquipmentPicker
          kind="inverter"
          label="Inverter"
          value={inverterId}
          currentName={name}
          disabled={disabled}
          error={props.pickError}
          onPick={props.onPickInverter}
        />
        <NameSelect
          level="inverter"
          node={node}
          siblings={siblings}
          disabled={disabled}
          onChange={onChange}
        />
        <PlantNumberInput
          label="Repeater"
          value={node.repeater ?? 1}
          units={units}
          integer
          disabled={disabled}
          validate={wholeNumber(1, MAX_REPEATER)}
          onValue={(repeater) => onChange({ repeater })}
        />
      </Section>
      <Section title="Rating">
        <PlantNumberInput
          label="kVA rating"
          symbol="kVA"
          value={node.kVARating}
          units={units}
          disabled={disabled}
          validate={positive(100_000, ' kVA')}
          onValue={(kVARating) => onChange({ kVARating })}
        />
        <PlantNumberInput
          label="Power factor"
          value={node.powerFactor ?? 1}
          units={units}
          decimals={3}
          disabled={disabled}
          validate={positive(1, '')}
          onValue={(powerFactor) => onChange({ powerFactor })}
        />
        <PlantNumberInput
          label="Setpoint"
          symbol="kW"
          value={node.setpointkW}
          units={units}
          disabled={disabled}
          validate={positive(100_000, ' kW')}
          onValue={(setpointkW) => onChange({ setpointkW })}
        />
        <PlantNumberInput
          label="DC:AC ratio"
          value={Number.isFinite(ratio) ? roundRatio(ratio) : null}
          units={units}
          decimals={4}
          disabled={disabled || !(size.acKw > 0)}
          validate={positive(10, '')}
          onValue={(dcacRatio) => {
            if (dcacRatio !== null) onChange({ dcacRatio });
          }}
        />
        <PlantNumberInput
          label="Design derate"
          value={node.designDerate ?? 1}
          units={units}
          decimals={3}
          disabled={disabled}
          validate={inRange(0, 1.5)}
          onValue={(designDerate) => onChange({ designDerate })}
        />
        <PlantNumberInput
          label="DC size of one inverter"
          symbol="kW"
          value={size.dcKw}
          units={units}
          computed
          disabled={disabled}
        />
      </Section>
      {record && (
        <Text size="xs" c="dimmed">
          Voltage window of {name ?? 'the inverter'}: {String(record.minVoltage ?? '--')} V minimum,{' '}
          {String(record.maxAbsoluteVoltage ?? '--')} V maximum absolute.
        </Text>
      )}
      {warning && (
        <Alert color="yellow" variant="light" role="status">
          {warning}
        </Alert>
      )}
    </Stack>
  );
}
