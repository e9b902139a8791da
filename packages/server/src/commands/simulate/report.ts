/**
 * Output of `sunfield simulate`: the printed summary (energies, specific yield, PR, loss tree,
 * P-values), the per-step CSV and the ResultSummary JSON.
 */
import fs from 'node:fs';
import { HOURLY_COLUMNS, hourlyColumns, LOSS_TREE_STAGES, type SimulationResult } from '@sunfield/engine';
// The module itself, not the package index: the index builds every zod schema of the domain, a
// second of `sunfield simulate`'s start for a table of names.
import { LOSS_LABELS } from '@sunfield/domain/results/lossLabels.ts';

/** "12.35 MWh" with the unit that keeps 3–6 significant digits. */
export function formatEnergy(wh: number): string {
  const a = Math.abs(wh);
  if (a >= 1e9) return `${(wh / 1e9).toFixed(3)} GWh`;
  if (a >= 1e6) return `${(wh / 1e6).toFixed(3)} MWh`;
  return `${(wh / 1e3).toFixed(2)} kWh`;
}

function formatPower(w: number): string {
  const a = Math.abs(w);
  if (a >= 1e6) return `${(w / 1e6).toFixed(3)} MW`;
  return `${(w / 1e3).toFixed(3)} kW`;
}

/**
 * The printed summary of a simulation.
 * @param r the result
 * @param x the case and weather file names, and the load times [ms]
 * @returns text lines
 */
export function formatSummary(
  r: SimulationResult,
  x: { caseFile: string; weatherFile: string; seconds: number },
): string {
  const rc = r.case;
  const s = r.summary;
  const plant = rc.plant;
  const w = r.weather;
  const lines: string[] = [];
  const row = (label: string, value: string) => lines.push(`  ${label.padEnd(38)}${value}`);
  lines.push(`Sunfield simulate — ${s.predictionName} (${x.caseFile})`);
  lines.push(
    `Weather: ${x.weatherFile} — ${r.length} steps of ${w.intervalHours * 60} min` +
      (w.coercedYear !== undefined ? `, typical year simulated as ${w.coercedYear}` : '') +
      `, UTC${rc.project.timeZone >= 0 ? '+' : ''}${rc.project.timeZone}`,
  );
  const distinct = r.dcFields.length;
  const fieldCount = r.dcFields.reduce((a, d) => a + d.instances, 0);
  lines.push(
    `Plant: ${formatPower(plant.dcCapacity)}p DC, ${formatPower(plant.acCapacity)} AC (DC/AC ${s.dcacRatio.toFixed(3)}), ` +
      `${fieldCount} DC field${fieldCount === 1 ? '' : 's'} (${distinct} distinct), ${s.numArrays} array${s.numArrays === 1 ? '' : 's'}, ${s.trackingType}`,
  );
  lines.push(
    `Models: ${s.transpositionModel}${s.perezCoefficients ? ` (${s.perezCoefficients})` : ''}, decomposition ${s.decompositionModel}, ` +
      `air mass ${s.airMassModel}, IAM ${s.incModel}, cell temperature ${s.moduleTemperatureModel}, spectral ${s.spectralShiftModel}, ` +
      `shading ${s.directShadingModel}/${s.diffuseShadingModel}, soiling ${s.soilingModel}, degradation ${s.degradationModel}`,
  );
  const y = r.years[0]!;
  const f50 = y.summary.summaryFactors.find((k) => k.pValue === 50) ?? y.summary.summaryFactors[0]!;
  lines.push('', `Year 1 (${y.year})`);
  row('GHI', `${(y.ghiInsolation / 1000).toFixed(1)} kWh/m²`);
  row('POA (front, transposed)', `${(y.poaInsolation / 1000).toFixed(1)} kWh/m²`);
  row('DC energy (inverter inputs)', formatEnergy(y.dcEnergy));
  row(
    'AC energy (point of interconnection)',
    `${formatEnergy(y.acEnergy)} (delivered ${formatEnergy(y.acEnergyPositive)})`,
  );
  row('Specific yield', `${f50.specificYieldDC.toFixed(1)} kWh/kWp`);
  row('Performance ratio', `${f50.performanceRatio.toFixed(2)} %`);
  row('AC capacity factor', `${f50.acCapacityFactor.toFixed(2)} %`);
  if (r.years.length > 1) {
    lines.push('', 'Years: AC energy, specific yield, PR');
    for (const k of r.years) {
      const f = k.summary.summaryFactors.find((q) => q.pValue === 50) ?? k.summary.summaryFactors[0]!;
      row(
        `Year ${k.yearIndex} (${k.year})`,
        `${formatEnergy(k.acEnergy)}, ${f.specificYieldDC.toFixed(1)} kWh/kWp, ${f.performanceRatio.toFixed(2)} %`,
      );
    }
  }
  const y1 = r.years[0]!.summary;
  lines.push('', 'Loss tree, year 1 (% of the previous stage, + loss / − gain)');
  const shown = new Set<string>();
  const tree = y1 as unknown as Record<string, number>;
  for (const st of LOSS_TREE_STAGES) {
    if (!st.field || shown.has(st.field)) continue;
    shown.add(st.field);
    const v = tree[st.field]!;
    if (st.group === 'rear' && !s.hasBifacial) continue;
    if (st.field.startsWith('ess') && !s.predictionHasESS) continue;
    row(LOSS_LABELS[st.field] ?? st.field, `${v >= 0 ? ' ' : ''}${v.toFixed(2)} %`);
    if (st.field === 'acCollectionLinesLoss')
      for (const e of y1.transformerTransmissionLineLoss)
        row(`  ${e.type}`, `${e.loss >= 0 ? ' ' : ''}${e.loss.toFixed(2)} %`);
  }
  lines.push(
    '',
    `P-values, year 1 (σ irradiance ${(s.errorIrrAcc * 100).toFixed(2)} %, σ total ${(s.errorTotal * 100).toFixed(2)} %)`,
  );
  for (const f of y1.summaryFactors)
    row(
      f.pValueString,
      `${formatEnergy(f.plantNetEnergy * 1e9)}, ${f.specificYieldDC.toFixed(1)} kWh/kWp, PR ${f.performanceRatio.toFixed(2)} %`,
    );
  if (r.defaultsApplied.length > 0) {
    lines.push('', `Defaults applied (${r.defaultsApplied.length}):`);
    for (const d of r.defaultsApplied) lines.push(`  ${d}`);
  }
  if (r.warnings.length > 0) {
    lines.push('', 'Warnings:');
    for (const d of r.warnings.slice(0, 20)) lines.push(`  ${d}`);
    if (r.warnings.length > 20) lines.push(`  … and ${r.warnings.length - 20} more`);
  }
  lines.push('', `Simulation: ${(x.seconds * 1000).toFixed(1)} ms`);
  return lines.join('\n');
}

