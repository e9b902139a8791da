/**
 * /inverter/{inverterID?}/{efficiency|temperature-elevation-kva|pq-curves} (spec 1 §2): the header, the
 * inverter's own fields and the three curve tabs. Without an id it edits an unsaved inverter: a new
 * one ('New Inverter', setpoint 499.12345678 kW) or one parsed from an OND file (router state).
 * Read-only rules of spec 1 §4; unsaved changes are guarded (lib/dirtyForm.ts).
 */
import { Alert, Anchor, Button, Center, List, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { ASSET_STATUS, isEditableAssetStatus, TOAST } from '@sunfield/domain';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useUnitSystem } from '../../../auth/hooks.ts';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { splitFormErrors } from '../../../lib/formErrors.ts';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { useNewRowStatus } from '../../company/api.ts';
import { createInverter, updateInverter } from '../api.ts';
import {
  NUMBER_FIELD_NAMES,
  TEXT_FIELDS,
  describeErrors,
  fromDraft,
  sameDraft,
  toDraft,
  type DraftErrors,
  type InverterDraft,
} from '../model/draft.ts';
import { parseInverterId } from '../model/listParams.ts';
import { NEW_INVERTER_NAME, newInverterFields } from '../model/newInverter.ts';
import type { Inverter, InverterFields } from '../model/types.ts';
import { isNotFound, useInverter, useInverterCache } from '../queries.ts';
import { EditorContext, type InverterEditorContext } from './editorContext.ts';
import { GeneralPanel } from './GeneralPanel.tsx';
import { InverterHeader } from './InverterHeader.tsx';

export const INVERTER_TABS = [
  { value: 'efficiency', label: 'Efficiency' },
  { value: 'temperature-elevation-kva', label: 'Temperature / Elevation / kVA' },
  { value: 'pq-curves', label: 'PQ Curves' },
] as const;

/** Router state of /inverter after an OND file was parsed. */
export interface ImportedInverterState {
  imported: InverterFields;
  fileName: string;
}

const SERVER_FIELDS = [...TEXT_FIELDS, ...NUMBER_FIELD_NAMES];

function useTab(): string {
  const last = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  return INVERTER_TABS.some((tab) => tab.value === last) ? last : 'efficiency';
}

export function InverterScreen() {
  const raw = useParams().inverterID;
  if (raw === undefined) return <UnsavedInverter />;
  return <SavedInverter raw={raw} />;
}

/** A new inverter, once the company's default status of new inverters is known. */
function UnsavedInverter() {
  const status = useNewRowStatus('inverterStatus');
  if (status === undefined)
    return (
      <Center p="xl">
        <Loader aria-label="Loading inverter" />
      </Center>
    );
  return <NewInverter status={status} />;
}

function NewInverter({ status }: { status: number }) {
  const location = useLocation();
  const [start] = useState(() => {
    const state = location.state as Partial<ImportedInverterState> | null;
    return state?.imported && typeof state.imported === 'object'
      ? { inverter: state.imported, fileName: state.fileName ?? 'OND file' }
      : { inverter: newInverterFields(status), fileName: null };
  });
  usePageTitle(start.inverter.name || NEW_INVERTER_NAME);
  return <InverterEditor source={start.inverter} saved={null} importedFrom={start.fileName} />;
}

function InverterNotFound() {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2}>Inverter not found</Title>
      <Text c="dimmed">This inverter does not exist or you cannot see it.</Text>
      <Anchor component={Link} to="/inverter-library">
        Back to the inverter library
      </Anchor>
    </Stack>
  );
}

function SavedInverter({ raw }: { raw: string }) {
  const id = parseInverterId(raw);
  const query = useInverter(id);
  const notFound = id === null || isNotFound(query.error);
  usePageTitle(query.data?.name ?? (notFound ? 'Inverter not found' : 'Inverter'));
  if (notFound) return <InverterNotFound />;
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading inverter" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The inverter could not be loaded">
        <Text size="sm">{query.error.message}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <InverterEditor
      key={`${query.data.id}-${query.data.lastModified}`}
      source={query.data}
      saved={query.data}
      importedFrom={null}
    />
  );
}

