/**
 * Import OND (POST /Inverter/ParseONDFile → the unsaved inverter page to review and save) and Import
 * (an exported JSON file, POST /Inverter/Import → the saved inverter). Both upload with the overlay's
 * percent bar and 'Cancel Upload'; a cancelled upload says nothing.
 */
import { TOAST } from '@sunfield/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UploadCancelledError } from '../../../api/upload.ts';
import { notifyError, toast } from '../../../lib/notify.ts';
import { importInverterFile, parseOndFile } from '../api.ts';
import type { ImportedInverterState } from '../detail/InverterScreen.tsx';
import { useInverterCache } from '../queries.ts';

/** Files above this are refused before uploading (the server has its own limit). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function useInverterImport() {
  const navigate = useNavigate();
  const cache = useInverterCache();
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) => {
    if (error instanceof UploadCancelledError) return;
    notifyError(error);
  };

  const tooBig = (file: File) => {
    if (file.size <= MAX_IMPORT_BYTES) return false;
    notifyError(`${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
    return true;
  };

  async function importOnd(file: File | null) {
    if (!file || tooBig(file)) return;
    setBusy(true);
    try {
      const imported = await parseOndFile(file).promise;
      const state: ImportedInverterState = { imported, fileName: file.name };
      navigate('/inverter/efficiency', { state });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function importFile(file: File | null) {
    if (!file || tooBig(file)) return;
    setBusy(true);
    try {
      const answer = await importInverterFile(file).promise;
      const id = (answer as { id?: number }).id;
      cache.changed();
      const name = (answer as { name?: string }).name ?? file.name.replace(/\.json$/i, '');
      toast(TOAST.created(name));
      if (typeof id === 'number') navigate(`/inverter/${id}/efficiency`);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return { busy, importOnd, importFile };
}
