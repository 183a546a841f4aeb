// The deadline settings as the settings page edits them (WorkOrderSettings) and as the deadline function takes them
// (DeadlineSettings + working hours): the one conversion each way, the canonical order, and the save rules with their
// messages — the page shows them on the field, the route answers them (400 naming the field, nothing written).
import type { RuleViolation } from '../user/rules.ts';
import { formatClockTime, parseWorkingHours, type WorkCalendar } from './workCalendar.ts';
import { type DeadlineSettings, ESCALATION_AUDIENCES, type EscalationLevel } from './workOrderDeadlines.ts';
import { WorkOrderPriority, WorkOrderType } from './workOrderModel.ts';
import type { TargetRow, WorkOrderSettings } from './workOrderRequests.ts';

/** Working hours as the settings carry them: '' (whole working days) or 'HH:MM-HH:MM'. */
export const formatWorkingHours = (hours: WorkCalendar['hours']): string =>
  hours ? `${formatClockTime(hours.start)}-${formatClockTime(hours.end)}` : '';

/** The settings page's view of what the deadline function uses: every type × priority in the model's order. */
export const settingsView = (settings: DeadlineSettings, hours: WorkCalendar['hours']): WorkOrderSettings => ({
  targets: WorkOrderType.values.flatMap((type) =>
    WorkOrderPriority.values.map((priority) => ({ type, priority, ...settings.targets[type][priority] })),
  ),
  workingTimePriorities: WorkOrderPriority.values.filter((p) => settings.workingTimePriorities.includes(p)),
  workingHours: formatWorkingHours(hours),
  escalation: [...settings.escalation]
    .sort((a, b) => a.level - b.level)
    .map((l) => ({
      level: l.level,
      basis: l.basis,
      percent: l.percent,
      notify: ESCALATION_AUDIENCES.filter((a) => l.notify.includes(a)),
    })),
});

const targetKey = (r: Pick<TargetRow, 'type' | 'priority'>) => `${r.type}.${r.priority}`;
const ORDER = new Map(
  WorkOrderType.values.flatMap((type, i) =>
    WorkOrderPriority.values.map((p, j) => [targetKey({ type, priority: p }), i * 10 + j] as const),
  ),
);

/**
 * The canonical form of valid settings: targets in the model's order, priorities in their order and once, working
 * hours written out, levels by number with each audience once. Settings that pass the rules keep their meaning.
 */
export const normalizeSettings = (s: WorkOrderSettings): WorkOrderSettings => {
  const hours = parseWorkingHours(s.workingHours);
  return {
    targets: [...s.targets]
      .sort((a, b) => (ORDER.get(targetKey(a)) ?? 0) - (ORDER.get(targetKey(b)) ?? 0))
      .map((r) => ({
        type: r.type,
        priority: r.priority,
        responseMinutes: r.responseMinutes,
        resolveMinutes: r.resolveMinutes,
      })),
    workingTimePriorities: WorkOrderPriority.values.filter((p) => s.workingTimePriorities.includes(p)),
    workingHours: hours === undefined ? s.workingHours.trim() : formatWorkingHours(hours),
    escalation: [...s.escalation]
      .sort((a, b) => a.level - b.level)
      .map((l) => ({
        level: l.level,
        basis: l.basis,
        percent: l.percent,
        notify: ESCALATION_AUDIENCES.filter((a) => l.notify.includes(a)),
      })),
  };
};

/** What the deadline function takes from the settings (valid ones: see validateWorkOrderSettings). */
export const deadlinesOf = (s: WorkOrderSettings): { settings: DeadlineSettings; hours: WorkCalendar['hours'] } => {
  const n = normalizeSettings(s);
  const targets = Object.fromEntries(
    WorkOrderType.values.map((type) => [
      type,
      Object.fromEntries(
        WorkOrderPriority.values.map((p) => {
          const row = n.targets.find((r) => r.type === type && r.priority === p);
          return [p, { responseMinutes: row?.responseMinutes ?? 0, resolveMinutes: row?.resolveMinutes ?? 0 }];
        }),
      ),
    ]),
  ) as DeadlineSettings['targets'];
  return {
    settings: {
      targets,
      workingTimePriorities: n.workingTimePriorities,
      escalation: n.escalation.map((l): EscalationLevel => ({ ...l })),
    },
    hours: parseWorkingHours(n.workingHours) ?? null,
  };
};

/**
 * The save rules: a target for every type × priority, each once, the response no longer than the resolution;
 * working hours '' or 'HH:MM-HH:MM' (end after start); each escalation level once. The first problem found per
 * field, in the order the page shows them.
 */
export const validateWorkOrderSettings = (s: WorkOrderSettings): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const seen = new Set<string>();
  s.targets.forEach((r, i) => {
    const key = targetKey(r);
    if (seen.has(key)) out.push({ field: `targets.${i}`, message: 'workOrder.settings.targetTwice' });
    seen.add(key);
    if (r.responseMinutes > r.resolveMinutes)
      out.push({ field: `targets.${i}.responseMinutes`, message: 'workOrder.settings.responseAfterResolve' });
  });
  if (seen.size < ORDER.size && !out.some((v) => v.message === 'workOrder.settings.targetTwice'))
    out.push({ field: 'targets', message: 'workOrder.settings.targetMissing' });
  if (parseWorkingHours(s.workingHours) === undefined)
    out.push({ field: 'workingHours', message: 'workOrder.settings.workingHoursFormat' });
  const levels = new Set<number>();
  s.escalation.forEach((l, i) => {
    if (levels.has(l.level)) out.push({ field: `escalation.${i}.level`, message: 'workOrder.settings.levelTwice' });
    levels.add(l.level);
  });
  return out;
};
