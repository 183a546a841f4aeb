import { WIDGET_IDS } from '@waterops/shared/dashboard';
import { describe, expect, it } from 'vitest';
import {
  checkParams,
  GRANTS,
  hintReaches,
  type LivePrincipal,
  paramsFit,
  roomOf,
  TOPIC_DEFS,
  topicAllowed,
  topicDef,
  topicMaskOf,
} from './topics.ts';

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
    // dashboard: not without a widget (its permission is the widget's, below)
    expect(allowed([])).toEqual(['notifications']);
    expect(allowed(['monitoring:alarm:view'])).toEqual(['alarms', 'notifications']);
    expect(allowed(['monitoring:stats:view'])).toEqual(['notifications', 'devices.status']);
    expect(allowed(['admin'])).toEqual(['alarms', 'notifications', 'workorders', 'devices.status']);
    expect(allowed(['workorder:complete'])).toEqual(['notifications', 'workorders']);
    expect(allowed(['workorder:view'])).toEqual(['notifications', 'workorders']);
  });

  it('allows a dashboard widget by the permission of its source page, every widget to an administrator', () => {
    const dashboard = topicDef('dashboard');
    if (!dashboard) throw new Error('missing');
    const widgets = (permissions: string[]) => {
      const p = principal({ topicMask: topicMaskOf(permissions) });
      return WIDGET_IDS.filter((widget) => topicAllowed(p, dashboard, { widget }));
    };
    expect(widgets([])).toEqual(['adverts']);
    expect(widgets(['monitoring:alarm:view'])).toEqual(['alarms', 'messages', 'adverts']);
    expect(widgets(['device:status:view'])).toEqual(['overview', 'adverts']);
    expect(widgets(['workorder:view', 'reading:rate:view'])).toEqual(['readingRate', 'workOrders', 'adverts']);
    expect(widgets(['admin'])).toEqual([...WIDGET_IDS]);
    // an unknown widget is a bad param, never allowed
    expect(paramsFit(dashboard, { widget: 'alarms' })).toBe(true);
    expect(paramsFit(dashboard, { widget: 'nope' })).toBe(false);
    expect(paramsFit(dashboard, {})).toBe(false);
    expect(topicAllowed(principal({ topicMask: topicMaskOf(['admin']) }), dashboard, { widget: 'nope' })).toBe(false);
    expect(GRANTS.length).toBeLessThanOrEqual(31);
  });

  it('puts the work-order widget of a field crew member in a room of their own', () => {
    const dashboard = topicDef('dashboard');
    if (!dashboard) throw new Error('missing');
    const crew = principal({ workOrderReach: 'own', scopeKey: 'sabc' });
    expect(roomOf(dashboard, crew, 'dashboard?widget=workOrders', { widget: 'workOrders' })).toBe(
      'tenant/3/dashboard?widget=workOrders/own-7',
    );
    expect(roomOf(dashboard, crew, 'dashboard?widget=alarms', { widget: 'alarms' })).toBe(
      'tenant/3/dashboard?widget=alarms/sabc',
    );
  });

  it('polls the alarm widget on an alarms hint and the work-order widget on a workorders hint, not the others', () => {
    const dashboard = topicDef('dashboard');
    const alarms = topicDef('alarms');
    if (!dashboard || !alarms) throw new Error('missing');
    expect(hintReaches(dashboard, 'dashboard?widget=alarms', 'alarms')).toBe(true);
    expect(hintReaches(dashboard, 'dashboard?widget=workOrders', 'workorders')).toBe(true);
    expect(hintReaches(dashboard, 'dashboard?widget=overview', 'alarms')).toBe(false);
    expect(hintReaches(dashboard, 'dashboard?widget=alarms', 'workorders')).toBe(false);
    expect(hintReaches(dashboard, 'dashboard?widget=alarms', 'dashboard')).toBe(true);
    expect(hintReaches(alarms, 'alarms', 'alarms')).toBe(true);
    expect(hintReaches(alarms, 'alarms', 'workorders')).toBe(false);
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
