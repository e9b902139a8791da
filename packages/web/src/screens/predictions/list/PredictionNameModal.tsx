/**
 * The name modal of the prediction list: New Prediction (POST with the company defaults the server
 * fills; '{name} was created', then its overview) and Rename (PUT …/TitleUpdate; '{name} was saved').
 * The name is required, at most 200 characters; a refusal's field message shows under the field.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TOAST } from '@sunfield/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { notifyError, toast } from '../../../lib/notify.ts';
import { createPrediction, renamePrediction } from '../api.ts';
import { usePredictionCache } from '../queries.ts';
import { siteForNewPrediction } from './api.ts';
import { overviewHref, predictionNameError } from './model.ts';

type Props =
  | { mode: 'create'; projectId: number; onClose: () => void }
  | { mode: 'rename'; projectId: number; predictionId: number; name: string; onClose: () => void };

export function PredictionNameModal(props: Props) {
  const { projectId, onClose } = props;
  const navigate = useNavigate();
  const cache = usePredictionCache();
  const [name, setName] = useState(props.mode === 'rename' ? props.name : '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = predictionNameError(name);

  const save = useMutation({
    mutationFn: async (value: string) => {
      if (props.mode === 'create')
        return (
          await createPrediction(projectId, { name: value, ...(await siteForNewPrediction(projectId)) })
        ).id;
      await renamePrediction(projectId, props.predictionId, value);
      return props.predictionId;
    },
    onSuccess: (id, value) => {
      if (props.mode === 'create') {
        toast(TOAST.created(value));
        cache.saved(projectId, id);
        onClose();
        void navigate(overviewHref(projectId, id));
      } else {
        toast(TOAST.saved(value));
        cache.saved(projectId, id);
        onClose();
      }
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.modelState.name?.[0] : undefined;
      if (field) setServerError(field);
      else
        notifyError(
          error,
          props.mode === 'create' ? 'The prediction could not be created' : `${name} could not be saved`,
        );
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (problem) return;
    save.mutate(name.trim());
  }

  const title = props.mode === 'create' ? 'New Prediction' : 'Rename Prediction';
  return (
    <Modal opened onClose={() => !save.isPending && onClose()} title={title} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            maxLength={400}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            error={(touched && problem) || serverError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {props.mode === 'create' ? 'Create' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
