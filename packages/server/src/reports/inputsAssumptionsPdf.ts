/**
 * The InputsAssumptions report (PDF): what the run simulated, from the case it recorded (spec 3
 * names, library records inlined) and the model names of its summary: model choices, site, weather
 * and ASHRAE design conditions, monthly albedo, soiling and spectral factors, uncertainty terms, the
 * equipment (modules and inverters), plant-level losses, transformers and transmission lines, and the
 * plant tree (blocks, arrays, inverters, DC fields) with repeaters, module, inverter, tilt, GCR,
 * strings, DC and AC sizes and array transformers. Units are the API's (kW, kVA, MVA, kV, %, °, m).
 */
import { definitionLabel, isDraftPredictionStatus } from '@sunfield/domain';
import { MONTH_ABBREVIATIONS } from '@sunfield/engine';
import type { ReportContext } from './context.ts';
import {
  COLORS,
  createDoc,
  finishDoc,
  formatNumber,
  heading,
  keyValues,
  MARGIN,
  note,
  pdfText,
  table,
  type Doc,
} from './pdfDraw.ts';

type Json = Record<string, unknown>;

export const TRANSPOSITION_LABEL = 'Transposition model';

/** Rows a plant-tree table lists before it says how many more there are. */
const MAX_TREE_ROWS = 1500;

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);
const str = (v: unknown): string => (v === null || v === undefined || v === '' ? '–' : String(v));
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const yesNo = (v: unknown): string => (v === true ? 'yes' : v === false ? 'no' : '–');
const fixed = (v: unknown, decimals: number, unit = ''): string =>
  Number.isFinite(num(v)) ? `${formatNumber(num(v), decimals)}${unit ? ` ${unit}` : ''}` : '–';
/** A fraction (0.02) as a percentage ("2.00 %"). */
const percentOf = (v: unknown): string =>
  Number.isFinite(num(v)) ? `${formatNumber(num(v) * 100, 2)} %` : '–';

/** A DC field's rating [kWp]: the stored `fieldDcPower`, else modules × STC power. */
function fieldKwp(field: Json): number {
  const stored = num(field.fieldDcPower);
  if (Number.isFinite(stored)) return stored;
  const pmax = num(obj(field.module).stcMaxPower);
  return (num(field.modulesWiredInSeries) * num(field.numberOfSeriesStringsWiredInParallel) * pmax) / 1000;
}

/** An inverter node's AC rating [kW]: its setpoint, else the record's rated power. */
const inverterKw = (node: Json): number =>
  Number.isFinite(num(node.setpointkW)) ? num(node.setpointkW) : num(obj(node.inverter).powerRated);

function header(doc: Doc, ctx: ReportContext): void {
  doc.font('Helvetica-Bold').fontSize(22).fillColor(COLORS.text).text('Inputs and Assumptions', MARGIN, 70);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(13).fillColor(COLORS.muted).text(pdfText(ctx.project.name));
  doc.font('Helvetica-Bold').fontSize(15).fillColor(COLORS.text).text(pdfText(ctx.prediction.name));
  if (isDraftPredictionStatus(ctx.prediction.status))
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(12).fillColor(COLORS.draft).text('DRAFT');
  doc.moveDown(0.8);
}

function models(doc: Doc, ctx: ReportContext): void {
  const s = ctx.result.summary;
  const p = obj(ctx.caseJson.prediction);
  heading(doc, 'Models');
  const perez = s.perezCoefficients ? ` (${str(s.perezCoefficients)} coefficients)` : '';
  keyValues(doc, [
    [TRANSPOSITION_LABEL, `${str(s.transpositionModel)}${perez}`],
    ['Decomposition model', str(s.decompositionModel)],
    ['Circumsolar treatment', str(s.circumsolarTreatment)],
    ['Air mass model', str(s.airMassModel)],
    ['Incidence angle (IAM) model', str(s.incModel)],
    ['Module temperature model', str(s.moduleTemperatureModel)],
    ['Spectral model', str(s.spectralShiftModel)],
    ['Soiling model', str(s.soilingModel)],
    ['Direct beam shading model', str(s.directShadingModel)],
    ['Diffuse shading model', str(s.diffuseShadingModel)],
    [
      'Degradation',
      `${str(s.degradationModel)}${Number.isFinite(num(s.degradationRate)) && num(s.degradationRate) !== 0 ? `, ${formatNumber(num(s.degradationRate), 2)} %/yr` : ''}`,
    ],
    ['LeTID', yesNo(s.useLeTID)],
    ['Weather DNI used', yesNo(s.useWeatherDNI)],
    ['Measured POA used', yesNo(s.useMeteoPOAI)],
    ['Weather albedo used', yesNo(p.useWeatherFileAlbedoData)],
    ['Years simulated', str(s.yearRepeater)],
  ]);
}

