/**
 * /module/{moduleID}/{tab} and /module (a new module with the defaults of spec 1 §3 for the
 * `technology` and `construction` queries): the header with its actions and the tabs 1-diode, charts,
 * spectral, metastability, shading, iam and modeling-defaults. Read-only by status (spec 1 §4); an
 * unsaved module is always saveable. Unsaved changes ask before leaving (lib/dirtyForm.ts).
 */
import { Alert, Center, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TOAST, isEditableAssetStatus } from '@sunfield/domain';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { splitFormErrors } from '../../../lib/formErrors.ts';
import { notifyError, toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { createModule, updateModule } from '../api.ts';
import { FieldGroups } from '../components/FieldGroups.tsx';
import {
  ALL_FIELD_PATHS,
  DIODE_GROUPS,
  GENERAL_GROUPS,
  METASTABILITY_GROUPS,
  MODELING_GROUPS,
  SPECTRAL_GROUPS,
  setPath,
} from '../model/fields.ts';
import { parseModuleId } from '../model/listParams.ts';
import { newModule, prepareModuleForSave, shadingTableError } from '../model/moduleRules.ts';
import type { Module, ModuleRecord } from '../model/types.ts';
import { useNewRowStatus } from '../../company/api.ts';
import { isNotFound, useModule, useModuleCache } from '../queries.ts';
import { ChartsTab } from './ChartsTab.tsx';
import { IamTab } from './IamTab.tsx';
import { ModuleHeader } from './ModuleHeader.tsx';
import { ShadingTab } from './ShadingTab.tsx';

export const MODULE_TABS = [
  { value: '1-diode', label: '1-Diode' },
  { value: 'charts', label: 'Charts' },
  { value: 'spectral', label: 'Spectral' },
  { value: 'metastability', label: 'Metastability' },
  { value: 'shading', label: 'Shading' },
  { value: 'iam', label: 'IAM' },
  { value: 'modeling-defaults', label: 'Modeling Defaults' },
] as const;
type TabName = (typeof MODULE_TABS)[number]['value'];
const isTab = (value: string | undefined): value is TabName => MODULE_TABS.some((tab) => tab.value === value);

/** Route params: `moduleID` may be a tab name on /module/{tab} (a new module). */
function useRoute(): { id: number | null; invalid: boolean; tab: TabName } {
  const params = useParams();
  const rawId = params.moduleID;
  if (rawId === undefined) return { id: null, invalid: false, tab: '1-diode' };
  if (isTab(rawId)) return { id: null, invalid: false, tab: rawId };
  const id = parseModuleId(rawId);
  return { id, invalid: id === null, tab: isTab(params.tab) ? params.tab : '1-diode' };
}

export function ModuleScreen() {
  const { id, invalid, tab } = useRoute();
  const [search] = useSearchParams();
  const query = useModule(id);
  const newStatus = useNewRowStatus('moduleStatus');
  const fresh = useMemo(() => {
    const technology = Number(search.get('technology'));
    const construction = Number(search.get('construction'));
    return newModule(
      technology > 0 ? technology : undefined,
      construction > 0 ? construction : undefined,
      newStatus,
    );
  }, [search, newStatus]);

  if (invalid || (query.isError && isNotFound(query.error))) {
    return (
      <Alert color="red" title="Module not found">
        Module not found
      </Alert>
    );
  }
  if ((id !== null && query.isPending) || (id === null && newStatus === undefined)) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading module" />
      </Center>
    );
  }
  if (id !== null && query.isError) {
    return (
      <Alert color="red" title="The module could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  const saved = id !== null ? (query.data ?? null) : null;
  return (
    <ModuleEditor
      key={saved ? `${saved.id}:${saved.lastModified}` : 'new'}
      saved={saved}
      source={saved ?? fresh}
      tab={tab}
    />
  );
}

interface EditorProps {
  saved: Module | null;
  source: ModuleRecord;
  tab: TabName;
}

function ModuleEditor({ saved, source, tab }: EditorProps) {
  const navigate = useNavigate();
  const cache = useModuleCache();
  const [draft, setDraft] = useState<ModuleRecord>(source);
  const [baseline, setBaseline] = useState<string>(() => JSON.stringify(source));
  const dirty = JSON.stringify(draft) !== baseline;
  const { markClean } = useDirtyForm(dirty);
  const readOnly = saved !== null && (saved.isReadOnly || !isEditableAssetStatus(saved.status));
  const [errors, setErrors] = useState<Record<string, string>>({});
  usePageTitle(saved ? saved.name : 'New Module');

  const change = (path: string, value: unknown) => setDraft((current) => setPath(current, path, value));
  const patch = (values: Partial<ModuleRecord>) => setDraft((current) => ({ ...current, ...values }));

  const save = useMutation({
    mutationFn: async (body: ModuleRecord) => {
      if (saved) {
        await updateModule(saved.id, body);
        return saved.id;
      }
      return (await createModule(body)).id;
    },
    onSuccess: (newId) => {
      setBaseline(JSON.stringify(draft));
      markClean();
      setErrors({});
      toast(saved ? TOAST.saved(draft.name) : TOAST.created(draft.name));
      cache.changed(newId);
      if (!saved) navigate(`/module/${newId}/${tab}`, { replace: true });
    },
    onError: (error) => {
      const split = splitFormErrors(error, ALL_FIELD_PATHS);
      setErrors(split.fields);
      if (split.general.length) notifyError(split.general.join('\n'));
      else if (!Object.keys(split.fields).length) notifyError(error);
    },
  });

  function onSave() {
    const name = typeof draft.name === 'string' ? draft.name.trim() : '';
    if (!name) {
      setErrors({ name: 'Name is required.' });
      navigate(saved ? `/module/${saved.id}/1-diode` : '/module/1-diode');
      return;
    }
    const shading = shadingTableError(draft);
    if (shading) {
      setErrors({ electricalShadingInputTable: shading });
      notifyError(shading);
      return;
    }
    setErrors({});
    save.mutate(prepareModuleForSave(draft));
  }

  const base = saved ? `/module/${saved.id}` : '/module';
  const common = { module: draft, onChange: change, readOnly, errors };
  let subtitle: string | null = null;
  if (readOnly && saved) {
    subtitle = saved.isReadOnly
      ? 'Read-only: you cannot edit this module.'
      : 'Read-only: only draft modules can be edited.';
  }

  return (
    <Stack gap="md">
      <ModuleHeader
        draft={draft}
        saved={saved}
        readOnly={readOnly}
        dirty={dirty}
        saving={save.isPending}
        onSave={onSave}
        onLeave={markClean}
      />
      {subtitle && (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
      <Tabs value={tab} onChange={(next) => next && navigate(`${base}/${next}`)} keepMounted={false}>
        <Tabs.List>
          {MODULE_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper p="md" withBorder={false}>
          <Tabs.Panel value="1-diode">
            <FieldGroups groups={[...GENERAL_GROUPS, ...DIODE_GROUPS]} {...common} />
          </Tabs.Panel>
          <Tabs.Panel value="charts">
            <ChartsTab module={draft} />
          </Tabs.Panel>
          <Tabs.Panel value="spectral">
            <FieldGroups groups={SPECTRAL_GROUPS} {...common} />
          </Tabs.Panel>
          <Tabs.Panel value="metastability">
            <FieldGroups groups={METASTABILITY_GROUPS} {...common} />
          </Tabs.Panel>
          <Tabs.Panel value="shading">
            <ShadingTab {...common} />
          </Tabs.Panel>
          <Tabs.Panel value="iam">
            <IamTab {...common} onPatch={patch} />
          </Tabs.Panel>
          <Tabs.Panel value="modeling-defaults">
            <FieldGroups groups={MODELING_GROUPS} {...common} />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
