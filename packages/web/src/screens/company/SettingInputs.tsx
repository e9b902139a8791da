/**
 * One field of a default-settings page, drawn from its domain description (company/defaultSettings.ts):
 * a number in the user's units with its range, an enumeration as a select, a flag as a switch, twelve
 * monthly values as a row of numbers.
 */
import { Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  formatNumber,
  settableAssetStatuses,
  toUserUnits,
  type RoleList,
  type Setting,
  type UnitSystemName,
} from '@sunfield/domain';
import { NumberField } from '../predictions/pages/settings/NumberField.tsx';
import { ENGINE_VALUES } from '../predictions/pages/settings/modelChoicesModel.ts';
import { enumChoices, formRange, symbolOf } from './model.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface SettingInputProps {
  setting: Setting;
  value: unknown;
  onChange: (value: unknown) => void;
  units: UnitSystemName;
  roles: RoleList;
  disabled: boolean;
  error?: string | undefined;
  /** what applies when the company sets nothing (domain builtInDefault) */
  builtIn?: number | boolean | string | undefined;
}

/** 'Default: 2.90', 'Default: Perez', 'Default: by latitude'; 'Not set' when the engine chooses. */
export function builtInText(setting: Setting, builtIn: unknown, units: UnitSystemName): string {
  if (typeof builtIn === 'string') return `Default: ${builtIn}`;
  if (typeof builtIn !== 'number') return 'Not set';
  if (setting.kind === 'enum') {
    const value = setting.definition.values.find((v) => v.id === builtIn);
    return value ? `Default: ${value.label ?? value.name}` : 'Not set';
  }
  if (setting.kind === 'number' && setting.unit) {
    const shown = toUserUnits(builtIn, setting.unit, units).value;
    return shown === null ? 'Not set' : `Default: ${formatNumber(shown, 2)}`;
  }
  return `Default: ${Number.isInteger(builtIn) ? builtIn : formatNumber(builtIn, 2)}`;
}

export function SettingInput(props: SettingInputProps) {
  const { setting, value, onChange, units, roles, disabled, error } = props;
  const placeholder = builtInText(setting, props.builtIn, units);
  switch (setting.kind) {
    case 'number':
      return (
        <NumberField
          label={setting.label}
          value={value}
          units={units}
          {...(setting.unit ? { unit: setting.unit } : { symbol: symbolOf(setting) })}
          range={formRange(setting)}
          decimals={setting.range.integer ? 0 : 2}
          disabled={disabled}
          error={error ?? null}
          placeholder={placeholder}
          onValue={onChange}
        />
      );
    case 'enum':
      return (
        <Select
          label={setting.label}
          data={enumChoices(setting, value, {
            engineValues: ENGINE_VALUES,
            statuses: settableAssetStatuses(roles),
          })}
          value={typeof value === 'number' ? String(value) : null}
          placeholder={placeholder}
          clearable
          disabled={disabled}
          error={error}
          comboboxProps={{ withinPortal: true }}
          onChange={(next) => onChange(next === null ? null : Number(next))}
        />
      );
    case 'bool':
      return (
        <Stack gap={4} justify="flex-end">
          <Switch
            label={setting.label}
            checked={value === true}
            disabled={disabled}
            error={error}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
        </Stack>
      );
    case 'monthly': {
      const months = Array.isArray(value)
        ? (value as (number | null)[])
        : Array.from({ length: 12 }, () => null);
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {setting.label}
            {setting.range.unit ? ` (${setting.range.unit})` : ''}, by month
          </Text>
          <Text size="xs" c="dimmed">
            {placeholder === 'Not set' ? 'Not set' : `${placeholder} each month`}; give all twelve months or
            none.
          </Text>
          <SimpleGrid cols={{ base: 4, sm: 6, lg: 12 }} spacing="xs">
            {MONTHS.map((month, i) => (
              <NumberField
                key={month}
                label={`${setting.label} ${month}`}
                hideLabel
                value={months[i]}
                units={units}
                symbol=""
                range={formRange(setting)}
                decimals={2}
                disabled={disabled}
                placeholder={month}
                onValue={(n) => onChange(months.map((m, j) => (j === i ? n : m)))}
              />
            ))}
          </SimpleGrid>
          {error && (
            <Text c="red" size="xs" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
  }
}
