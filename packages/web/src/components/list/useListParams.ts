/**
 * A list's state lives in the address: `read` turns the search parameters into the list's params and
 * `write` back (leaving defaults out). Filter, sort and page changes add a history entry, so Back
 * undoes them; typing in the search box replaces the entry (`{ replace: true }`), so Back leaves the
 * list rather than undoing letters.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SetListParams<P> = (next: P, options?: { replace?: boolean }) => void;

export function useListParams<P>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
): [P, SetListParams<P>] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => read(search), [read, search]);
  const update = useCallback<SetListParams<P>>(
    (next, options) => setSearch(write(next), options),
    [setSearch, write],
  );
  return [params, update];
}
