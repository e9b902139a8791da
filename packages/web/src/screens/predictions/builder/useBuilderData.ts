/**
 * What the builder's rules need beyond the plant: the company's default settings (builder defaults of
 * new nodes), the library records of modules and inverters (the record the API embeds in the plant
 * when its id is the node's, else GET /Module|/Inverter/{id}, cached with the library screens' keys),
 * and the rule context of the prediction (latitude, site temperatures, cooling temperature).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { finiteNumber } from '@sunfield/domain';
import { useCallback, useMemo } from 'react';
import { api } from '../../../api/client.ts';
import { getInverter } from '../../inverters/api.ts';
import { inverterKeys, useInverter } from '../../inverters/queries.ts';
import { getModule } from '../../modules/api.ts';
import { moduleKeys, useModule } from '../../modules/queries.ts';
import type { PredictionEditor } from '../editor/editorContext.ts';
import type { Json } from '../model/types.ts';
import type { RuleContext } from './model/fieldRules.ts';

const idOf = (value: unknown): number | null => {
  const n = finiteNumber(value);
  return n !== undefined && Number.isInteger(n) ? n : null;
};

/** The embedded record when it is the one the node names. */
function embedded(record: unknown, id: number | null): Json | undefined {
  return id !== null && record && typeof record === 'object' && (record as Json).id === id
    ? (record as Json)
    : undefined;
}

/** GET /Company/DefaultSettings (null when it cannot be read: the built-in defaults apply). */
export function useCompanyDefaults() {
  return useQuery({
    queryKey: ['companyDefaultSettings'],
    queryFn: async ({ signal }) => {
      try {
        return await api<Json>('/Company/DefaultSettings', { signal, background: true, silent: true });
      } catch {
        return null;
      }
    },
    staleTime: 15 * 60_000,
  });
}

/** The module record of a DC field and the inverter record of an inverter node (fetched when needed). */
export function useNodeRecords(field: Json | undefined, inverter: Json | undefined) {
  const moduleId = idOf(field?.moduleId);
  const inverterId = idOf(inverter?.inverterId);
  const moduleEmbedded = embedded(field?.module, moduleId);
  const inverterEmbedded = embedded(inverter?.inverter, inverterId);
  const moduleQuery = useModule(moduleEmbedded ? null : moduleId);
  const inverterQuery = useInverter(inverterEmbedded ? null : inverterId);
  return {
    module: moduleEmbedded ?? (moduleQuery.data as Json | undefined),
    inverter: inverterEmbedded ?? (inverterQuery.data as Json | undefined),
  };
}

/** The rule context of the prediction and the loaders of picked records. */
export function useRuleContext(editor: PredictionEditor) {
  const client = useQueryClient();
  const { prediction, project, plant } = editor;
  const useCoolingTemp = plant?.useCoolingTemp === true;

  const moduleOf = useCallback(
    (field: Json): Json | undefined => {
      const id = idOf(field.moduleId);
      if (id === null) return undefined;
      return embedded(field.module, id) ?? (client.getQueryData(moduleKeys.detail(id)) as Json | undefined);
    },
    [client],
  );
  const inverterOf = useCallback(
    (node: Json): Json | undefined => {
      const id = idOf(node.inverterId);
      if (id === null) return undefined;
      return (
        embedded(node.inverter, id) ?? (client.getQueryData(inverterKeys.detail(id)) as Json | undefined)
      );
    },
    [client],
  );

  const ctx: RuleContext = useMemo(
    () => ({
      latitude: project.latitude,
      site: {
        min50Year: prediction.min50Year,
        cool996: prediction.cool996,
        elevation: prediction.elevation ?? finiteNumber(project.elevation) ?? null,
        spectralShiftModel: finiteNumber(prediction.spectralShiftModel) ?? null,
      },
      useCoolingTemp,
      moduleOf,
      inverterOf,
    }),
    [
      project.latitude,
      project.elevation,
      prediction.min50Year,
      prediction.cool996,
      prediction.elevation,
      prediction.spectralShiftModel,
      useCoolingTemp,
      moduleOf,
      inverterOf,
    ],
  );

  const loadModule = useCallback(
    (id: number) =>
      client.fetchQuery({
        queryKey: moduleKeys.detail(id),
        queryFn: ({ signal }) => getModule(id, signal),
        staleTime: 60_000,
      }) as Promise<Json>,
    [client],
  );
  const loadInverter = useCallback(
    (id: number) =>
      client.fetchQuery({
        queryKey: inverterKeys.detail(id),
        queryFn: ({ signal }) => getInverter(id, signal),
        staleTime: 60_000,
      }) as unknown as Promise<Json>,
    [client],
  );

  return { ctx, loadModule, loadInverter };
}
