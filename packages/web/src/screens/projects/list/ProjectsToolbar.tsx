/** Status filter (Active by default), debounced search, Import Project and Create Project. */
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list/ListSearch.tsx';
import { SegmentFilter } from '../../../components/list/SegmentFilter.tsx';
import type { SetListParams } from '../../../components/list/useListParams.ts';
import { STATUS_FILTERS, type ListParams, type StatusFilter } from '../model/params.ts';

const STATUS_LABELS: Record<StatusFilter, string> = { active: 'Active', archived: 'Archived', all: 'All' };

interface Props {
  params: ListParams;
  onChange: SetListParams<ListParams>;
}

export function ProjectsToolbar({ params, onChange }: Props) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="wrap">
        <SegmentFilter
          ariaLabel="Project status"
          options={STATUS_FILTERS}
          labels={STATUS_LABELS}
          value={params.status}
          onChange={(status) => onChange({ ...params, status, page: 1 })}
        />
        <ListSearch
          ariaLabel="Search projects"
          value={params.search}
          onCommit={(search) => onChange({ ...params, search, page: 1 }, { replace: true })}
          w={280}
        />
      </Group>
      <Group gap="xs">
        <Button variant="default" component={Link} to="/projects/file/import">
          Import Project
        </Button>
        <Button component={Link} to="/create-project/">
          Create Project
        </Button>
      </Group>
    </Group>
  );
}
