// The demo's staged outage, so that a fresh `npm start` shows the alarm console's grouping: one concentrator goes
// silent for a while at a fixed rhythm (first soon after start), WaterOps marks it offline, and the alarm engine
// raises one parent alarm with the concentrator's meters grouped beneath; then it reports again and catches up, and
// the group returns to normal. Apart from the city's own seeded outages (faults.ts), which last hours.
// The silence must outlast WaterOps' offline detection (at least 30 minutes: services/deviceStatus/offlineDevices.ts).

export type DemoOutage = {
  /** the concentrator (index in the plan) that goes silent; default 0 */
  concentrator?: number;
  /** a new silence starts every this many ms */
  everyMs: number;
  /** each silence lasts this many ms */
  silentMs: number;
  /** the first silence starts this many ms after the simulator started */
  firstAfterMs: number;
  /** how often the staged concentrator reports while up, minutes (its registered report rate): default 5 */
  reportMinutes?: number;
};

const MINUTE = 60_000;

/** The demo's default: silent 40 minutes in every hour, the first a minute after start. */
export const DEFAULT_DEMO_OUTAGE: DemoOutage = {
  everyMs: 60 * MINUTE,
  silentMs: 40 * MINUTE,
  firstAfterMs: MINUTE,
};

/** Whether the staged concentrator is silent at `t` (ms) for a simulator started at `startedAt`. */
export const demoSilentAt = (o: DemoOutage, startedAt: number, t: number): boolean => {
  const since = t - startedAt - o.firstAfterMs;
  if (since < 0) return false;
  return since % o.everyMs < o.silentMs;
};
