/** The inverter's note (GET /Inverter/{id}/Note): the status-change notes placed on it. */
import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getInverterNote } from '../api.ts';
import { inverterKeys } from '../queries.ts';

export function NoteModal({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const note = useQuery({
    queryKey: inverterKeys.note(id),
    queryFn: ({ signal }) => getInverterNote(id, signal),
    staleTime: 0,
  });
  let body;
  if (note.isPending)
    body = (
      <Center p="md">
        <Loader size="sm" aria-label="Loading the note" />
      </Center>
    );
  else if (note.isError)
    body = (
      <Alert color="red" title="The note could not be loaded">
        {note.error.message}
      </Alert>
    );
  else if (!note.data.trim())
    body = (
      <Text c="dimmed" size="sm">
        There is no note on {name}.
      </Text>
    );
  else
    body = (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {note.data}
      </Text>
    );
  return (
    <Modal opened onClose={onClose} title={`Note: ${name}`} size="lg">
      {body}
    </Modal>
  );
}
