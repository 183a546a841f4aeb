// The deadline settings in parameter config: written rows read back as the same settings (a property over random
// valid settings), and what absent, disabled or malformed rows mean (the defaults, cell by cell).
import {
  DEFAULT_DEADLINE_SETTINGS,
  deadlinesOf,
  ESCALATION_AUDIENCES,
  formatClockTime,
  normalizeSettings,
  settingsView,
  WorkOrderPriority,
  type WorkOrderSettings,
  WorkOrderType,
} from '@waterops/shared/workorder';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_GROUP,
  DEADLINE_GROUP,
  ESCALATION_GROUP,
  type ParamRow,
  paramsFromSettings,
  settingsFromParams,
  workingHoursFromParams,
} from './deadlineSettings.ts';

const MAX = 525_600;

const target = fc
  .integer({ min: 1, max: MAX })
  .chain((responseMinutes) =>
    fc.integer({ min: responseMinutes, max: MAX }).map((resolveMinutes) => ({ responseMinutes, resolveMinutes })),
  );

/** A clock time as a person types it: "8:05" or "08:05". */
const clockText = (minutes: number, pad: boolean) =>
  pad ? formatClockTime(minutes) : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

const workingHours = fc.oneof(
  fc.constant(''),
  fc
    .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 }), fc.boolean())
    .filter(([a, b]) => a < b)
    .map(([a, b, pad]) => `${clockText(a, pad)}-${clockText(b, pad)}`),
);

const level = (n: number) =>
  fc.record({
    level: fc.constant(n),
    basis: fc.constantFrom('response' as const, 'resolve' as const),
    percent: fc.integer({ min: 1, max: 1000 }),
    notify: fc.array(fc.constantFrom(...ESCALATION_AUDIENCES), { minLength: 1, maxLength: 3 }),
  });

/** Valid settings, in any order, with repeated priorities and audiences as a client might send them. */
const settings: fc.Arbitrary<WorkOrderSettings> = fc
  .record({
    cells: fc.array(target, { minLength: 40, maxLength: 40 }),
    workingTimePriorities: fc.array(fc.constantFrom(...WorkOrderPriority.values), { maxLength: 4 }),
    workingHours,
    levels: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9]).chain((ns) => fc.tuple(...ns.map(level))),
    seed: fc.integer(),
  })
  .chain((r) =>
    fc
      .shuffledSubarray(
        WorkOrderType.values.flatMap((type, i) =>
          WorkOrderPriority.values.map((priority, j) => ({ type, priority, ...(r.cells[i * 4 + j] as object) })),
        ),
        { minLength: 40, maxLength: 40 },
      )
      .chain((targets) =>
        fc.shuffledSubarray(r.levels, { minLength: r.levels.length, maxLength: r.levels.length }).map(
          (escalation): WorkOrderSettings => ({
            targets: targets as WorkOrderSettings['targets'],
            workingTimePriorities: r.workingTimePriorities,
            workingHours: r.workingHours,
            escalation,
          }),
        ),
      ),
  );

const asRows = (s: WorkOrderSettings): ParamRow[] =>
  paramsFromSettings(s).map((p) => ({ key_type: p.keyType, code: p.code, value: p.value, enabled: true }));

