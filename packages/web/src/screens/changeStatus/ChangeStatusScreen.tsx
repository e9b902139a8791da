/**
 * /change-status/{module|inverter|weather|project|prediction}?ids=1,2[&projectId=] (spec 1 §2, §4):
 * step 0 reviews the listed files (each removable), step 1 chooses 'Change Status To' and the notes,
 * step 2 confirms after the validate call; Confirm Change posts the change. Cancel goes back one
 * step, and from step 0 leaves; finishing or leaving goes back one page for predictions, otherwise to
 * the type's list.
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../auth/hooks.ts';
import { findEnumeration, useDefinitions } from '../../lib/definitions.ts';
import { notifyError } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { changeStatus, loadStatusItems, validateStatusChange } from './api.ts';
import { ChooseStatusStep } from './ChooseStatusStep.tsx';
import { DraftComponentsModal } from './DraftComponentsModal.tsx';
import {
  TYPE_CONFIG,
  WIZARD_STEPS,
  buildRequestItems,
  changeStatusTitle,
  parseChangeStatusType,
  parseIdList,
  readDraftComponents,
  type ChangeStatusType,
  type DraftComponent,
  type LabelLookup,
} from './model.ts';
import { StatusItemsTable } from './StatusItemsTable.tsx';

function useLabelLookup(): LabelLookup {
  const definitions = useDefinitions().data;
  return useMemo<LabelLookup>(
    () => (type, id) => {
      const value = findEnumeration(definitions, type)?.values.find((entry) => entry.id === id);
      return value ? (value.label ?? value.name) : undefined;
    },
    [definitions],
  );
}

function useExit(type: ChangeStatusType): () => void {
  const navigate = useNavigate();
  return () => {
    const exitPath = TYPE_CONFIG[type].exitPath;
    if (exitPath !== null) {
      navigate(exitPath);
      return;
    }
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/');
  };
}

export function ChangeStatusScreen() {
  const type = parseChangeStatusType(useParams().type);
  if (!type) {
    return (
      <Alert color="red" title="Unknown status change">
        Status changes exist for modules, inverters, weather, projects and predictions.
      </Alert>
    );
  }
  return <ChangeStatusWizard key={type} type={type} />;
}

function ChangeStatusWizard({ type }: { type: ChangeStatusType }) {
  const title = changeStatusTitle(type);
  usePageTitle(title);
  const config = TYPE_CONFIG[type];
  const [search] = useSearchParams();
  const ids = useMemo(() => parseIdList(search.get('ids')), [search]);
  const projectIdRaw = parseIdList(search.get('projectId'))[0];
  const projectId = type === 'prediction' ? projectIdRaw : undefined;
  const user = useCurrentUser();
  const lookup = useLabelLookup();
  const queryClient = useQueryClient();
  const exit = useExit(type);

  const loaded = useQuery({
    queryKey: ['changeStatus', type, ids.join(','), projectId ?? null],
    queryFn: ({ signal }) => loadStatusItems(type, ids, projectId, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const [removed, setRemoved] = useState<readonly number[]>([]);
  const items = useMemo(
    () => (loaded.data?.items ?? []).filter((item) => !removed.includes(item.id)),
    [loaded.data, removed],
  );
  const [step, setStep] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [components, setComponents] = useState<DraftComponent[]>([]);
  const [warningOpen, setWarningOpen] = useState(false);
  const newStatus = status === null ? null : Number(status);

  const validate = useMutation({
    mutationFn: () => validateStatusChange(type, buildRequestItems(items, newStatus!, note), projectId),
    onSuccess: (answer) => {
      const found = readDraftComponents(answer);
      setComponents(found);
      if (type === 'prediction' && found.length) setWarningOpen(true);
      else setStep(2);
    },
    onError: (error) => {
      setComponents([]);
      if (config.ignoreValidationErrors) setStep(2);
      else notifyError(error);
    },
  });

  const change = useMutation({
    mutationFn: () => changeStatus(type, buildRequestItems(items, newStatus!, note), projectId),
    onSuccess: () => {
      void queryClient.invalidateQueries();
      finish();
    },
    onError: (error) => notifyError(error),
  });

  const busy = validate.isPending || change.isPending;

  function finish() {
    setRemoved([]);
    setStatus(null);
    setNote('');
    setComponents([]);
    exit();
  }

  function cancel() {
    if (step === 0) finish();
    else setStep(step - 1);
  }

  function next() {
    if (step === 0) setStep(1);
    else if (step === 1 && newStatus !== null) validate.mutate();
    else if (step === 2) change.mutate();
  }

  let body;
  if (loaded.isPending) {
    body = (
      <Center p="xl">
        <Loader aria-label="Loading the selected files" />
      </Center>
    );
  } else if (step === 1) {
    body = (
      <ChooseStatusStep
        kind={config.kind}
        items={items}
        roles={user?.roles ?? []}
        lookup={lookup}
        status={status}
        note={note}
        onStatus={setStatus}
        onNote={setNote}
      />
    );
  } else {
    body = (
      <StatusItemsTable
        kind={config.kind}
        items={items}
        lookup={lookup}
        newStatus={step === 2 ? newStatus : null}
        components={step === 2 ? components : []}
        newPredictionStatus={type === 'prediction' ? newStatus : null}
        onRemove={step === 0 ? (id) => setRemoved((list) => [...list, id]) : undefined}
      />
    );
  }

  const missing = loaded.data?.missing ?? [];
  const canContinue = !loaded.isPending && items.length > 0 && (step !== 1 || newStatus !== null) && !busy;

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        {WIZARD_STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      {missing.length > 0 && step === 0 && (
        <Alert color="yellow" title="Some files could not be found">
          <Text size="sm">
            {missing.length === 1 ? 'One file was' : `${missing.length} files were`} left out: it no longer
            exists or you cannot see it.
          </Text>
        </Alert>
      )}
      <Paper withBorder p="md">
        {body}
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={next} disabled={!canContinue} loading={busy}>
          {step === 2 ? 'Confirm Change' : 'Continue'}
        </Button>
      </Group>
      <DraftComponentsModal
        opened={warningOpen}
        components={components}
        newPredictionStatus={newStatus}
        lookup={lookup}
        onCancel={() => setWarningOpen(false)}
        onContinue={() => {
          setWarningOpen(false);
          setStep(2);
        }}
      />
    </Stack>
  );
}
