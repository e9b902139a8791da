/** The projects table: Name, Location, Coordinates, Time zone, Status, Last modified. A row opens its project. */
import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatPlace, formatTimeZone } from '../model/format.ts';
import { formatLatitudeDMS, formatLongitudeDMS } from '@sunfield/domain';
import type { ListParams, SortKey } from '../model/params.ts';
import type { Project } from '../model/types.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { SortableHeader } from './SortableHeader.tsx';

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
            <SortableHeader sortKey="name" params={params} onSort={onSort}>
              Name
            </SortableHeader>
            <SortableHeader sortKey="country" params={params} onSort={onSort}>
              Location
            </SortableHeader>
            <Table.Th>Coordinates</Table.Th>
            <Table.Th>Time zone</Table.Th>
            <Table.Th>Status</Table.Th>
            <SortableHeader sortKey="lastModified" params={params} onSort={onSort}>
              Last modified
            </SortableHeader>
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
