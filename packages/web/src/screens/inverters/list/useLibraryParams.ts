/** The list state lives in the address, so back/forward and reload keep filters, search, sort and page. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readLibraryParams, writeLibraryParams, type LibraryParams } from '../model/listParams.ts';

export function useLibraryParams(): [
  LibraryParams,
  (next: LibraryParams, options?: { replace?: boolean }) => void,
] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readLibraryParams(search), [search]);
  const update = useCallback(
    (next: LibraryParams, options?: { replace?: boolean }) => setSearch(writeLibraryParams(next), options),
    [setSearch],
  );
  return [params, update];
}
