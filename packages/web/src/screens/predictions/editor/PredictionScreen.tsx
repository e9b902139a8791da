/**
 * /projects/{projectID}/prediction/{predictionID}/… (spec 1 §2): loads the hydrated prediction, keeps
 * its editable copy (prediction fields and plant), and frames every child page with the header (name,
 * status, favourite, Save, Run, Cancel, progress) and the page navigation. Read-only rules of spec 1
 * §4; unsaved changes are guarded (lib/dirtyForm.ts) and Run saves first.
 */
import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { isDraftPredictionStatus, isSubscriptionRefusal, TOAST } from '@sunfield/domain';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useCurrentUser, useUnitSystem } from '../../../auth/hooks.ts';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { notifyError, toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { addRecentPrediction } from '../../../lib/recentPredictions.ts';
import { cancelPrediction, runPrediction, savePowerPlant, updatePrediction } from '../api.ts';
import type { HydratedPrediction, PowerPlant, Prediction } from '../model/types.ts';
import { PROCESSING } from '../model/types.ts';
import { isNotFound, useHydratedPrediction, usePredictionCache } from '../queries.ts';
import { PredictionEditorContext, predictionPayload, type PredictionEditor } from './editorContext.ts';
import { PredictionHeader } from './PredictionHeader.tsx';
import { PredictionNav } from './PredictionNav.tsx';
import { useProcessing } from './useProcessing.ts';

export const parseId = (raw: string | undefined): number | null =>
  raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : null;

export function PredictionScreen() {
  const params = useParams();
  const projectId = parseId(params.projectID);
  const predictionId = parseId(params.predictionID);
  const query = useHydratedPrediction(projectId, predictionId);
  const notFound = projectId === null || predictionId === null || isNotFound(query.error);
  usePageTitle(query.data?.name ?? (notFound ? 'Prediction not found' : 'Prediction'));
  if (notFound) return <PredictionNotFound projectId={projectId} />;
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading prediction" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The prediction could not be loaded">
        <Text size="sm">{query.error.message}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <PredictionEditorRoot key={query.data.id} loaded={query.data} />;
}

function PredictionNotFound({ projectId }: { projectId: number | null }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2}>Prediction not found</Title>
      <Text c="dimmed">This prediction does not exist or you cannot see it.</Text>
      <Anchor component={Link} to={projectId ? `/projects/${projectId}` : '/'}>
        {projectId ? 'Back to the project' : 'Back to projects'}
      </Anchor>
    </Stack>
  );
}

function ownFields(loaded: HydratedPrediction): Prediction {
  const { project: _project, weather: _weather, powerPlant: _plant, ...own } = loaded;
  return own as Prediction;
}

function PredictionEditorRoot({ loaded }: { loaded: HydratedPrediction }) {
  const units = useUnitSystem();
  const user = useCurrentUser();
  const cache = usePredictionCache();
  const projectId = loaded.projectId ?? loaded.project.id;
  const predictionId = loaded.id;

  const [saved, setSaved] = useState(loaded);
  const [prediction, setPredictionState] = useState<Prediction>(() => ownFields(loaded));
  const [plant, setPlantState] = useState<PowerPlant | null>(loaded.powerPlant);
  const [weather, setWeatherState] = useState(loaded.weather);
  const [baseline, setBaseline] = useState({ prediction, plant, weather });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  // A reload of the same prediction (after a save, a status change, a colleague's edit) is taken in
  // when there is nothing unsaved to lose.
  const dirty =
    prediction !== baseline.prediction || plant !== baseline.plant || weather !== baseline.weather;
  useEffect(() => {
    if (loaded === saved || dirty) return;
    const next = { prediction: ownFields(loaded), plant: loaded.powerPlant, weather: loaded.weather };
    setSaved(loaded);
    setPredictionState(next.prediction);
    setPlantState(next.plant);
    setWeatherState(next.weather);
    setBaseline(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new load is taken in
  }, [loaded]);
  const { markClean } = useDirtyForm(dirty);

  const readOnly = saved.isReadOnly || !isDraftPredictionStatus(saved.status);

  useEffect(() => {
    if (user?.id) addRecentPrediction(user.id, { id: predictionId, projectId, name: saved.name });
  }, [user?.id, predictionId, projectId, saved.name]);

  const [processing, setProcessing] = useProcessing(
    predictionId,
    {
      status: saved.processingStatus ?? PROCESSING.None,
      percent: saved.processingStatus === PROCESSING.Success ? 100 : Number(saved.percentComplete ?? 0),
      message: (saved.processingMessage as string | null | undefined) ?? null,
    },
    () => cache.ran(projectId, predictionId),
  );

  async function save(): Promise<boolean> {
    if (readOnly) return false;
    setSaving(true);
    setErrors({});
    const snapshot = { prediction, plant, weather };
    try {
      await updatePrediction(projectId, predictionId, {
        ...predictionPayload(prediction),
        id: predictionId,
        projectId,
        weatherId: weather?.id ?? prediction.weatherId ?? null,
      });
      if (plant) await savePowerPlant(projectId, predictionId, plant);
      setBaseline(snapshot);
      markClean();
      toast(TOAST.saved(prediction.name));
      cache.saved(projectId, predictionId);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.modelState).length) {
        setErrors(error.modelState);
        notifyError(error, `${prediction.name} could not be saved`);
      } else notifyError(error, `${prediction.name} could not be saved`);
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function run(): Promise<void> {
    if (dirty && !(await save())) return;
    setErrors({});
    try {
      const answer = await runPrediction(projectId, predictionId);
      setProcessing({ status: answer.processingStatus ?? PROCESSING.Queued, percent: 0, message: null });
    } catch (error) {
      // The plan does not include runs: the API client has opened the subscription dialog.
      if (error instanceof ApiError && isSubscriptionRefusal(error.body)) return;
      if (error instanceof ApiError) setErrors(error.modelState);
      notifyError(error, `${prediction.name} could not be run`);
    }
  }

  async function cancel(): Promise<void> {
    try {
      await cancelPrediction(projectId, predictionId);
      setProcessing({ status: PROCESSING.Cancelled, percent: processing.percent, message: null });
    } catch {
      // api() has shown the product's text (e.g. the run has already completed)
    }
  }

  const editor: PredictionEditor = useMemo(
    () => ({
      projectId,
      predictionId,
      saved,
      project: saved.project,
      prediction,
      plant,
      weather,
      setPrediction: (change) => setPredictionState((current) => change(current)),
      setPlant: (change) => setPlantState((current) => change(current)),
      setWeather: setWeatherState,
      readOnly,
      dirty,
      units,
      save,
      saving,
      errors,
      processing,
      run,
      cancel,
      reset: () => {
        setPredictionState(baseline.prediction);
        setPlantState(baseline.plant);
        setWeatherState(baseline.weather);
        markClean();
      },
    }),
    // save/run/cancel close over the state listed here
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      projectId,
      predictionId,
      saved,
      prediction,
      plant,
      weather,
      readOnly,
      dirty,
      units,
      saving,
      errors,
      processing,
      baseline,
    ],
  );

  return (
    <PredictionEditorContext.Provider value={editor}>
      <Stack gap="md">
        <PredictionHeader />
        <PredictionNav />
        <Outlet />
      </Stack>
    </PredictionEditorContext.Provider>
  );
}
