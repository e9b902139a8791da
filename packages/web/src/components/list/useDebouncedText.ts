/**
 * A text field that settles before it counts: the box shows every keystroke, `commit` runs once the
 * typing has paused for SEARCH_DEBOUNCE_MS (one request per pause, not per letter). When `value`
 * changes from outside (Back, a link, a reset) the box follows it.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedText(
  value: string,
  commit: (text: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, delay);
  const sent = useRef(value);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    latest.current(debounced);
  }, [debounced]);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  return [text, setText];
}