/** ISO 8601 local standard time with its offset: "1990-01-01T01:00:00-05:00". */
export function isoWithOffset(t: number, utcOffsetHours: number): string {
  const local = new Date(t + utcOffsetHours * 3_600_000).toISOString().slice(0, 19);
  const sign = utcOffsetHours < 0 ? '-' : '+';
  const a = Math.abs(utcOffsetHours);
  const hh = String(Math.floor(a)).padStart(2, '0');
  const mm = String(Math.round((a % 1) * 60)).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** @internal A number for the CSV: 6 significant digits, no exponent for ordinary values, "" for NaN. */
function num(v: number): string {
  if (v !== v) return '';
  if (v === 0) return '0';
  const a = Math.abs(v);
  return a >= 1e-3 && a < 1e9 ? String(Number(v.toPrecision(7))) : v.toExponential(6);
}

/**
 * Writes the per-step CSV of the first simulated year: `timestamp` (the weather record's stamp, local
 * standard time with offset) and the columns of `HOURLY_COLUMNS` (W/m², °, °C, m/s, W).
 * @param r the result
 * @param file the CSV path
 */
export function writeHourlyCsv(r: SimulationResult, file: string): void {
  const cols = hourlyColumns(r);
  const series = HOURLY_COLUMNS.map((c) => cols[c]);
  const tz = r.case.project.timeZone;
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, `timestamp,${HOURLY_COLUMNS.join(',')}\n`);
    const chunk: string[] = [];
    for (let i = 0; i < r.length; i++) {
      let line = isoWithOffset(r.time[i]!, tz);
      for (const c of series) line += `,${num(c[i]!)}`;
      chunk.push(line);
      if (chunk.length === 8192 || i === r.length - 1) {
        fs.writeSync(fd, `${chunk.join('\n')}\n`);
        chunk.length = 0;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes the ResultSummary (spec 3 `PredictionResultSummary` names) as JSON.
 * @param r the result
 * @param file the JSON path
 */
export function writeSummaryJson(r: SimulationResult, file: string): void {
  fs.writeFileSync(file, `${JSON.stringify(r.summary, null, 2)}\n`);
}
