/** Status filter (Active by default), debounced search and the Create Project button. */
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ListParams, StatusFilter } from '../model/params.ts';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  params: ListParams;
  onChange: (next: ListParams, options?: { replace?: boolean }) => void;
}

export function ProjectsToolbar({ params, onChange }: Props) {
  const [text, setText] = useState(params.search);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(params.search);
  const latest = useRef({ params, onChange });
  useEffect(() => {
    latest.current = { params, onChange };
  });

  // Typing settles → the address (replacing the entry, so Back leaves the list rather than undoing letters).
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    latest.current.onChange({ ...latest.current.params, search: debounced, page: 1 }, { replace: true });
  }, [debounced]);

  // Back/forward changed the address → the box follows.
  useEffect(() => {
    if (params.search === sent.current) return;
    sent.current = params.search;
    setText(params.search);
  }, [params.search]);

  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Project status"
          data={STATUS_OPTIONS}
          value={params.status}
          onChange={(value) => onChange({ ...params, status: value as StatusFilter, page: 1 })}
        />
        <TextInput
          aria-label="Search projects"
          placeholder="Search projects"
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={280}
        />
      </Group>
      <Button component={Link} to="/create-project/">
        Create Project
      </Button>
    </Group>
  );
}
