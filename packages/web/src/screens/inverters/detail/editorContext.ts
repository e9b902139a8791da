/** What the inverter page hands its general panel and its tabs. */
import type { UnitSystemName } from '@sunfield/domain';
import { createContext, useContext } from 'react';
import type { DraftErrors, InverterDraft } from '../model/draft.ts';

export interface InverterEditorContext {
  draft: InverterDraft;
  update: (change: (draft: InverterDraft) => InverterDraft) => void;
  readOnly: boolean;
  /** Field errors shown (after a save attempt, and from the server). */
  errors: DraftErrors;
  units: UnitSystemName;
  /** The saved inverter's id; null while unsaved. */
  savedId: number | null;
  dirty: boolean;
}

export const EditorContext = createContext<InverterEditorContext | null>(null);

export function useInverterEditor(): InverterEditorContext {
  const context = useContext(EditorContext);
  if (!context) throw new Error('useInverterEditor outside the inverter page');
  return context;
}