interface EditorProps {
  source: InverterFields;
  saved: Inverter | null;
  /** The OND file an unsaved inverter was parsed from. */
  importedFrom: string | null;
}

function InverterEditor({ source, saved, importedFrom }: EditorProps) {
  const units = useUnitSystem();
  const navigate = useNavigate();
  const tab = useTab();
  const cache = useInverterCache();
  const initial = useMemo(() => toDraft(source, units), [source, units]);
  const [draft, setDraft] = useState<InverterDraft>(initial);
  // An imported file is unsaved work from the start; otherwise the draft is compared with what was loaded.
  const [baseline, setBaseline] = useState<InverterDraft | null>(importedFrom ? null : initial);
  const dirty = baseline === null || !sameDraft(draft, baseline);
  const { markClean } = useDirtyForm(dirty);
  const readOnly = saved !== null && (saved.isReadOnly || !isEditableAssetStatus(saved.status));

  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ fields: DraftErrors; general: string[] }>({
    fields: {},
    general: [],
  });
  const checked = useMemo(() => fromDraft(draft, units), [draft, units]);
  const errors = useMemo(
    () => ({ ...(attempted ? checked.errors : {}), ...serverErrors.fields }),
    [attempted, checked.errors, serverErrors.fields],
  );

  const save = useMutation({
    mutationFn: async (payload: InverterFields) => {
      if (saved) {
        await updateInverter(saved.id, payload);
        return saved.id;
      }
      return (await createInverter(payload)).id;
    },
    onSuccess: (id, payload) => {
      setBaseline(draft);
      markClean();
      setServerErrors({ fields: {}, general: [] });
      toast(saved ? TOAST.saved(payload.name) : TOAST.created(payload.name));
      cache.changed(id);
      if (!saved) navigate(`/inverter/${id}/${tab}`, { replace: true });
    },
    onError: (error) => setServerErrors(splitFormErrors(error, SERVER_FIELDS)),
  });

  function onSave() {
    setAttempted(true);
    setServerErrors({ fields: {}, general: [] });
    if (Object.keys(checked.errors).length) return;
    save.mutate(checked.payload);
  }

  const context: InverterEditorContext = {
    draft,
    update: (change) => setDraft((current) => change(current)),
    readOnly,
    errors,
    units,
    savedId: saved?.id ?? null,
    dirty,
  };

  const base = saved ? `/inverter/${saved.id}` : '/inverter';
  const problems = attempted ? describeErrors(checked.errors) : [];
  let subtitle: string | null = null;
  if (importedFrom) subtitle = `Imported from ${importedFrom}. Save to add it to your library.`;
  else if (readOnly && saved) {
    subtitle = isEditableAssetStatus(saved.status)
      ? 'Read-only: you cannot edit this inverter.'
      : 'Read-only: only draft inverters can be edited.';
  }

  return (
    <Stack gap="md">
      <InverterHeader
        name={draft.text.name}
        status={saved?.status ?? source.status ?? ASSET_STATUS.DraftPrivate}
        saved={saved}
        readOnly={readOnly}
        saving={save.isPending}
        onSave={onSave}
        subtitle={subtitle}
        tab={tab}
      />
      {(problems.length > 0 || serverErrors.general.length > 0) && (
        <Alert color="red" title={`${draft.text.name || 'The inverter'} could not be saved`}>
          <List size="sm">
            {[...problems, ...serverErrors.general].map((message, index) => (
              <List.Item key={index}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <EditorContext.Provider value={context}>
        <GeneralPanel />
        <Tabs value={tab} onChange={(value) => value && navigate(`${base}/${value}`)}>
          <Tabs.List>
            {INVERTER_TABS.map((entry) => (
              <Tabs.Tab key={entry.value} value={entry.value}>
                {entry.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </EditorContext.Provider>
    </Stack>
  );
}
