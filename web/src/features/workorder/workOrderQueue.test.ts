import { describe, expect, it } from 'vitest';
import { crewInOrder, suggestAssignee } from './crewSuggestion.ts';
import { countdownText, durationParts, formatDuration } from './deadlineLook.ts';
import { soundingOf } from './useOrderTone.ts';
import { matchesQueueFilters, NO_QUEUE_FILTERS, newOrderIds, sortQueue } from './workOrderQueue.ts';
import { aCrewMember, aWorkOrder, minutesAgo, NOW } from './workOrderTestData.ts';

const now = new Date(NOW);
const codes = (orders: { code: string }[]) => orders.map((o) => o.code.slice(-2));

describe('the queue order', () => {
  const orders = [
    aWorkOrder({ id: 1, priority: 'low', resolveDueAt: minutesAgo(-30) }), // due soon
    aWorkOrder({ id: 2, priority: 'normal', resolveDueAt: minutesAgo(49 * 60) }), // over 48 h late
    aWorkOrder({ id: 3, priority: 'urgent', resolveDueAt: minutesAgo(-600) }), // on time
    aWorkOrder({ id: 4, priority: 'high', resolveDueAt: minutesAgo(-600) }), // on time
    aWorkOrder({ id: 5, priority: 'urgent', status: 'deferred', resolveDueAt: null }), // paused
    aWorkOrder({ id: 6, priority: 'low', resolveDueAt: minutesAgo(10) }), // overdue
  ];

  it('puts the furthest past due first, then the priority, then the sooner due', () => {
    expect(codes(sortQueue(orders, 'urgency', now))).toEqual(['02', '06', '01', '03', '04', '05']);
  });

  it('sorts by due time (none last) or newest first', () => {
    expect(codes(sortQueue(orders, 'due', now))).toEqual(['02', '06', '01', '03', '04', '05']);
    const created = orders.map((o) => ({ ...o, createdAt: minutesAgo(o.id) }));
    expect(codes(sortQueue(created, 'created', now))).toEqual(['01', '02', '03', '04', '05', '06']);
  });
});

describe('the queue filters', () => {
  const order = aWorkOrder({
    id: 1,
    type: 'burst',
    priority: 'urgent',
    status: 'processing',
    departmentId: 5,
    assigneeId: 21,
    meterCode: 'SB00000042',
    resolveDueAt: minutesAgo(25 * 60),
  });
  it.each([
    ['nothing', {}, true],
    ['its status', { status: 'processing' }, true],
    ['another status', { status: 'pending' }, false],
    ['its type and priority', { type: 'burst', priority: 'urgent' }, true],
    ['another priority', { priority: 'low' }, false],
    ['its team', { departmentId: 5 }, true],
    ['another team', { departmentId: 6 }, false],
    ['its assignee', { assigneeId: 21 }, true],
    ['unassigned', { assigneeId: 'none' }, false],
    ['its deadline class', { deadline: 'over24' }, true],
    ['another deadline class', { deadline: 'overdue' }, false],
    ['a keyword in the meter code, any case', { keyword: ' sb0000004 ' }, true],
    ['a keyword in the address', { keyword: '东四十条' }, true],
    ['a keyword found nowhere', { keyword: '西单' }, false],
  ] as const)('by %s', (_, filters, expected) => {
    expect(matchesQueueFilters(order, { ...NO_QUEUE_FILTERS, ...filters }, now)).toBe(expected);
  });

  it('finds the unassigned', () => {
    expect(matchesQueueFilters(aWorkOrder({ id: 2 }), { ...NO_QUEUE_FILTERS, assigneeId: 'none' }, now)).toBe(true);
  });
});

describe('new orders', () => {
  it('records the first look without flashing anything, then names what arrives', () => {
    const first = newOrderIds(null, [{ id: 1 }, { id: 2 }]);
    expect(first.fresh).toEqual([]);
    const next = newOrderIds(first.seen, [{ id: 2 }, { id: 3 }, { id: 1 }]);
    expect(next.fresh).toEqual([3]);
    expect(newOrderIds(next.seen, [{ id: 3 }]).fresh).toEqual([]);
  });
});

describe('the countdown', () => {
  const t = (key: string, p: Record<string, unknown> = {}) => `${key.split('.').pop()}(${Object.values(p).join(',')})`;
  it.each([
    [30_000, { d: 0, h: 0, m: 1 }],
    [59 * 60_000, { d: 0, h: 0, m: 59 }],
    [-(25 * 60 + 5) * 60_000, { d: 1, h: 1, m: 5 }],
  ])('splits %i ms into days, hours and minutes', (ms, parts) => {
    expect(durationParts(ms)).toEqual(parts);
  });
  it('shows days and hours past a day, hours and minutes under it', () => {
    expect(formatDuration(26 * 3_600_000, t)).toBe('d(1)sep()h(2)');
    expect(formatDuration(125 * 60_000, t)).toBe('h(2)sep()m(5)');
    expect(formatDuration(48 * 3_600_000, t)).toBe('d(2)');
  });
  it('says time left, time late, or the class when the clock stands', () => {
    expect(countdownText({ class: 'onTime', dueAt: '', remainingMs: 90 * 60_000 }, t)).toBe('left(h(1)sep()m(30))');
    expect(countdownText({ class: 'over24', dueAt: '', remainingMs: -25 * 3_600_000 }, t)).toBe('late(d(1)sep()h(1))');
    expect(countdownText({ class: 'paused', dueAt: null, remainingMs: null }, t)).toBe('paused()');
  });
});

describe('the assignee suggestion', () => {
  const crew = [
    aCrewMember({ userId: 1, onDuty: false, openLoad: 0 }),
    aCrewMember({ userId: 2, onDuty: true, openLoad: 3 }),
    aCrewMember({ userId: 3, onDuty: true, openLoad: 1, departmentId: 6 }),
    aCrewMember({ userId: 4, onDuty: true, openLoad: 1, departmentId: 5 }),
  ];
  it('is the on-duty member with the fewest open orders, the order team first on a tie', () => {
    expect(suggestAssignee(crew)?.member.userId).toBe(3);
    expect(suggestAssignee(crew, 5)).toEqual({ member: crew[3], onDuty: true });
  });
  it('falls back to the least loaded of all when nobody is on duty', () => {
    const offDuty = crew.map((m) => ({ ...m, onDuty: false }));
    expect(suggestAssignee(offDuty)).toEqual({ member: crew[0], onDuty: false });
    expect(suggestAssignee([])).toBeNull();
  });
  it('lists the crew on duty first, then by load', () => {
    expect(crewInOrder(crew).map((m) => m.userId)).toEqual([3, 4, 2, 1]);
  });
});

describe('the tone for new orders', () => {
  it('sounds the loudest of urgent and high, nothing for normal and low', () => {
    expect(soundingOf([{ priority: 'high' }, { priority: 'urgent' }])).toBe('urgent');
    expect(soundingOf([{ priority: 'low' }, { priority: 'high' }])).toBe('high');
    expect(soundingOf([{ priority: 'normal' }, { priority: 'low' }])).toBeNull();
  });
});