function site(doc: Doc, ctx: ReportContext): void {
  const p = obj(ctx.caseJson.prediction);
  const w = ctx.weather;
  heading(doc, 'Site and weather');
  keyValues(doc, [
    ['Project location', ctx.project.place || '–'],
    [
      'Latitude, longitude',
      `${formatNumber(ctx.project.latitude, 4)}°, ${formatNumber(ctx.project.longitude, 4)}°`,
    ],
    ['Elevation', fixed(p.elevation ?? ctx.project.elevation, 0, 'm')],
    ['Offset from UTC (standard time)', fixed(p.timeZone ?? ctx.project.standardOffsetFromUTC, 1, 'h')],
    ['Weather file', w.name],
    ['Weather provider', w.provider || '–'],
    [
      'Weather location',
      w.latitude === null || w.longitude === null
        ? '–'
        : `${formatNumber(w.latitude, 4)}°, ${formatNumber(w.longitude, 4)}°${w.elevation === null ? '' : `, ${formatNumber(w.elevation, 0)} m`}`,
    ],
    ['Weather time step', w.intervalMinutes === null ? '–' : `${w.intervalMinutes} min`],
  ]);
  heading(doc, 'ASHRAE design conditions');
  keyValues(doc, [
    ['Station', str(p.ashraeStation)],
    [
      'Version',
      definitionLabel('AshraeVersionEnum', typeof p.ashraeVersion === 'number' ? p.ashraeVersion : null) ??
        str(p.ashraeVersion),
    ],
    ['Heating 99.6 %', fixed(p.heat996, 1, '°C')],
    ['Cooling 99.6 %', fixed(p.cool996, 1, '°C')],
    ['50-year maximum', fixed(p.max50Year, 1, '°C')],
    ['50-year minimum', fixed(p.min50Year, 1, '°C')],
    ['Minimum annual mean dry bulb', fixed(p.minAnnualMeanDBTemp, 1, '°C')],
  ]);
}

function monthlyFactors(doc: Doc, ctx: ReportContext): void {
  const p = obj(ctx.caseJson.prediction);
  const year = list(ctx.result.summary.years)[0] ?? {};
  const factors = list(p.monthlyFactors).length ? list(p.monthlyFactors) : list(year.monthlyFactors);
  heading(doc, 'Monthly albedo, soiling and spectral factors', 180);
  table(
    doc,
    [
      { header: 'Month', width: 1 },
      { header: 'Albedo [-]', width: 1, align: 'right' },
      { header: 'Soiling loss [%]', width: 1.2, align: 'right' },
      { header: 'Spectral shift [%]', width: 1.2, align: 'right' },
    ],
    MONTH_ABBREVIATIONS.map((name, k) => {
      const f = factors.find((x) => x.month === k + 1) ?? {};
      return [name, fixed(f.albedo, 3), fixed(f.soilingLoss, 2), fixed(f.spectralShift, 2)];
    }),
  );
}

