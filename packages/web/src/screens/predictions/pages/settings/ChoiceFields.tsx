/**
 * The inputs of the model choices: an enumeration as a select (options of GET /definitions, limited
 * to what the engine runs) and a flag as a switch, both writing one prediction field into the draft.
 */
import { Select, Switch } from '@mantine/core';
import { useDefinitions } from '../../../../lib/definitions.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import type { Prediction } from '../../model/types.ts';
import { enumOptions, selectValue } from './modelChoicesModel.ts';
import { serverError } from './SettingsCard.tsx';

export function ChoiceSelect({
  field,
  type,
  label,
  description,
  onChoose,
}: {
  field: string;
  /** the enumeration's type name in GET /definitions */
  type: string;
  label: string;
  description?: string;
  /** instead of setting `field` alone (coupled choices) */
  onChoose?: (value: number, current: Prediction) => Prediction;
}) {
  const editor = usePredictionEditor();
  const definitions = useDefinitions().data;
  const value = selectValue(editor.prediction, field);
  return (
    <Select
      label={label}
      description={description}
      data={enumOptions(definitions, type, editor.prediction[field])}
      value={value}
      allowDeselect={false}
      placeholder="Not set (the engine's default)"
      disabled={editor.readOnly}
      error={serverError(editor.errors, field)}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (next === null) return;
        const n = Number(next);
        editor.setPrediction((current) => (onChoose ? onChoose(n, current) : { ...current, [field]: n }));
      }}
    />
  );
}

export function ChoiceSwitch({
  field,
  label,
  description,
  checked,
  onToggle,
}: {
  field: string;
  label: string;
  description?: string;
  /** when the switch shows a derived state */
  checked?: boolean;
  onToggle?: (on: boolean, current: Prediction) => Prediction;
}) {
  const editor = usePredictionEditor();
  return (
    <Switch
      label={label}
      description={description}
      checked={checked ?? editor.prediction[field] === true}
      disabled={editor.readOnly}
      error={serverError(editor.errors, field)}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        editor.setPrediction((current) => (onToggle ? onToggle(on, current) : { ...current, [field]: on }));
      }}
    />
  );
}
