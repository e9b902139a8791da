/**
 * The DC field editor's sections below the module and strings: the table (orientation, modules high
 * and wide, gaps), the mounting (fixed tilt, horizontal tracker with its limits and backtracking, or
 * seasonal tilt by month), the layout (ground coverage ratio, pitch, rows, post height, field size),
 * the ground, the losses, and the cell temperature model with its coefficients. Lengths are stored in
 * m and shown in the user's units.
 */
import { Select, SimpleGrid, Stack } from '@mantine/core';
import {
  DC_FIELD_TEMPERATURE_MODELS,
  DC_POWER_MODELS,
  DEFINITIONS,
  MONTH_NAMES,
  type UnitSystemName,
} from '@sunfield/domain';
import type { Json } from '../../model/types.ts';
import { DC_FIELD_LOCKS, type LockedValue } from '../model/fieldRules.ts';
import { PlantNumberInput, type PlantNumberInputProps } from '../PlantNumberInput.tsx';
import { inRange, numberOf, Section, wholeNumber } from './common.tsx';

const options = (values: readonly { id: number; name: string; label?: string }[]) =>
  values.map((v) => ({ value: String(v.id), label: v.label ?? v.name }));
const ORIENTATIONS = options(DEFINITIONS.ModuleOrientation.values);
const TRACKING_TYPES = options(DEFINITIONS.DCFieldTrackingTypeEnum.values);
const BACKTRACKING = options(DEFINITIONS.DCFieldBacktrackingType.values);
const TEMPERATURE_MODELS = options(DC_FIELD_TEMPERATURE_MODELS.values);
const POWER_MODELS = options(DC_POWER_MODELS.values);
const PVWATTS = 1;

const FIXED = 0;
const TRACKER = 1;
const SEASONAL = 2;

export interface SectionProps {
  field: Json;
  units: UnitSystemName;
  disabled: boolean;
  onChange: (patch: Json) => void;
  /** the tracker defaults of new trackers (limits ±60° or the company's) */
  trackerDefaults: Json;
  /** the module's cell technology (trackers of CdTe and CIGS track truly by default, spec 1 §4) */
  cellTechnologyType: number | undefined;
}

/** A number input bound to one field of the DC field, with its lock when it has one. */
function numberInputs({ field, units, disabled, onChange }: SectionProps) {
  return (key: string, label: string, extra: Partial<PlantNumberInputProps> = {}) => {
    const lock = (DC_FIELD_LOCKS as Record<string, string>)[key] as
      (typeof DC_FIELD_LOCKS)[LockedValue] | undefined;
    return (
      <PlantNumberInput
        key={key}
        label={label}
        value={field[key]}
        units={units}
        disabled={disabled}
        onValue={(value) => onChange({ [key]: value })}
        lock={
          lock
            ? { locked: field[lock] === true, onToggle: (locked) => onChange({ [lock]: locked }) }
            : undefined
        }
        {...extra}
      />
    );
  };
}

export function TableSection(props: SectionProps) {
  const { field, disabled, onChange } = props;
  const number = numberInputs(props);
  return (
    <Section title="Table">
      <Select
        label="Module orientation"
        data={ORIENTATIONS}
        value={numberOf(field.moduleOrientation) === undefined ? null : String(field.moduleOrientation)}
        onChange={(value) => value !== null && onChange({ moduleOrientation: Number(value) })}
        allowDeselect={false}
        disabled={disabled}
      />
      {number('modulesHigh', 'Modules high', { integer: true, validate: wholeNumber(1, 50) })}
      {number('modulesWide', 'Modules wide', { integer: true, validate: wholeNumber(1, 10_000) })}
      {number('lateralIntermoduleGap', 'Lateral gap', {
        unit: 'metre',
        decimals: 3,
        validate: inRange(0, 10),
      })}
      {number('verticalIntermoduleGap', 'Vertical gap', {
        unit: 'metre',
        decimals: 3,
        validate: inRange(0, 10),
      })}
      {number('collectorBandwidth', 'Collector bandwidth', { unit: 'metre', computed: true })}
      {number('tableLength', 'Table length', { unit: 'metre', computed: true })}
    </Section>
  );
}