function uncertainty(doc: Doc, ctx: ReportContext): void {
  const s = ctx.result.summary;
  heading(doc, 'Uncertainty');
  keyValues(doc, [
    ['Spatial variability', percentOf(s.spatialVariability)],
    ['Interannual variability', percentOf(s.interannualVariability)],
    ['Irradiance measurement accuracy', percentOf(s.irradianceMeasurementAccuracy)],
    ['Monitoring period representativeness', percentOf(s.monitoringPeriodRepresentativeness)],
    ['Modeling accuracy', percentOf(s.modelingAccuracy)],
    ['Combined irradiance uncertainty', percentOf(s.errorIrrAcc)],
    ['Total uncertainty', percentOf(s.errorTotal)],
  ]);
}

/** The plant's nodes in order, with their names and parents. */
interface TreeRows {
  blocks: string[][];
  arrays: string[][];
  inverters: string[][];
  fields: string[][];
  modules: Map<string, Json>;
  inverterRecords: Map<string, Json>;
}

function tree(plant: Json): TreeRows {
  const out: TreeRows = {
    blocks: [],
    arrays: [],
    inverters: [],
    fields: [],
    modules: new Map(),
    inverterRecords: new Map(),
  };
  list(plant.blocks).forEach((b, bi) => {
    const bName = str(b.name ?? bi + 1);
    let blockDc = 0;
    let blockAc = 0;
    list(b.arrays).forEach((a, ai) => {
      const aName = `B${bName} A${str(a.name ?? ai + 1)}`;
      let arrayDc = 0;
      let arrayAc = 0;
      list(a.inverters).forEach((v, vi) => {
        const vName = `${aName} Inv ${str(v.name ?? String.fromCharCode(65 + vi))}`;
        const record = obj(v.inverter);
        out.inverterRecords.set(str(record.name), record);
        let dc = 0;
        list(v.dcFields).forEach((d, di) => {
          const module = obj(d.module);
          out.modules.set(str(module.name), module);
          const kwp = fieldKwp(d);
          dc += kwp * (Number.isFinite(num(d.repeater)) ? num(d.repeater) : 1);
          const tracker = d.trackingType === 1;
          out.fields.push([
            `${vName} DC${str(d.name ?? di + 1)}`,
            str(d.repeater ?? 1),
            str(module.name),
            definitionLabel(
              'DCFieldTrackingTypeEnum',
              typeof d.trackingType === 'number' ? d.trackingType : 0,
            ) ?? '–',
            tracker ? `±${fixed(d.maximumTrackingLimitAngleD, 0)}` : fixed(d.moduleTilt, 1),
            fixed(d.moduleAzimuth, 1),
            fixed(d.groundCoverageRatio, 3),
            `${str(d.modulesWiredInSeries)} × ${str(d.numberOfSeriesStringsWiredInParallel)}`,
            fixed(kwp, 2),
          ]);
        });
        const kw = inverterKw(v);
        const repeat = Number.isFinite(num(v.repeater)) ? num(v.repeater) : 1;
        arrayDc += dc * repeat;
        arrayAc += kw * repeat;
        out.inverters.push([
          vName,
          str(v.repeater ?? 1),
          str(record.name),
          fixed(kw, 2),
          fixed(v.kVARating ?? record.apparentPower, 2),
          fixed(dc, 2),
          kw > 0 ? formatNumber(dc / kw, 3) : '–',
          fixed(v.powerFactor, 3),
        ]);
      });
      const repeat = Number.isFinite(num(a.repeater)) ? num(a.repeater) : 1;
      blockDc += arrayDc * repeat;
      blockAc += arrayAc * repeat;
      const transformer =
        a.transformerEnabled === true
          ? `${a.matchTotalInverterkVA === true ? 'inverters’ kVA' : fixed(a.transformerkVARating, 0, 'kVA')}, ` +
            `${fixed(a.transformerHighSideVoltage, 1, 'kV')}, no-load ${fixed(a.transformerNoLoadLoss, 2, '%')}, ` +
            `full-load ${fixed(a.transformerFullLoadLoss, 2, '%')}`
          : 'none';
      out.arrays.push([
        aName,
        str(a.repeater ?? 1),
        String(list(a.inverters).length),
        transformer,
        fixed(a.acCollectionLoss, 2),
        fixed(a.dasLoad, 0),
        fixed(arrayDc, 2),
        fixed(arrayAc, 2),
      ]);
    });
    out.blocks.push([
      `Block ${bName}`,
      str(b.repeater ?? 1),
      String(list(b.arrays).length),
      fixed(blockDc, 2),
      fixed(blockAc, 2),
      b.useEnergizationDate === true ? str(b.energizationDate).slice(0, 10) : '–',
    ]);
  });
  return out;
}

