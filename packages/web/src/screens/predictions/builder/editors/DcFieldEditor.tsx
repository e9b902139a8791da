/**
 * The DC field editor: the module (a picker that searches the company's module library; picking one
 * resets the field's module-derived values and recomputes its sizing), name (1–100), repeater, the
 * DC power or the strings, the planned module rating, modules in series, every value with its lock
 * toggle, the table, mounting, layout, ground and losses; the warnings of spec 2 §8.4 and the notices
 * of the last recalculation under the values; the instant previews of the field (builder/preview).
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import { formatNumber, moduleCount, toUserUnits, type UnitSystemName } from '@sunfield/domain';
import type { HydratedPrediction, Json, Prediction } from '../../model/types.ts';
import { EquipmentPicker } from '../EquipmentPicker.tsx';
import { dcFieldWarnings, DC_FIELD_LOCKS } from '../model/fieldRules.ts';
import { PlantNumberInput } from '../PlantNumberInput.tsx';
import { DcFieldPreview } from '../preview/DcFieldPreview.tsx';
import { inRange, NameSelect, numberOf, RepeaterInput, Section, wholeNumber } from './common.tsx';
import {
  LayoutSection,
  LossesSection,
  MountingSection,
  PowerModelSection,
  TableSection,
  TemperatureSection,
} from './DcFieldSections.tsx';

export interface DcFieldEditorProps {
  field: Json;
  siblings: Json[];
  /** the inverter node that holds the field */
  inverter: Json;
  module: Json | undefined;
  inverterRecord: Json | undefined;
  units: UnitSystemName;
  disabled: boolean;
  latitude: number;
  useMapBuilder: boolean;
  /** the notices of the field's last recalculation */
  notices: string[];
  trackerDefaults: Json;
  prediction: Prediction;
  project: HydratedPrediction['project'];
  pickError?: string | null;
  onChange: (patch: Json) => void;
  onPickModule: (id: number) => void;
}

/** 'CS3U-400MS: 400.00 W, 2000 × 992 mm' in the user's units. */
function moduleSummary(module: Json, units: UnitSystemName): string {
  const length = toUserUnits(numberOf(module.length) ?? null, 'millimetre', units);
  const width = toUserUnits(numberOf(module.width) ?? null, 'millimetre', units);
  const decimals = length.unit === 'millimetre' ? 0 : 2;
  return (
    `${String(module.name)}: ${formatNumber(numberOf(module.stcMaxPower))} W, ` +
    `${formatNumber(length.value, decimals)} × ${formatNumber(width.value, decimals)} ${length.symbol}`
  );
}

export function DcFieldEditor(props: DcFieldEditorProps) {
  const { field, units, disabled, onChange, module } = props;
  const warnings = dcFieldWarnings(field, props.inverter, props.latitude, {
    useMapBuilder: props.useMapBuilder,
  });
  const moduleId = typeof field.moduleId === 'number' ? field.moduleId : null;
  const power = numberOf(field.fieldDcPower);
  const rating = numberOf(field.plannedModuleRating);
  const count =
    power !== undefined && rating !== undefined
      ? moduleCount({ fieldDcPower: power, plannedModuleRating: rating })
      : undefined;
  const lock = (key: keyof typeof DC_FIELD_LOCKS) => {
    const flag = DC_FIELD_LOCKS[key];
    return { locked: field[flag] === true, onToggle: (locked: boolean) => onChange({ [flag]: locked }) };
  };
  const sectionProps = {
    field,
    units,
    disabled,
    onChange,
    trackerDefaults: props.trackerDefaults,
    cellTechnologyType: numberOf(module?.cellTechnologyType),
  };

  return (
    <Stack gap="sm" data-testid="dc-field-editor">
      <Section title="DC field">
        <EquipmentPicker
          kind="module"
          label="Module"
          value={moduleId}
          currentName={typeof module?.name === 'string' ? module.name : null}
          disabled={disabled}
          error={props.pickError}
          onPick={props.onPickModule}
        />
        <NameSelect
          level="dcField"
          node={field}
          siblings={props.siblings}
          disabled={disabled}
          onChange={onChange}
        />
        <RepeaterInput node={field} units={units} disabled={disabled} onChange={onChange} />
      </Section>
      {(warnings.length > 0 || props.notices.length > 0) && (
        <Stack gap={6} role="status" aria-live="polite">
          {warnings.map((message) => (
            <Alert key={message} color="yellow" variant="light" p="xs">
              <Text size="sm">{message}</Text>
            </Alert>
          ))}
          {props.notices.map((message) => (
            <Alert key={message} color="blue" variant="light" p="xs">
              <Text size="sm">{message}</Text>
            </Alert>
          ))}
        </Stack>
      )}
      <Section title="Strings">
        <PlantNumberInput
          label="Field DC power"
          symbol="kW"
          value={field.fieldDcPower}
          units={units}
          disabled={disabled}
          validate={inRange(0, 10_000_000, ' kW')}
          onValue={(fieldDcPower) => onChange({ fieldDcPower })}
        />
        <PlantNumberInput
          label="Planned module rating"
          symbol="W"
          value={field.plannedModuleRating}
          units={units}
          decimals={3}
          disabled={disabled}
          validate={(v) =>
            v !== null && (v <= 0 || v > 10_000) ? 'Enter a number above 0 and up to 10000 W.' : null
          }
          onValue={(plannedModuleRating) => onChange({ plannedModuleRating })}
        />
        <PlantNumberInput
          label="Modules in series"
          value={field.modulesWiredInSeries}
          units={units}
          integer
          disabled={disabled}
          validate={wholeNumber(1, 1000)}
          lock={lock('modulesWiredInSeries')}
          onValue={(modulesWiredInSeries) => onChange({ modulesWiredInSeries })}
        />
        <PlantNumberInput
          label="Strings in parallel"
          value={field.numberOfSeriesStringsWiredInParallel}
          units={units}
          disabled={disabled}
          validate={inRange(0, 100_000_000)}
          lock={lock('numberOfSeriesStringsWiredInParallel')}
          onValue={(strings) => onChange({ numberOfSeriesStringsWiredInParallel: strings })}
        />
        <PlantNumberInput label="Module count" value={count} units={units} computed disabled={disabled} />
        <Group gap="xs" align="flex-end">
          <Text size="xs" c="dimmed">
            {module ? moduleSummary(module, units) : 'Pick a module to size the field.'}
          </Text>
        </Group>
      </Section>
      <TableSection {...sectionProps} />
      <MountingSection {...sectionProps} />
      <LayoutSection {...sectionProps} />
      <LossesSection {...sectionProps} bifacial={module?.faciality === 1} />
      <PowerModelSection {...sectionProps} />
      <TemperatureSection {...sectionProps} predictionModel={numberOf(props.prediction.modTempModel)} />
      <DcFieldPreview
        field={field}
        inverter={props.inverter}
        moduleRecord={module ?? (moduleId === null ? null : undefined)}
        inverterRecord={
          props.inverterRecord ?? (typeof props.inverter.inverterId === 'number' ? undefined : null)
        }
        prediction={props.prediction}
        project={props.project}
      />
    </Stack>
  );
}
