/** `/`: the projects list (spec 1 §2), filtered by status (Active by default), searchable, sortable, paged. */
import { Alert, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { buildListQuery, pageCount, rangeLabel, toggleSort, type ListParams } from '../model/params.ts';
import { useProjectList } from '../queries.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { ProjectsTable } from './ProjectsTable.tsx';
import { ProjectsToolbar } from './ProjectsToolbar.tsx';
import { useListParams } from './useListParams.ts';

function emptyText(params: ListParams): string {
  if (params.search.trim()) return `No projects match "${params.search.trim()}".`;
  if (params.status === 'archived') return 'No archived projects.';
  return 'No projects yet. Create a project to get started.';
}

export function ProjectsScreen() {
  usePageTitle('Projects');
  const [params, setParams] = useListParams();
  const list = useProjectList(buildListQuery(params));
  const total = list.data?.total ?? 0;
  const projects = list.data?.items ?? [];

  let body;
  if (list.isPending) {
    body = (
      <Center p="xl">
        <Loader aria-label="Loading projects" />
      </Center>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" title="The projects could not be loaded">
        {list.error.message}
      </Alert>
    );
  } else if (!projects.length) {
    body = (
      <Text c="dimmed" ta="center" p="xl">
        {emptyText(params)}
      </Text>
    );
  } else {
    body = (
      <ProjectsTable
        projects={projects}
        params={params}
        onSort={(key) => setParams(toggleSort(params, key))}
      />
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>Projects</Title>
      <ProjectsToolbar params={params} onChange={setParams} />
      <Paper withBorder>{body}</Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? rangeLabel(params.page, total) : ''}
        </Text>
        {pageCount(total) > 1 && (
          <Pagination
            total={pageCount(total)}
            value={Math.min(params.page, pageCount(total))}
            onChange={(page) => setParams({ ...params, page })}
            aria-label="Pages"
          />
        )}
      </Group>
    </Stack>
  );
}