/** A table that lists at most {@link MAX_TREE_ROWS} rows and says how many more there are. */
function cappedTable(doc: Doc, columns: Parameters<typeof table>[1], rows: string[][]): void {
  table(doc, columns, rows.slice(0, MAX_TREE_ROWS));
  if (rows.length > MAX_TREE_ROWS) note(doc, `… and ${rows.length - MAX_TREE_ROWS} more.`);
}

function equipment(doc: Doc, t: TreeRows): void {
  heading(doc, 'Modules');
  for (const m of t.modules.values()) {
    keyValues(doc, [
      ['Module', str(m.name)],
      ['Manufacturer', str(m.manufacturer)],
      [
        'STC: Pmax, Vmp, Imp, Voc, Isc',
        `${fixed(m.stcMaxPower, 1, 'W')}, ${fixed(m.stcmppVoltage, 2, 'V')}, ${fixed(m.stcmppCurrent, 2, 'A')}, ` +
          `${fixed(m.stcOpenCircuitVoltage, 2, 'V')}, ${fixed(m.stcShortCircuitCurrent, 2, 'A')}`,
      ],
      ['Cells in series, efficiency', `${str(m.numberOfCellsInSeries)}, ${fixed(m.stcEfficiency, 2, '%')}`],
      [
        'Size',
        Number.isFinite(num(m.length)) || Number.isFinite(num(m.width))
          ? `${fixed(m.length, 0, 'mm')} × ${fixed(m.width, 0, 'mm')}`
          : '–',
      ],
    ]);
    doc.moveDown(0.3);
  }
  heading(doc, 'Inverters');
  for (const v of t.inverterRecords.values()) {
    keyValues(doc, [
      ['Inverter', str(v.name)],
      ['Rated power, apparent power', `${fixed(v.powerRated, 2, 'kW')}, ${fixed(v.apparentPower, 2, 'kVA')}`],
      [
        'MPP window, maximum voltage',
        `${fixed(v.minVoltage, 0, 'V')} – ${fixed(v.maxMPPVoltage, 0, 'V')}, ${fixed(v.maxAbsoluteVoltage, 0, 'V')}`,
      ],
      ['Maximum DC current', fixed(v.maxCurrent, 1, 'A')],
    ]);
    doc.moveDown(0.3);
  }
}

