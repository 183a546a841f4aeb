// The deadline settings form's state, pure: what the server sent, the targets typed (each in the unit it was typed
// in, so switching units never rounds a target nobody touched), the clock and the ladder as edited; and the settings
// it makes with every problem keyed by the field it is shown on — the typed values' own rules and the shared save
// rules (validateWorkOrderSettings), the same the route answers.
import type { MessageKey } from '@waterops/shared/i18n';
import {
  type EscalationAudience,
  normalizeSettings,
  validateWorkOrderSettings,
  type WorkOrderPriority,
  type WorkOrderSettings,
  type WorkOrderType,
} from '@waterops/shared/workorder';
import { type TargetUnit, textToMinutes } from './targetUnits.ts';

export type TargetPart = 'response' | 'resolve';
export type EscalationDraft = {
  /** a local key, stable while rows are added and removed */
  key: number;
  level: number;
  basis: 'response' | 'resolve';
  percent: string;
  notify: EscalationAudience[];
};
export type SettingsDraft = {
  base: WorkOrderSettings;
  /** the targets typed, by cellKey */
  typed: Record<string, { text: string; unit: TargetUnit }>;
  workingTimePriorities: WorkOrderPriority[];
  workingHours: string;
  escalation: EscalationDraft[];
};

export const cellKey = (type: WorkOrderType, priority: WorkOrderPriority, part: TargetPart) =>
  `${type}.${priority}.${part}`;

export const draftOf = (base: WorkOrderSettings): SettingsDraft => ({
  base,
  typed: {},
  workingTimePriorities: [...base.workingTimePriorities],
  workingHours: base.workingHours,
  escalation: base.escalation.map((l, i) => ({ ...l, key: i + 1, percent: String(l.percent), notify: [...l.notify] })),
});

/** The level a new row gets: the lowest one not in use (null: all nine are). */
export const nextLevel = (rows: readonly EscalationDraft[]): number | null => {
  for (let n = 1; n <= 9; n++) if (!rows.some((r) => r.level === n)) return n;
  return null;
};

export type DraftResult = {
  settings: WorkOrderSettings;
  /** field → message: cell keys, 'workingHours', 'escalation.<key>.level|percent|notify' */
  problems: Record<string, MessageKey>;
  /** whether it says something other than what the server sent */
  changed: boolean;
};

const PERCENT = /^\d{1,4}$/;

export const buildSettings = (d: SettingsDraft): DraftResult => {
  const problems: Record<string, MessageKey> = {};
  const targets = d.base.targets.map((row) => {
    const minutesOf = (part: TargetPart, fallback: number) => {
      const key = cellKey(row.type, row.priority, part);
      const typed = d.typed[key];
      if (!typed) return fallback;
      const minutes = textToMinutes(typed.text, typed.unit);
      if (minutes === null) problems[key] = 'deadlineSettings.numberRule';
      return minutes ?? fallback;
    };
    return {
      ...row,
      responseMinutes: minutesOf('response', row.responseMinutes),
      resolveMinutes: minutesOf('resolve', row.resolveMinutes),
    };
  });
  const escalation = d.escalation.map((r) => {
    const percent = PERCENT.test(r.percent.trim()) ? Number(r.percent.trim()) : Number.NaN;
    if (!(percent >= 1 && percent <= 1000)) problems[`escalation.${r.key}.percent`] = 'deadlineSettings.percentRule';
    if (r.notify.length === 0) problems[`escalation.${r.key}.notify`] = 'deadlineSettings.notifyRule';
    return { level: r.level, basis: r.basis, percent: Number.isNaN(percent) ? 0 : percent, notify: r.notify };
  });
  const settings: WorkOrderSettings = {
    targets,
    workingTimePriorities: d.workingTimePriorities,
    workingHours: d.workingHours.trim(),
    escalation,
  };
  for (const v of validateWorkOrderSettings(settings)) {
    const [group, index, what] = v.field.split('.');
    let field = v.field;
    if (group === 'targets' && index !== undefined) {
      const row = targets[Number(index)];
      if (row) field = cellKey(row.type, row.priority, what === 'resolveMinutes' ? 'resolve' : 'response');
    } else if (group === 'escalation' && index !== undefined)
      field = `escalation.${d.escalation[Number(index)]?.key}.${what ?? 'level'}`;
    problems[field] ??= v.message;
  }
  const changed = JSON.stringify(normalizeSettings(settings)) !== JSON.stringify(normalizeSettings(d.base));
  return { settings, problems, changed };
};
