/**
 * The array editor: name (1–100), repeater, the medium-voltage transformer (enabled, matched to the
 * inverters' kVA or its own rating, high-side voltage, no-load and full-load losses) and the array's
 * losses and loads (spec 3 PVArray units: %, W, kV, kVA, MWh/MWp/yr).
 */
import { Stack, Switch } from '@mantine/core';
import type { Json } from '../../model/types.ts';
import { instanceSize } from '../model/plantEdit.ts';
import { PlantNumberInput } from '../PlantNumberInput.tsx';
import { inRange, NameSelect, RepeaterInput, Section, type NodeEditorProps } from './common.tsx';

const percent = inRange(0, 100, ' %');
const load = inRange(0, 10_000_000, ' W');

export function ArrayEditor({ node, siblings, units, disabled, onChange }: NodeEditorProps) {
  const enabled = node.transformerEnabled !== false;
  const matched = node.matchTotalInverterkVA !== false;
  const inverterKva = ((node.inverters as Json[] | undefined) ?? []).reduce((sum, inverter) => {
    const kva = typeof inverter.kVARating === 'number' ? inverter.kVARating : 0;
    const repeater = typeof inverter.repeater === 'number' ? inverter.repeater : 1;
    return sum + kva * repeater;
  }, 0);
  const size = instanceSize(node, 1);
  const number = (key: string, label: string, symbol: string, validate = percent, decimals = 2) => (
    <PlantNumberInput
      label={label}
      symbol={symbol}
      value={node[key]}
      units={units}
      decimals={decimals}
      disabled={disabled}
      validate={validate}
      onValue={(value) => onChange({ [key]: value })}
    />
  );

  return (
    <Stack gap="sm">
      <Section title="Array">
        <NameSelect level="array" node={node} siblings={siblings} disabled={disabled} onChange={onChange} />
        <RepeaterInput node={node} units={units} disabled={disabled} onChange={onChange} />
        <PlantNumberInput
          label="DC size of one array"
          symbol="kW"
          value={size.dcKw}
          units={units}
          computed
          disabled={disabled}
        />
      </Section>
      <Section title="Transformer">
        <Switch
          label="Transformer enabled"
          checked={enabled}
          disabled={disabled}
          onChange={(event) => onChange({ transformerEnabled: event.currentTarget.checked })}
          mt="lg"
        />
        <Switch
          label="Match total inverter kVA"
          checked={matched}
          disabled={disabled || !enabled}
          onChange={(event) => onChange({ matchTotalInverterkVA: event.currentTarget.checked })}
          mt="lg"
        />
        <PlantNumberInput
          label="Transformer rating"
          symbol="kVA"
          value={matched ? inverterKva : node.transformerkVARating}
          units={units}
          computed={matched}
          disabled={disabled || !enabled}
          validate={inRange(0, 10_000_000, ' kVA')}
          onValue={(value) => onChange({ transformerkVARating: value })}
        />
        <PlantNumberInput
          label="High-side voltage"
          symbol="kV"
          value={node.transformerHighSideVoltage}
          units={units}
          disabled={disabled || !enabled}
          validate={inRange(0, 1500, ' kV')}
          onValue={(value) => onChange({ transformerHighSideVoltage: value })}
        />
        <PlantNumberInput
          label="No-load loss"
          symbol="%"
          value={node.transformerNoLoadLoss}
          units={units}
          decimals={3}
          disabled={disabled || !enabled}
          validate={percent}
          onValue={(value) => onChange({ transformerNoLoadLoss: value })}
        />
        <PlantNumberInput
          label="Full-load loss"
          symbol="%"
          value={node.transformerFullLoadLoss}
          units={units}
          decimals={3}
          disabled={disabled || !enabled}
          validate={percent}
          onValue={(value) => onChange({ transformerFullLoadLoss: value })}
        />
      </Section>
      <Section title="Losses and loads">
        {number('acCollectionLoss', 'AC collection loss', '%')}
        {number('dasLoad', 'Data acquisition load', 'W', load, 0)}
        {number('coolingLoad', 'Cooling load', 'W', load, 0)}
        {number('additionalLosses', 'Additional losses', 'W', load, 0)}
        {number('additionalNightLosses', 'Additional night losses', 'W', load, 0)}
        {number('trackerMotorLosses', 'Tracker motor losses', 'MWh/MWp/yr', inRange(0, 1000), 3)}
      </Section>
    </Stack>
  );
}