function plantSection(doc: Doc, ctx: ReportContext): void {
  const plant = obj(ctx.caseJson.powerPlant);
  const t = tree(plant);
  equipment(doc, t);
  doc.addPage();
  heading(doc, 'Plant');
  keyValues(doc, [
    ['Availability loss', fixed(plant.availabilityLoss, 2, '%')],
    ['LGIA limitation', fixed(plant.lgiaLimitation, 3, 'MWac')],
    ['Power factor', fixed(plant.powerFactor, 3)],
    ['Nighttime disconnect', yesNo(plant.nighttimeDisconnect)],
    ['Inverter kVA at the cooling temperature', yesNo(plant.useCoolingTemp)],
  ]);
  const transformers = list(plant.transformers);
  if (transformers.length) {
    heading(doc, 'Plant transformers');
    table(
      doc,
      [
        { header: 'Ordinal', width: 0.8 },
        { header: 'Rating [MVA]', width: 1, align: 'right' },
        { header: 'High side [kV]', width: 1, align: 'right' },
        { header: 'No-load loss [%]', width: 1, align: 'right' },
        { header: 'Full-load loss [%]', width: 1, align: 'right' },
      ],
      transformers.map((x) => [
        str(x.ordinal),
        fixed(x.rating, 3),
        fixed(x.highSideVoltage, 1),
        fixed(x.noLoadLoss, 2),
        fixed(x.fullLoadLoss, 2),
      ]),
    );
  }
  const lines = list(plant.transmissionLines);
  if (lines.length) {
    heading(doc, 'Transmission lines');
    table(
      doc,
      [
        { header: 'Ordinal', width: 0.8 },
        { header: 'Length [km]', width: 1, align: 'right' },
        { header: 'Resistance [ohm/1000 ft]', width: 1.3, align: 'right' },
        { header: 'Conductors per phase', width: 1.2, align: 'right' },
      ],
      lines.map((x) => [
        str(x.ordinal),
        fixed(x.length, 2),
        fixed(x.resistance, 5),
        str(x.numberOfConductorsPerPhase),
      ]),
    );
  }
  heading(doc, 'Plant tree: blocks');
  cappedTable(
    doc,
    [
      { header: 'Block', width: 1 },
      { header: 'Repeater', width: 0.8, align: 'right' },
      { header: 'Arrays', width: 0.7, align: 'right' },
      { header: 'DC [kWp]', width: 1, align: 'right' },
      { header: 'AC [kW]', width: 1, align: 'right' },
      { header: 'Energization', width: 1 },
    ],
    t.blocks,
  );
  heading(doc, 'Arrays');
  cappedTable(
    doc,
    [
      { header: 'Array', width: 0.8 },
      { header: 'Rep.', width: 0.5, align: 'right' },
      { header: 'Inv.', width: 0.5, align: 'right' },
      { header: 'MV transformer', width: 2.8 },
      { header: 'AC coll. [%]', width: 0.9, align: 'right' },
      { header: 'DAS [W]', width: 0.7, align: 'right' },
      { header: 'DC [kWp]', width: 0.8, align: 'right' },
      { header: 'AC [kW]', width: 0.8, align: 'right' },
    ],
    t.arrays,
  );
  heading(doc, 'Inverters');
  cappedTable(
    doc,
    [
      { header: 'Inverter', width: 1.1 },
      { header: 'Rep.', width: 0.5, align: 'right' },
      { header: 'Model', width: 2.5 },
      { header: 'Setpoint [kW]', width: 1.1, align: 'right' },
      { header: '[kVA]', width: 0.7, align: 'right' },
      { header: 'DC [kWp]', width: 0.8, align: 'right' },
      { header: 'DC/AC', width: 0.7, align: 'right' },
      { header: 'PF', width: 0.5, align: 'right' },
    ],
    t.inverters,
  );
  heading(doc, 'DC fields');
  cappedTable(
    doc,
    [
      { header: 'DC field', width: 1.3 },
      { header: 'Rep.', width: 0.5, align: 'right' },
      { header: 'Module', width: 2.4 },
      { header: 'Tracking', width: 1 },
      { header: 'Tilt [°]', width: 0.6, align: 'right' },
      { header: 'Azim. [°]', width: 0.7, align: 'right' },
      { header: 'GCR', width: 0.6, align: 'right' },
      { header: 'Strings', width: 0.8, align: 'right' },
      { header: 'DC [kWp]', width: 0.8, align: 'right' },
    ],
    t.fields,
  );
  note(
    doc,
    'Strings: modules in series × strings in parallel. DC and AC sizes of one instance of the node; a ' +
      'repeater multiplies it. An inverter’s DC/AC is its DC rating over its setpoint.',
  );
}

/** Builds the InputsAssumptions PDF. */
export async function inputsAssumptionsPdf(ctx: ReportContext): Promise<Buffer> {
  const doc = createDoc({
    title: `${ctx.prediction.name} – Inputs and Assumptions`,
    subject: `${ctx.project.name}, ${ctx.prediction.name}`,
  });
  header(doc, ctx);
  models(doc, ctx);
  site(doc, ctx);
  monthlyFactors(doc, ctx);
  uncertainty(doc, ctx);
  plantSection(doc, ctx);
  return finishDoc(
    doc,
    `${ctx.project.name} › ${ctx.prediction.name} · Inputs and Assumptions · ${ctx.generatedAt.toISOString().slice(0, 10)}`,
  );
}
