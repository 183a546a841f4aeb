// The deadline settings' save rules (the page and the route use them) and the canonical form.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_SETTINGS } from './workOrderDeadlines.ts';
import type { WorkOrderSettings } from './workOrderRequests.ts';
import { normalizeSettings, settingsView, validateWorkOrderSettings } from './workOrderSettingsRules.ts';

const base = (): WorkOrderSettings => settingsView(DEFAULT_DEADLINE_SETTINGS, null);

describe('validateWorkOrderSettings', () => {
  it('accepts the defaults', () => {
    expect(validateWorkOrderSettings(base())).toEqual([]);
  });

  it.each<[string, (s: WorkOrderSettings) => WorkOrderSettings, { field: string; message: string }]>([
    [
      'a missing target',
      (s) => ({ ...s, targets: s.targets.slice(1) }),
      { field: 'targets', message: 'workOrder.settings.targetMissing' },
    ],
    [
      'a target twice',
      (s) => ({ ...s, targets: [...s.targets.slice(0, 39), { ...(s.targets[0] as WorkOrderSettings['targets'][0]) }] }),
      { field: 'targets.39', message: 'workOrder.settings.targetTwice' },
    ],
    [
      'a response longer than the resolution',
      (s) => ({
        ...s,
        targets: s.targets.map((t, i) => (i === 5 ? { ...t, responseMinutes: t.resolveMinutes + 1 } : t)),
      }),
      { field: 'targets.5.responseMinutes', message: 'workOrder.settings.responseAfterResolve' },
    ],
    [
      'working hours without minutes',
      (s) => ({ ...s, workingHours: '8-17' }),
      { field: 'workingHours', message: 'workOrder.settings.workingHoursFormat' },
    ],
    [
      'working hours ending before they start',
      (s) => ({ ...s, workingHours: '17:30-08:30' }),
      { field: 'workingHours', message: 'workOrder.settings.workingHoursFormat' },
    ],
    [
      'a level twice',
      (s) => ({
        ...s,
        escalation: [...s.escalation, { level: 2, basis: 'response', percent: 50, notify: ['assignee'] }],
      }),
      { field: 'escalation.3.level', message: 'workOrder.settings.levelTwice' },
    ],
  ])('refuses %s', (_what, change, problem) => {
    expect(validateWorkOrderSettings(change(base()))).toEqual([problem]);
  });

  it('a response equal to the resolution, an empty ladder and whole days are fine', () => {
    const s = base();
    const equal = s.targets.map((t) => ({ ...t, responseMinutes: t.resolveMinutes }));
    expect(validateWorkOrderSettings({ ...s, targets: equal, escalation: [], workingHours: ' ' })).toEqual([]);
  });
});

describe('normalizeSettings', () => {
  it('orders targets, priorities and levels, writes hours out and names each audience once', () => {
    const s = base();
    const n = normalizeSettings({
      targets: [...s.targets].reverse(),
      workingTimePriorities: ['low', 'urgent', 'low'],
      workingHours: '8:00-17:30',
      escalation: [
        { level: 2, basis: 'resolve', percent: 100, notify: ['managers', 'assignee', 'managers'] },
        { level: 1, basis: 'response', percent: 80, notify: ['dispatchers'] },
      ],
    });
    expect(n.targets).toEqual(s.targets);
    expect(n.workingTimePriorities).toEqual(['urgent', 'low']);
    expect(n.workingHours).toBe('08:00-17:30');
    expect(n.escalation.map((l) => [l.level, l.notify])).toEqual([
      [1, ['dispatchers']],
      [2, ['assignee', 'managers']],
    ]);
  });
});
