/**
 * Which cached queries a realtime command makes stale (pure, unit-tested). Query keys start with a
 * resource name; a push for a target invalidates every query whose first key part is listed.
 */
const TARGET_KEYS: Record<string, readonly string[]> = {
  queueitem: ['queue', 'userQueue'],
  queueitems: ['queue', 'userQueue'],
  weatheritem: ['weather', 'weatherLibrary'],
  weatheritems: ['weather', 'weatherLibrary'],
  predictionitem: ['prediction', 'predictions', 'project'],
};

export function targetOf(command: string): string {
  const index = command.indexOf(':');
  return (index >= 0 ? command.slice(index + 1) : command).toLowerCase();
}

/** The first query-key parts that a command makes stale; empty for commands no cache depends on. */
export function staleKeysFor(command: string): readonly string[] {
  return TARGET_KEYS[targetOf(command)] ?? [];
}

/** True when a query key is made stale by the command. 'user','queue' keys count as 'queue'. */
export function isStaleFor(command: string, queryKey: readonly unknown[]): boolean {
  const keys = staleKeysFor(command);
  if (!keys.length) return false;
  const first = String(queryKey[0] ?? '');
  const second = queryKey[0] === 'user' ? String(queryKey[1] ?? '') : '';
  return keys.includes(first) || (second !== '' && keys.includes(second));
}