function mountingChange(field: Json, type: number, props: SectionProps): Json {
  const patch: Json = { trackingType: type };
  if (type === TRACKER) {
    for (const [key, value] of Object.entries(props.trackerDefaults))
      if (numberOf(field[key]) === undefined) patch[key] = value;
    if (numberOf(field.trackingBacktrackingType) === undefined)
      patch.trackingBacktrackingType = [6, 7].includes(props.cellTechnologyType ?? 0) ? 0 : 1;
  }
  if (type === SEASONAL && !Array.isArray(field.monthlySeasonalTiltFactors)) {
    const tilt = numberOf(field.moduleTilt) ?? 25;
    patch.monthlySeasonalTiltFactors = MONTH_NAMES.map((monthName, i) => ({ month: i + 1, monthName, tilt }));
  }
  return patch;
}

export function MountingSection(props: SectionProps) {
  const { field, units, disabled, onChange } = props;
  const number = numberInputs(props);
  const type = numberOf(field.trackingType) ?? FIXED;
  const months = Array.isArray(field.monthlySeasonalTiltFactors)
    ? (field.monthlySeasonalTiltFactors as Json[])
    : [];
  const setMonth = (month: number, tilt: number | null) =>
    onChange({
      monthlySeasonalTiltFactors: MONTH_NAMES.map((monthName, i) => {
        const current = months.find((m) => m.month === i + 1) ?? { month: i + 1, monthName };
        return i + 1 === month ? { ...current, tilt } : current;
      }),
    });
  return (
    <Section title="Mounting">
      <Select
        label="Tracking type"
        data={TRACKING_TYPES}
        value={String(type)}
        onChange={(value) => value !== null && onChange(mountingChange(field, Number(value), props))}
        allowDeselect={false}
        disabled={disabled}
      />
      {type === FIXED && number('moduleTilt', 'Tilt', { symbol: '°', validate: inRange(0, 90, ' °') })}
      {number('moduleAzimuth', type === TRACKER ? 'Axis azimuth' : 'Azimuth', {
        symbol: '°',
        validate: inRange(0, 360, ' °'),
      })}
      {type === TRACKER && (
        <>
          {number('minimumTrackingLimitAngleD', 'Minimum tracking limit', {
            symbol: '°',
            sign: -1,
            description: 'Shown positive, stored negative',
            validate: inRange(-90, 0, ' °'),
          })}
          {number('maximumTrackingLimitAngleD', 'Maximum tracking limit', {
            symbol: '°',
            validate: inRange(0, 90, ' °'),
          })}
          <Select
            label="Backtracking"
            data={BACKTRACKING.filter((o) => o.value !== '2' || field.trackingBacktrackingType === 2)}
            value={
              numberOf(field.trackingBacktrackingType) === undefined
                ? null
                : String(field.trackingBacktrackingType)
            }
            onChange={(value) => value !== null && onChange({ trackingBacktrackingType: Number(value) })}
            allowDeselect={false}
            disabled={disabled}
          />
          {number('nightTimeStowAngleD', 'Night stow angle', {
            symbol: '°',
            validate: inRange(-90, 90, ' °'),
          })}
          {number('trackerPitchAngleD', 'Axis tilt', { symbol: '°', validate: inRange(-45, 45, ' °') })}
        </>
      )}
      {type === SEASONAL && (
        <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {MONTH_NAMES.map((name, i) => (
              <PlantNumberInput
                key={name}
                label={`${name} tilt`}
                symbol="°"
                value={months.find((m) => m.month === i + 1)?.tilt}
                units={units}
                decimals={1}
                disabled={disabled}
                validate={inRange(0, 90, ' °')}
                onValue={(tilt) => setMonth(i + 1, tilt)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Section>
  );
}

export function LayoutSection(props: SectionProps) {
  const { field, units, disabled, onChange } = props;
  const number = numberInputs(props);
  const ground = (field.ground as Json | undefined) ?? {};
  const setGround = (key: string, value: number | null) => onChange({ ground: { ...ground, [key]: value } });
  return (
    <Section title="Layout">
      {number('groundCoverageRatio', 'Ground coverage ratio', {
        decimals: 3,
        validate: (v) => (v !== null && (v <= 0 || v > 1) ? 'Enter a number above 0 and up to 1.' : null),
      })}
      {number('postToPostSpacing', 'Post-to-post spacing', { unit: 'metre', validate: inRange(0, 1000) })}
      {number('numberOfRows', 'Number of rows', { integer: true, validate: wholeNumber(1, 10_000_000) })}
      {number('tablesPerRow', 'Tables per row', { computed: true })}
      {number('postHeight', 'Post height', { unit: 'metre', decimals: 1, validate: inRange(0, 50) })}
      {number('tablesRemovedForPCS', 'Tables removed for PCS', { validate: inRange(0, 1_000_000) })}
      {number('fieldLength', 'Field length', { unit: 'metre', computed: true })}
      {number('fieldWidth', 'Field width', { unit: 'metre', computed: true })}
      <PlantNumberInput
        label="Ground slope"
        symbol="°"
        value={ground.slope}
        units={units}
        disabled={disabled}
        validate={inRange(0, 45, ' °')}
        onValue={(value) => setGround('slope', value)}
      />
      <PlantNumberInput
        label="Ground slope azimuth"
        symbol="°"
        value={ground.slopeAzimuth}
        units={units}
        disabled={disabled}
        validate={inRange(0, 360, ' °')}
        onValue={(value) => setGround('slopeAzimuth', value)}
      />
    </Section>
  );
}

export function LossesSection(props: SectionProps & { bifacial: boolean }) {
  const { field } = props;
  const number = numberInputs(props);
  const percent = { symbol: '%', validate: inRange(0, 100, ' %') };
  const tracker = numberOf(field.trackingType) === TRACKER;
  return (
    <Section title="Losses">
      {number('dcWiringLossAtSTC', 'DC wiring loss at STC', percent)}
      {number('dcHealth', 'DC health', percent)}
      {number('structureShading', 'Structure shading', percent)}
      {number('moduleQuality', 'Module quality', { symbol: '%', validate: inRange(-100, 100, ' %') })}
      {number('moduleMismatchCoefficient', 'Module mismatch', percent)}
      {number('lightInducedDegradation', 'Light-induced degradation', percent)}
      {(props.bifacial || numberOf(field.backSideMismatch) !== undefined) &&
        number('backSideMismatch', 'Back-side mismatch', percent)}
      {tracker && number('trackerLoadLoss', 'Tracker load loss', percent)}
    </Section>
  );
}

/** Module temperature model values (prediction and DC field), the engine's own past the product's. */
const HEAT_BALANCE = 0;
const SANDIA = 1;
const NOCT = 2;
const DC_FIELD_DEFINED = 3;
const FAIMAN = 100;
const PVSYST = 101;
const FUENTES = 102;

/** The model a field runs: its own when the prediction's is DC-field-defined, else the prediction's. */
export function effectiveTemperatureModel(
  predictionModel: number | undefined,
  fieldModel: number | undefined,
) {
  const prediction = predictionModel ?? HEAT_BALANCE;
  return prediction === DC_FIELD_DEFINED ? (fieldModel ?? HEAT_BALANCE) : prediction;
}

/**
 * The cell temperature of the field (issue 17): its own model, which runs when the prediction's
 * module temperature model is DC-field-defined (Model Choices), and the coefficients of the model
 * that runs: heat balance Uc, Uv, α; Sandia a, b, ΔT; NOCT; Faiman U0, U1; PVsyst Uc, Uv, α and the
 * module efficiency; Fuentes with the installed NOCT, heights, emissivity, absorptance and
 * characteristic length. An empty coefficient is the module's or the engine's default, which the
 * run's assumptions list.
 */
export function TemperatureSection(props: SectionProps & { predictionModel: number | undefined }) {
  const { field, disabled, onChange } = props;
  const number = numberInputs(props);
  const own = numberOf(field.modTempModel) ?? HEAT_BALANCE;
  const model = effectiveTemperatureModel(props.predictionModel, own);
  const fieldDefined = (props.predictionModel ?? HEAT_BALANCE) === DC_FIELD_DEFINED;
  const runs = TEMPERATURE_MODELS.find((o) => o.value === String(model))?.label ?? String(model);
  const fraction = { validate: inRange(0, 1, '') };
  const heatBalance = (
    <>
      {number('heatBalanceConductiveCoef', 'Uc', { symbol: 'W/m²K', validate: inRange(0, 200, ' W/m²K') })}
      {number('heatBalanceConvectiveCoef', 'Uv', {
        symbol: 'W·s/m³K',
        validate: inRange(0, 100, ' W·s/m³K'),
      })}
      {number('transmittanceAbsorptance', 'Absorptance α', fraction)}
    </>
  );
  return (
    <Section title="Cell temperature">
      <Select
        label="Module temperature model"
        description={
          fieldDefined
            ? "The prediction's model is DC-field-defined: this field runs this model."
            : `The prediction's model (Model Choices) runs: ${runs}. This one runs when it is DC-field-defined.`
        }
        data={TEMPERATURE_MODELS}
        value={String(own)}
        onChange={(value) => value !== null && onChange({ modTempModel: Number(value) })}
        allowDeselect={false}
        disabled={disabled}
      />
      {model === HEAT_BALANCE && heatBalance}
      {model === SANDIA && (
        <>
          {number('sandiaConductiveCoef', 'Sandia a', { validate: inRange(-20, 0, '') })}
          {number('sandiaConvectiveCoef', 'Sandia b', { symbol: 's/m', validate: inRange(-1, 0, ' s/m') })}
          {number('cellToModuleTempDiff', 'Cell to module ΔT', { unit: 'celsiusDelta' })}
        </>
      )}
      {(model === NOCT || model === FUENTES) &&
        number('nominalOperatingCellTemperature', model === FUENTES ? 'Installed NOCT' : 'NOCT', {
          unit: 'celsius',
        })}
      {model === FAIMAN && (
        <>
          {number('faimanU0', 'U0', { symbol: 'W/m²K', validate: inRange(0, 200, ' W/m²K') })}
          {number('faimanU1', 'U1', { symbol: 'W·s/m³K', validate: inRange(0, 100, ' W·s/m³K') })}
        </>
      )}
      {model === PVSYST && (
        <>
          {heatBalance}
          {number('moduleEfficiency', 'Module efficiency η', { validate: inRange(0, 0.5, '') })}
        </>
      )}
      {model === FUENTES && (
        <>
          {number('fuentesModuleHeight', 'Module height', { unit: 'metre' })}
          {number('fuentesWindHeight', 'Wind measurement height', { unit: 'metre' })}
          {number('fuentesEmissivity', 'Emissivity', fraction)}
          {number('fuentesAbsorption', 'Absorptance', fraction)}
          {number('fuentesCharacteristicLength', 'Characteristic length', { unit: 'metre' })}
        </>
      )}
    </Section>
  );
}

/**
 * The field's DC power model (issue 17): the module's own, or NREL's PVWatts DC model with the DC
 * rating, γ and the system loss, as PVWatts states a plant. Empty values are PVWatts' defaults (the
 * modules' STC power, −0.37 %/°C, 14.08 %), which the run's assumptions list.
 */
export function PowerModelSection(props: SectionProps) {
  const { field, disabled, onChange } = props;
  const number = numberInputs(props);
  const model = numberOf(field.dcPowerModel) ?? 0;
  return (
    <Section title="DC power">
      <Select
        label="DC power model"
        data={POWER_MODELS}
        value={String(model)}
        onChange={(value) => value !== null && onChange({ dcPowerModel: Number(value) })}
        allowDeselect={false}
        disabled={disabled}
      />
      {model === PVWATTS && (
        <>
          {number('pvwattsDcRating', 'DC rating', { symbol: 'kW', validate: inRange(0, 10_000_000, ' kW') })}
          {number('pvwattsGamma', 'Temperature coefficient γ', {
            symbol: '%/°C',
            validate: inRange(-2, 0.5, ' %/°C'),
          })}
          {number('pvwattsSystemLoss', 'System loss', { symbol: '%', validate: inRange(0, 99, ' %') })}
        </>
      )}
    </Section>
  );
}
