/**
 * A number field that shows the value rounded while it is not being edited (2 decimals by default,
 * spec 2 §9.2) and the full value while it has focus. It reports a number when the text is one, and
 * the text otherwise ('12.', '-'), so typing is never interrupted; the draft checks it on save.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { formatNumber, type Num } from '../model/draft.ts';

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: Num;
  onValue: (value: Num) => void;
  /** Decimals shown while not editing. */
  decimals?: number;
}

function shown(value: Num, decimals: number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? formatNumber(value, decimals) : '';
  return value;
}

export function NumberCell({ value, onValue, decimals = 2, ...rest }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={editing ?? shown(value, decimals)}
      onFocus={(event) => {
        setEditing(typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value);
        rest.onFocus?.(event);
      }}
      onBlur={(event) => {
        setEditing(null);
        rest.onBlur?.(event);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setEditing(text);
        const trimmed = text.trim();
        const n = Number(trimmed);
        onValue(
          trimmed !== '' && Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)
            ? n
            : text,
        );
      }}
    />
  );
}
