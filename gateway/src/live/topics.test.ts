import { describe, expect, it } from 'vitest';
import { checkParams, type LivePrincipal, roomOf, TOPIC_DEFS, topicAllowed, topicDef, topicMaskOf } from './topics.ts';

const principal = (over: Partial<LivePrincipal> = {}): LivePrincipal => ({
  token: 't',
  companyId: 3,
  userId: 7,
  scopeKey: 'all',
  topicMask: 0,
  locale: 'zh-CN',
  workOrderReach: 'tenant',
  ...over,
});

describe('topic registry', () => {
  it('names rooms per tenant and channel, by scope or (notifications) by user', () => {
    const alarms = topicDef('alarms');
    const notifications = topicDef('notifications');
    if (!alarms || !notifications) throw new Error('missing');
    expect(roomOf(alarms, principal({ scopeKey: 'sabc' }), 'alarms?areaId=4')).toBe('tenant/3/alarms?areaId=4/sabc');
    // the bell's to-dos read in the reader's language: a room per language
    expect(roomOf(notifications, principal(), 'notifications')).toBe('tenant/3/notifications/7/zh-CN');
    expect(roomOf(notifications, principal({ locale: 'en' }), 'notifications')).toBe('tenant/3/notifications/7/en');
    expect(topicDef('nope')).toBeUndefined();
  });

  it('gives a field crew member a work-order room of their own, and dispatchers of one scope one room', () => {
    const workorders = topicDef('workorders');
    if (!workorders) throw new Error('missing');
    expect(roomOf(workorders, principal({ workOrderReach: 'own' }), 'workorders')).toBe('tenant/3/workorders/own-7');
    expect(roomOf(workorders, principal({ scopeKey: 'sabc' }), 'workorders')).toBe('tenant/3/workorders/sabc');
  });

  it('allows a topic by its permission, every topic to an administrator, notifications to everyone', () => {
    const allowed = (permissions: string[]) =>
      TOPIC_DEFS.filter((d) => topicAllowed(principal({ topicMask: topicMaskOf(permissions) }), d)).map((d) => d.topic);
    expect(allowed([])).toEqual(['notifications']);
    expect(allowed(['monitoring:alarm:view'])).toEqual(['alarms', 'notifications']);
    expect(allowed(['monitoring:stats:view'])).toEqual(['notifications', 'devices.status']);
    expect(allowed(['admin'])).toEqual(['alarms', 'notifications', 'workorders', 'devices.status']);
    expect(allowed(['workorder:complete'])).toEqual(['notifications', 'workorders']);
    expect(allowed(['workorder:view'])).toEqual(['notifications', 'workorders']);
  });

  it.each([
    [undefined, {}],
    [null, {}],
    [{ areaId: 4 }, { areaId: 4 }],
    [
      { areaId: '4', level: 'urgent' },
      { areaId: '4', level: 'urgent' },
    ],
    [[1], null],
    ['x', null],
    [{ 'a b': 1 }, null],
    [{ areaId: 'x'.repeat(41) }, null],
    [{ areaId: 'a/b' }, null],
    [{ areaId: { nested: 1 } }, null],
    [{ areaId: Number.NaN }, null],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, null],
  ])('checkParams(%j) → %j', (params, expected) => {
    expect(checkParams(params)).toEqual(expected);
  });
});
