/** Save as module: POST /Module with the generated module, then open it. */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { markFormClean } from '../../../lib/dirtyForm.ts';
import { notifyError, toast } from '../../../lib/notify.ts';
import { createModule } from '../api.ts';
import { prepareModuleForSave } from '../model/moduleRules.ts';
import type { ModuleRecord } from '../model/types.ts';
import { useModuleCache } from '../queries.ts';

export function useSaveGenerated() {
  const navigate = useNavigate();
  const cache = useModuleCache();
  return useMutation({
    mutationFn: (module: ModuleRecord) => createModule(prepareModuleForSave(module)),
    onSuccess: ({ id }, module) => {
      markFormClean();
      toast(TOAST.created(module.name));
      cache.changed(id);
      navigate(`/module/${id}`);
    },
    onError: (error) => notifyError(error),
  });
}
