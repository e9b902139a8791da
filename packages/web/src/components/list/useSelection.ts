/**
 * The rows chosen for a row action (Change Status, Compare). A choice is kept while the list is
 * filtered or paged, so rows can be gathered from several searches; `clear` empties it.
 */
import { useCallback, useState } from 'react';

export interface Selection {
  ids: number[];
  set: (ids: number[]) => void;
  clear: () => void;
}

export function useSelection(initial: readonly number[] = []): Selection {
  const [ids, setIds] = useState<number[]>([...initial]);
  const clear = useCallback(() => setIds([]), []);
  return { ids, set: setIds, clear };
}
