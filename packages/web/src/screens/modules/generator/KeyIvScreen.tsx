/** /module-library/key-iv: single-diode parameters from key IV points. */
import { KEY_IV_TEMPLATE } from './generatorModel.ts';
import { UploadFitScreen } from './UploadFitScreen.tsx';

export function KeyIvScreen() {
  return (
    <UploadFitScreen
      title="Key IV Points"
      call="KeyIVPoints"
      templateName="key-iv-points-template.csv"
      template={KEY_IV_TEMPLATE}
      description="Upload Isc, Voc, Imp and Vmp measured at several irradiances and temperatures; the generator fits the single-diode parameters to them."
    />
  );
}
