/**
 * The units layer of the screens: every quantity shown or typed goes through a quantity kind
 * (domain quantities.ts) and the user's Metric/Imperial setting, so the switch reaches every screen
 * at once. Values stay in their stored (SI) unit in state and on the wire; only what the user reads
 * and types is converted.
 *
 * - `useUnits()`: the user's system with format/convert/symbol bound to it.
 * - `<Quantity kind value />`: a stored value as text in the user's unit ('1,148 ft').
 * - `<QuantityInput kind value onChange />`: a number input in the user's unit that reports the
 *   stored value.
 */
import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import {
  formatQuantity,
  fromDisplay,
  quantityDecimals,
  quantitySymbol,
  toDisplay,
  type FormatQuantityOptions,
  type QuantityKind,
  type UnitId,
  type UnitSystemName,
} from '@sunfield/domain';
import { useUnitSystem } from '../auth/hooks.ts';

export type { QuantityKind };

export interface Units {
  system: UnitSystemName;
  /** 'ft', '°F', 'hPa' … for this user */
  symbol: (kind: QuantityKind) => string;
  /** 'Elevation (ft)' */
  label: (text: string, kind: QuantityKind) => string;
  decimals: (kind: QuantityKind) => number;
  format: (kind: QuantityKind, value: number | null | undefined, options?: FormatQuantityOptions) => string;
  toDisplay: <T extends number | null | undefined>(kind: QuantityKind, value: T, stored?: UnitId) => T;
  fromDisplay: <T extends number | null | undefined>(kind: QuantityKind, value: T, stored?: UnitId) => T;
}

/** The units layer bound to a system (for code outside React, and tests). */
export function unitsFor(system: UnitSystemName): Units {
  return {
    system,
    symbol: (kind) => quantitySymbol(kind, system),
    label: (text, kind) => `${text} (${quantitySymbol(kind, system)})`,
    decimals: (kind) => quantityDecimals(kind, system),
    format: (kind, value, options) => formatQuantity(kind, value, system, options),
    toDisplay: (kind, value, stored) => toDisplay(kind, value, system, stored),
    fromDisplay: (kind, value, stored) => fromDisplay(kind, value, system, stored),
  };
}

const BOUND: Record<UnitSystemName, Units> = { metric: unitsFor('metric'), imperial: unitsFor('imperial') };

/** The units layer in the signed-in user's system (metric by default). */
export function useUnits(): Units {
  return BOUND[useUnitSystem()];
}

export interface QuantityProps extends FormatQuantityOptions {
  kind: QuantityKind;
  value: number | null | undefined;
}

/** A stored value as read in the user's unit. */
export function Quantity({ kind, value, ...options }: QuantityProps) {
  return <>{useUnits().format(kind, value, options)}</>;
}

/** Four decimals at most in an input that is not being typed in: no float noise, nothing lost that matters. */
const inputValue = (value: number): number => Math.round(value * 1e4) / 1e4;

export interface QuantityInputProps extends Omit<
  NumberInputProps,
  'value' | 'onChange' | 'min' | 'max' | 'rightSection'
> {
  kind: QuantityKind;
  /** the stored value; '' or null when empty */
  value: number | '' | null | undefined;
  /** the typed value in the stored unit; '' when cleared */
  onChange: (value: number | '') => void;
  /** bounds in the stored unit */
  min?: number;
  max?: number;
  /** the unit the value is stored in when not the kind's own */
  stored?: UnitId;
  /**
   * Where the unit is named: in the input's right section (default), or after a string label, in
   * brackets ('Length [in]', as the module page's labels read) or parentheses ('Elevation (ft)'),
   * or nowhere (a table cell whose row header names it).
   */
  unitIn?: 'section' | 'brackets' | 'parentheses' | 'none';
}

/**
 * A number input in the user's unit: the label or the right section names the unit, bounds are
 * converted, and each change is reported in the stored unit. What the user types stays on screen as
 * typed while the input has focus (a conversion there would rewrite '1.' or '3.0' under the caret).
 */
export function QuantityInput({
  kind,
  value,
  onChange,
  min,
  max,
  stored,
  unitIn = 'section',
  ...props
}: QuantityInputProps) {
  const units = useUnits();
  const symbol = units.symbol(kind);
  const label =
    unitIn === 'section' || unitIn === 'none' || typeof props.label !== 'string'
      ? props.label
      : unitIn === 'brackets'
        ? `${props.label} [${symbol}]`
        : `${props.label} (${symbol})`;
  const [typed, setTyped] = useState<number | string | null>(null);
  const storedValue = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const shown = storedValue === null ? '' : inputValue(units.toDisplay(kind, storedValue, stored));
  return (
    <NumberInput
      {...props}
      label={label}
      value={typed ?? shown}
      min={min === undefined ? undefined : units.toDisplay(kind, min, stored)}
      max={max === undefined ? undefined : units.toDisplay(kind, max, stored)}
      {...(unitIn === 'section'
        ? { rightSection: symbol, rightSectionWidth: 48, rightSectionPointerEvents: 'none' as const }
        : {})}
      onFocus={(event) => {
        setTyped(shown);
        props.onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyped(null);
        props.onBlur?.(event);
      }}
      onChange={(next) => {
        setTyped(next);
        onChange(typeof next === 'number' ? units.fromDisplay(kind, next, stored) : '');
      }}
    />
  );
}
