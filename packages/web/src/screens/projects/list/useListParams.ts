/** The list state lives in the address, so back/forward and reload keep filter, search, sort and page. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListParams } from '../model/params.ts';

export function useListParams(): [ListParams, (next: ListParams, options?: { replace?: boolean }) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const update = useCallback(
    (next: ListParams, options?: { replace?: boolean }) => setSearch(writeListParams(next), options),
    [setSearch],
  );
  return [params, update];
}
