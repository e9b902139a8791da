/**
 * Editable cells of the Quick Edit table: light native inputs (hundreds are on screen while a large
 * plant scrolls). A number cell edits a draft and commits on Enter or when it loses focus (Escape
 * reverts): the builder's rules then run once for the typed value, not on every keystroke. A refused
 * value stays in the cell, marked invalid, with the reason as its description.
 */
import { memo, useState, type CSSProperties, type KeyboardEvent } from 'react';

const inputStyle = (invalid: boolean, warning: boolean, locked: boolean): CSSProperties => ({
  width: '100%',
  height: 28,
  padding: '0 6px',
  font: 'inherit',
  fontSize: 13,
  textAlign: 'right',
  border: `1px solid ${
    invalid
      ? 'var(--mantine-color-red-6)'
      : warning
        ? 'var(--mantine-color-orange-5)'
        : 'var(--mantine-color-gray-4)'
  }`,
  borderRadius: 4,
  background: invalid
    ? 'var(--mantine-color-red-0)'
    : warning
      ? 'var(--mantine-color-orange-0)'
      : locked
        ? 'var(--mantine-color-gray-1)'
        : 'var(--mantine-color-body)',
  color: 'inherit',
  minWidth: 0,
});

/** Shows a stored number: fixed decimals, trailing zeros kept (columns line up). */
export function showNumber(value: number | undefined, decimals: number): string {
  return value === undefined || !Number.isFinite(value) ? '' : value.toFixed(decimals);
}

/** Reads a typed number ('1 234,5' and '1,234.5' are read as 1234.5; '' is no number). */
export function parseTyped(text: string): number {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return Number.NaN;
  const normalized = /,\d{1,2}$/.test(t) && !t.includes('.') ? t.replace(',', '.') : t.replace(/,/g, '');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized) ? Number(normalized) : Number.NaN;
}

export interface NumberCellProps {
  /** the value in the user's unit */
  value: number | undefined;
  decimals: number;
  /** accessible name, e.g. 'Tilt of B1 › A1 › Inv A › DC 1' */
  label: string;
  disabled?: boolean;
  /** why the cell is disabled or what its lock means (title) */
  title?: string;
  /** the value is kept from the rules by its lock */
  locked?: boolean;
  /** a spec 2 §8.4 warning of this value */
  warning?: string | null;
  /** an error of the last save or run for this value */
  serverError?: string | null;
  /** commits a typed value (user's unit); answers the refusal or null */
  onCommit: (value: number) => string | null;
}

export const NumberCell = memo(function NumberCell(props: NumberCellProps) {
  const { value, decimals, label, disabled, title, locked, warning, serverError, onCommit } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ?? showNumber(value, decimals);
  const commit = () => {
    if (draft === null) return;
    const typed = parseTyped(draft);
    if (draft.trim() === showNumber(value, decimals)) {
      setDraft(null);
      setError(null);
      return;
    }
    const refusal = Number.isFinite(typed) ? onCommit(typed) : 'Enter a number.';
    setError(refusal);
    if (!refusal) setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setError(null);
    }
  };
  const problem = error ?? serverError ?? null;
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={problem ? true : undefined}
      aria-description={problem ?? warning ?? (locked ? 'Locked' : undefined)}
      title={problem ?? warning ?? title}
      disabled={disabled}
      value={shown}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      style={inputStyle(Boolean(problem), Boolean(warning), Boolean(locked))}
    />
  );
});

export interface SelectCellProps {
  value: number;
  options: readonly { value: number; label: string }[];
  label: string;
  disabled?: boolean;
  onCommit: (value: number) => string | null;
}

export const SelectCell = memo(function SelectCell({
  value,
  options,
  label,
  disabled,
  onCommit,
}: SelectCellProps) {
  return (
    <select
      aria-label={label}
      disabled={disabled}
      value={String(value)}
      onChange={(event) => onCommit(Number(event.currentTarget.value))}
      style={{ ...inputStyle(false, false, false), textAlign: 'left' }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
});
