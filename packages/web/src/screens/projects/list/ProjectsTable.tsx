/** The projects table: Name, Location, Coordinates, Time zone, Status, Last modified. A row opens its project. */
import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatPlace, formatTimeZone } from '../model/format.ts';
import { formatLatitudeDMS, formatLongitudeDMS } from '@sunfield/domain';
import type { ListParams, SortKey } from '../model/params.ts';
import type { Project } from '../model/types.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { SortableTh } from '../../../components/list/SortHeader.tsx';

interface Props {
  projects: Project[];
  params: ListParams;
  onSort: (key: SortKey) => void;
}

function Row({ project }: { project: Project }) {
  const navigate = useNavigate();
  const href = `/projects/${project.id}`;
  return (
    <Table.Tr style={{ cursor: 'pointer' }} onClick={() => navigate(href)}>
      <Table.Td>
        <Anchor component={Link} to={href} fw={500} onClick={(event) => event.stopPropagation()}>
          {project.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{formatPlace(project) || '--'}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatLatitudeDMS(project.latitude)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatLongitudeDMS(project.longitude)}
        </Text>
      </Table.Td>
      <Table.Td>{formatTimeZone(project)}</Table.Td>
      <Table.Td>
        <StatusBadge status={project.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(project.lastModified)}</Table.Td>
    </Table.Tr>
  );
}

export function ProjectsTable({ projects, params, onSort }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Projects">
        <Table.Thead>
          <Table.Tr>
            <SortableTh sortKey="name" sort={params.sort} order={params.order} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh sortKey="country" sort={params.sort} order={params.order} onSort={onSort}>
              Location
            </SortableTh>
            <Table.Th>Coordinates</Table.Th>
            <Table.Th>Time zone</Table.Th>
            <Table.Th>Status</Table.Th>
            <SortableTh sortKey="lastModified" sort={params.sort} order={params.order} onSort={onSort}>
              Last modified
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Row key={project.id} project={project} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
