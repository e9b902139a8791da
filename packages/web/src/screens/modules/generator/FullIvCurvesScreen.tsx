/** /module-library/full-iv-curves: single-diode parameters from full measured IV curves. */
import { FULL_IV_TEMPLATE } from './generatorModel.ts';
import { UploadFitScreen } from './UploadFitScreen.tsx';

export function FullIvCurvesScreen() {
  return (
    <UploadFitScreen
      title="Full IV Curves"
      call="IVCurves"
      templateName="full-iv-curves-template.csv"
      template={FULL_IV_TEMPLATE}
      description="Upload IV curves (voltage and current points) measured at several irradiances and temperatures; the generator fits the single-diode parameters to them."
    />
  );
}
