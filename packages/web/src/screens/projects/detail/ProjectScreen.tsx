/** /projects/{projectID}: the project's header, where it is, a small map, and its predictions. */
import { Alert, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LocationMap } from '../../../components/map/LocationMap.tsx';
import { parseProjectId } from '../model/params.ts';
import { isNotFound, useProject } from '../queries.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { PredictionsSection } from './PredictionsSection.tsx';
import { ProjectActions } from './ProjectActions.tsx';
import { ProjectFacts } from './ProjectFacts.tsx';
import { ProjectNotFound } from './ProjectNotFound.tsx';

export function ProjectScreen() {
  const id = parseProjectId(useParams().projectID);
  const query = useProject(id);
  const notFound = id === null || isNotFound(query.error);
  usePageTitle(query.data?.name ?? (notFound ? 'Project not found' : 'Project'));

  if (notFound) return <ProjectNotFound />;
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading project" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The project could not be loaded">
        <Text size="sm">{query.error.message}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const project = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{project.name}</Title>
            <StatusBadge status={project.status} />
          </Group>
          {project.description && <Text c="dimmed">{project.description}</Text>}
        </Stack>
        <ProjectActions project={project} />
      </Group>
      <Paper withBorder p="md">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ProjectFacts project={project} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <LocationMap
              latitude={project.latitude}
              longitude={project.longitude}
              height={240}
              label="Project map"
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <PredictionsSection predictions={project.predictions ?? []} />
    </Stack>
  );
}
