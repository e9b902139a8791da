/**
 * A number of the plant in the user's units (metric or imperial, domain units.ts): shown rounded, and
 * as typed while it has focus; each keystroke that makes a number reports it in the stored
 * unit, so the rules follow the typing. Text that is not a number is kept on screen and not reported.
 * With `lock`, a lock toggle sits beside the value (spec 1 §3 lock flags). Computed values are shown
 * read-only.
 */
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { formatNumber, toUserUnits, fromUserUnits, type UnitId, type UnitSystemName } from '@sunfield/domain';
import { memo, useState } from 'react';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

export interface PlantNumberInputProps {
  label: string;
  /** the stored value */
  value: unknown;
  /** the stored unit when it converts between systems (m, mm, °C …) */
  unit?: UnitId;
  /** the symbol of a unit that does not convert (kW, %, °, V) */
  symbol?: string;
  units: UnitSystemName;
  decimals?: number;
  disabled?: boolean;
  /** shown, never typed (the rules compute it) */
  computed?: boolean;
  /** the value typed, in the stored unit; null when cleared */
  onValue?: (value: number | null) => void;
  /** a lock toggle beside the value */
  lock?: { locked: boolean; onToggle: (locked: boolean) => void };
  /** shown value = sign × stored (e.g. the minimum tracking limit, shown positive) */
  sign?: 1 | -1;
  description?: string;
  error?: string | null;
  integer?: boolean;
  /** a message when the value typed (in the stored unit) cannot be taken; it is then not reported */
  validate?: (value: number | null) => string | null;
}

function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      {locked ? <path d="M8 11V7a4 4 0 0 1 8 0v4" /> : <path d="M8 11V7a4 4 0 0 1 7.5-2" />}
    </svg>
  );
}

export const PlantNumberInput = memo(function PlantNumberInput(props: PlantNumberInputProps) {
  const { label, value, unit, units, decimals = 2, disabled, computed, lock, sign = 1 } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stored = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const shown = unit ? toUserUnits(stored, unit, units) : { value: stored, symbol: props.symbol ?? '' };
  const symbol = shown.symbol;
  const display = shown.value === null ? '' : sign * shown.value;
  const text = display === '' ? '' : formatNumber(display, props.integer ? 0 : decimals);
  const invalid = editing !== null && editing.trim() !== '' && !NUMBER.test(editing.trim());
  const lockName = label.charAt(0).toLowerCase() + label.slice(1);

  return (
    <TextInput
      label={symbol ? `${label} (${symbol})` : label}
      description={props.description}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled}
      readOnly={computed}
      variant={computed ? 'filled' : 'default'}
      value={editing ?? text}
      error={invalid ? 'Enter a number.' : (problem ?? props.error ?? undefined)}
      onFocus={() => {
        // The text stays as shown (a changed text would lose the selection of a select-all on focus).
        if (!computed) setEditing(text);
      }}
      onBlur={() => {
        setEditing(null);
        setProblem(null);
      }}
      onChange={(event) => {
        if (computed || !props.onValue) return;
        const text = event.currentTarget.value;
        setEditing(text);
        const trimmed = text.trim();
        if (trimmed !== '' && !NUMBER.test(trimmed)) return;
        const typed = trimmed === '' ? null : sign * Number(trimmed);
        const next = typed === null ? null : unit ? fromUserUnits(typed, unit, units) : typed;
        const message = props.validate?.(next) ?? null;
        setProblem(message);
        if (!message) props.onValue(next);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        lock ? (
          <Tooltip
            label={
              lock.locked ? 'Locked: the rules keep this value' : 'Unlocked: the rules compute this value'
            }
          >
            <ActionIcon
              variant={lock.locked ? 'filled' : 'subtle'}
              color={lock.locked ? 'blue' : 'gray'}
              size="sm"
              disabled={disabled}
              aria-label={lock.locked ? `Unlock ${lockName}` : `Lock ${lockName}`}
              aria-pressed={lock.locked}
              onClick={() => lock.onToggle(!lock.locked)}
            >
              <LockIcon locked={lock.locked} />
            </ActionIcon>
          </Tooltip>
        ) : undefined
      }
    />
  );
});
