/**
 * Analytics events by name (spec 2 §7.13: menu clicks are tracked). No analytics service is wired
 * in; `track` is a no-op that a deployment can replace with `setAnalyticsSink`.
 */
export type AnalyticsSink = (eventName: string, properties?: Record<string, unknown>) => void;

let sink: AnalyticsSink = () => {};

export function setAnalyticsSink(next: AnalyticsSink): void {
  sink = next;
}

export function track(eventName: string, properties?: Record<string, unknown>): void {
  try {
    sink(eventName, properties);
  } catch {
    // analytics never breaks the app
  }
}
