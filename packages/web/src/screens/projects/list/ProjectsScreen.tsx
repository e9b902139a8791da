/**
 * `/`: the projects list (spec 1 §2), filtered by status (Active by default), searchable, sortable,
 * paged; the state lives in the address (list kit, components/list).
 */
import { Paper, Stack, Title } from '@mantine/core';
import { ListBody } from '../../../components/list/ListBody.tsx';
import { ListFooter } from '../../../components/list/ListFooter.tsx';
import { useListParams } from '../../../components/list/useListParams.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import {
  PAGE_SIZE,
  PROJECT_NOUN,
  buildListQuery,
  readListParams,
  toggleSort,
  writeListParams,
  type ListParams,
} from '../model/params.ts';
import { useProjectList } from '../queries.ts';
import { ProjectsTable } from './ProjectsTable.tsx';
import { ProjectsToolbar } from './ProjectsToolbar.tsx';

function emptyText(params: ListParams): string {
  if (params.search.trim()) return `No projects match "${params.search.trim()}".`;
  if (params.status === 'archived') return 'No archived projects.';
  return 'No projects yet. Create a project to get started.';
}

export function ProjectsScreen() {
  usePageTitle('Projects');
  const [params, setParams] = useListParams(readListParams, writeListParams);
  const list = useProjectList(buildListQuery(params));
  const projects = list.data?.items ?? [];

  return (
    <Stack gap="md">
      <Title order={2}>Projects</Title>
      <ProjectsToolbar params={params} onChange={setParams} />
      <Paper withBorder>
        <ListBody
          isPending={list.isPending}
          error={list.error}
          hasData={list.data !== undefined}
          empty={!projects.length}
          loadingLabel="Loading projects"
          errorTitle="The projects could not be loaded"
          emptyText={emptyText(params)}
        >
          <ProjectsTable
            projects={projects}
            params={params}
            onSort={(key) => setParams(toggleSort(params, key))}
          />
        </ListBody>
      </Paper>
      <ListFooter
        total={list.data?.total}
        page={params.page}
        pageSize={PAGE_SIZE}
        noun={PROJECT_NOUN}
        onPage={(page) => setParams({ ...params, page })}
      />
    </Stack>
  );
}
