// Toasts for new urgent alarms, throttled: a burst within the window becomes one toast ("N urgent alarms").
import type { Alarm } from '@waterops/shared/monitoring';
import { bufferTime, filter, type Observable, type SchedulerLike } from 'rxjs';

export const TOAST_WINDOW_MS = 2000;

/** New urgent alarms in, batches out: at most one batch per window, never an empty one. */
export const urgentToastBatches = (
  urgent$: Observable<Alarm>,
  windowMs: number = TOAST_WINDOW_MS,
  scheduler?: SchedulerLike,
): Observable<Alarm[]> =>
  urgent$.pipe(
    scheduler ? bufferTime(windowMs, scheduler) : bufferTime(windowMs),
    filter((batch) => batch.length > 0),
  );

/** The alarms of `alarms` not in `seen` (by ring key), adding them to `seen`. */
export const takeNew = (alarms: readonly Alarm[], seen: Set<string>, keyOf: (a: Alarm) => string): Alarm[] => {
  const fresh: Alarm[] = [];
  for (const alarm of alarms) {
    const key = keyOf(alarm);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(alarm);
  }
  return fresh;
};
