/**
 * The search box of a list: type="search" (a searchbox to assistive technology), debounced, and
 * committed to the address replacing the history entry, back on page 1.
 */
import { TextInput } from '@mantine/core';
import { useDebouncedText } from './useDebouncedText.ts';

interface Props {
  /** The committed search (from the address). */
  value: string;
  onCommit: (search: string) => void;
  /** Accessible name, e.g. 'Search projects'. */
  ariaLabel: string;
  /** Visible label above the box (libraries); none on the projects list. */
  label?: string;
  placeholder?: string;
  w?: number | string;
}

export function ListSearch({ value, onCommit, ariaLabel, label, placeholder, w = 260 }: Props) {
  const [text, setText] = useDebouncedText(value, onCommit);
  return (
    <TextInput
      label={label}
      aria-label={ariaLabel}
      placeholder={placeholder ?? ariaLabel}
      type="search"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w={w}
    />
  );
}
