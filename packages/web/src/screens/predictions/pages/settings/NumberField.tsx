/**
 * A number of the settings pages in the user's units: shown rounded while not edited, as typed while
 * it has focus. Each keystroke that makes a number reports it in the stored unit (blank reports
 * null), so charts and totals follow the typing. Its range problem is derived from the stored value
 * (fieldRules.ts), so the message stays under the field until the value is fixed; a server problem
 * of the last save (`error`) shows when there is none.
 *
 * In a table, `hideLabel` keeps the label as the accessible name only.
 */
import { TextInput } from '@mantine/core';
import { formatNumber, fromUserUnits, toUserUnits, type UnitSystemName } from '@sunfield/domain';
import { memo, useState, type ClipboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { finite, rangeProblem, type Range, type UnitOf } from './fieldRules.ts';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

export interface NumberFieldProps extends UnitOf {
  label: string;
  /** the stored value */
  value: unknown;
  units: UnitSystemName;
  onValue: (value: number | null) => void;
  range?: Range;
  decimals?: number;
  disabled?: boolean;
  /** a problem from the server (field errors of the last save or run) */
  error?: string | null;
  description?: string;
  /** shown when blank, e.g. the value used when none is given */
  placeholder?: string;
  hideLabel?: boolean;
  /** a paste of several values (a spreadsheet column); return true when it was taken */
  onPasteValues?: (text: string) => boolean;
  w?: number | string;
}

export const NumberField = memo(function NumberField(props: NumberFieldProps) {
  const { label, value, unit, units, decimals = 2, range, hideLabel } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const stored = finite(value);
  const shown = unit ? toUserUnits(stored, unit, units) : { value: stored, symbol: props.symbol ?? '' };
  const symbol = shown.symbol;
  const invalid = editing !== null && editing.trim() !== '' && !NUMBER.test(editing.trim());
  const problem = invalid
    ? 'Enter a number.'
    : range
      ? rangeProblem(value, range, { unit, symbol: props.symbol }, units)
      : null;
  const text = shown.value === null ? '' : formatNumber(shown.value, range?.integer ? 0 : decimals);
  const fullLabel = symbol ? `${label} (${symbol})` : label;

  return (
    <TextInput
      label={hideLabel ? undefined : fullLabel}
      aria-label={hideLabel ? fullLabel : undefined}
      description={props.description}
      placeholder={props.placeholder}
      inputMode="decimal"
      autoComplete="off"
      disabled={props.disabled}
      w={props.w}
      value={editing ?? text}
      error={problem ?? props.error ?? undefined}
      onFocus={(event) => {
        // Keep the text shown when it is the value (so a select-all on focus survives); show every
        // digit when the rounding hid some, and select it.
        if (shown.value === null || Number(text) === shown.value) {
          setEditing(text);
          return;
        }
        const input = event.currentTarget;
        flushSync(() => setEditing(String(shown.value)));
        input.select();
      }}
      onBlur={() => setEditing(null)}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        if (!props.onPasteValues) return;
        const pasted = event.clipboardData.getData('text/plain');
        if (props.onPasteValues(pasted)) {
          event.preventDefault();
          setEditing(null);
        }
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setEditing(typed);
        const trimmed = typed.trim();
        if (trimmed !== '' && !NUMBER.test(trimmed)) return;
        const n = trimmed === '' ? null : Number(trimmed);
        props.onValue(n === null ? null : unit ? fromUserUnits(n, unit, units) : n);
      }}
    />
  );
});