describe('deadline settings in parameter config', () => {
  it('reads back what it wrote: settings → rows → settings (property)', () => {
    fc.assert(
      fc.property(settings, (s) => {
        const rows = asRows(s);
        const expected = deadlinesOf(s);
        const read = settingsFromParams(rows);
        const hours = workingHoursFromParams(rows);
        expect(read).toEqual(expected.settings);
        expect(hours).toEqual(expected.hours);
        expect(settingsView(read, hours)).toEqual(normalizeSettings(s));
      }),
      { numRuns: 300 },
    );
  });

  it('writes one row per type × priority with a readable Chinese name, and the clock and ladder rows', () => {
    const view = settingsView(DEFAULT_DEADLINE_SETTINGS, { start: 510, end: 1050 });
    const rows = paramsFromSettings(view);
    const leak = rows.find((r) => r.keyType === DEADLINE_GROUP && r.code === 'leakRepair.urgent');
    expect(leak).toMatchObject({ name: '漏损维修·紧急', value: '30,240' });
    expect(rows.filter((r) => r.keyType === DEADLINE_GROUP)).toHaveLength(40);
    expect(rows.find((r) => r.code === 'workingHours')).toMatchObject({
      keyType: CALENDAR_GROUP,
      value: '08:30-17:30',
    });
    expect(rows.find((r) => r.code === 'workingTimePriorities')?.value).toBe('normal,low');
    expect(rows.find((r) => r.code === 'ladder')).toMatchObject({ keyType: ESCALATION_GROUP, value: '1,2,3' });
    expect(rows.find((r) => r.code === 'level3')?.value).toBe('resolve,150,managers');
  });

  it('keeps an empty ladder empty (no fall back to the default ladder)', () => {
    const none = { ...settingsView(DEFAULT_DEADLINE_SETTINGS, null), escalation: [] };
    expect(settingsFromParams(asRows(none)).escalation).toEqual([]);
  });
});

describe('absent, disabled and malformed rows', () => {
  const row = (key_type: string, code: string, value: string | null, enabled = true): ParamRow => ({
    key_type,
    code,
    value,
    enabled,
  });

  it('no rows: the defaults, whole working days', () => {
    expect(settingsFromParams([])).toEqual(DEFAULT_DEADLINE_SETTINGS);
    expect(workingHoursFromParams([])).toBeNull();
  });

  it.each([
    ['not numbers', 'abc'],
    ['one number', '30'],
    ['three numbers', '1,2,3'],
    ['zero', '0,60'],
    ['negative', '-5,60'],
    ['a fraction', '1.5,60'],
    ['empty', ''],
    ['null', null],
  ])('a target row of %s counts as absent: that cell keeps its default', (_what, value) => {
    const read = settingsFromParams([
      row(DEADLINE_GROUP, 'burst.urgent', value),
      row(DEADLINE_GROUP, 'valve.low', '60,600'),
    ]);
    expect(read.targets.burst.urgent).toEqual(DEFAULT_DEADLINE_SETTINGS.targets.burst.urgent);
    expect(read.targets.valve.low).toEqual({ responseMinutes: 60, resolveMinutes: 600 });
  });

  it('a disabled row counts as absent', () => {
    const read = settingsFromParams([
      row(DEADLINE_GROUP, 'valve.low', '60,600', false),
      row(CALENDAR_GROUP, 'workingTimePriorities', 'urgent', false),
      row(ESCALATION_GROUP, 'level1', 'response,50,assignee', false),
    ]);
    expect(read).toEqual(DEFAULT_DEADLINE_SETTINGS);
    expect(workingHoursFromParams([row(CALENDAR_GROUP, 'workingHours', '08:00-17:00', false)])).toBeNull();
  });

  it.each(['8-17', '17:00-08:00', '08:00-25:00', '08:60-17:00', 'all day', '08:00-17:00-18:00'])(
    'malformed working hours %s mean whole working days',
    (value) => {
      expect(workingHoursFromParams([row(CALENDAR_GROUP, 'workingHours', value)])).toBeNull();
    },
  );

  it('working-time priorities: unknown words are dropped, an empty value means every minute counts', () => {
    expect(
      settingsFromParams([row(CALENDAR_GROUP, 'workingTimePriorities', 'low, urgent ,soon')]).workingTimePriorities,
    ).toEqual(['low', 'urgent']);
    expect(settingsFromParams([row(CALENDAR_GROUP, 'workingTimePriorities', '')]).workingTimePriorities).toEqual([]);
  });

  it('a malformed level is dropped from a saved ladder; the others stay, in level order', () => {
    const read = settingsFromParams([
      row(ESCALATION_GROUP, 'ladder', '1,2,3'),
      row(ESCALATION_GROUP, 'level3', 'resolve,200,managers+managers'),
      row(ESCALATION_GROUP, 'level2', 'later,100,assignee'),
      row(ESCALATION_GROUP, 'level1', 'response,100,nobody'),
    ]);
    expect(read.escalation).toEqual([{ level: 3, basis: 'resolve', percent: 200, notify: ['managers'] }]);
  });
});
