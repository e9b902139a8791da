/** One curve tab: the editable tables and the chart of the same curves. */
import { Stack, Switch } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { CURVES, chartSeries, unitLabel, type CurveKind } from '../model/draft.ts';
import { CurveChart } from './CurveChart.tsx';
import { CurvesEditor } from './CurvesEditor.tsx';
import { useInverterEditor } from './editorContext.ts';

const CHART_LABEL: Record<CurveKind, string> = {
  efficiency: 'Efficiency curves chart',
  kva: 'kVA curves chart',
  pq: 'PQ curves chart',
};

const SWITCH: Partial<Record<CurveKind, { field: 'usekVACurves' | 'usePQCurves'; label: string }>> = {
  kva: { field: 'usekVACurves', label: 'Use kVA curves' },
  pq: { field: 'usePQCurves', label: 'Use PQ curves' },
};

export function CurveTab({ kind, children }: { kind: CurveKind; children?: ReactNode }) {
  const { draft, update, readOnly, units } = useInverterEditor();
  const spec = CURVES[kind];
  const curves = draft.curves[kind];
  const series = useMemo(() => chartSeries(curves, kind, units), [curves, kind, units]);
  const toggle = SWITCH[kind];
  return (
    <Stack gap="md">
      {toggle && (
        <Switch
          label={toggle.label}
          checked={draft[toggle.field]}
          disabled={readOnly}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            update((d) => ({ ...d, [toggle.field]: checked }));
          }}
        />
      )}
      <CurveChart
        series={series}
        label={CHART_LABEL[kind]}
        fileName={CHART_LABEL[kind].replace(/ /g, '_')}
        xName={`${spec.xLabel} (${unitLabel(spec.xUnit, units)})`}
        yName={`${spec.yLabel} (${unitLabel(spec.yUnit, units)})`}
      />
      {children}
      <CurvesEditor kind={kind} />
    </Stack>
  );
}

export function EfficiencyTab() {
  return <CurveTab kind="efficiency" />;
}

export function PqCurvesTab() {
  return <CurveTab kind="pq" />;
}
