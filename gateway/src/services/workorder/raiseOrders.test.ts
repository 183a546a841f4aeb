import { describe, expect, it } from 'vitest';
import {
  type AlarmSource,
  chinaTimeText,
  orderOfAlarm,
  orderOfLeakEvent,
  orderOfReadingException,
  orderOfUsageException,
  ringCentre,
} from './raiseOrders.ts';

const alarm: AlarmSource = {
  id: 41,
  alarmType: 'voltage',
  level: 'severe',
  sourceKind: 'meter',
  sourceId: 7,
  sourceCode: 'M0007',
  meterId: 7,
  areaId: 3,
  areaName: '阳光小区',
  value: 3.1,
  threshold: 3.2,
  raisedAt: new Date('2026-05-01T00:30:00Z'),
  active: true,
  address: null,
  lng: null,
  lat: null,
  centre: null,
  leakEventId: null,
};
const meter = { id: 7, meterCode: 'M0007', areaName: '阳光小区', residentCode: 'R01', residentName: '张三' };

describe('orderOfAlarm', () => {
  it('makes a meter fault of a low voltage, high for a severe alarm, keyed by the alarm', () => {
    const o = orderOfAlarm(alarm);
    expect(o).toMatchObject({
      type: 'meterFault',
      priority: 'high',
      source: 'alarm',
      sourceKey: 'alarm:41',
      meterId: 7,
      areaId: 3,
      alarmId: 41,
      districtId: null,
    });
    expect(o.title).toBe('水表 M0007 低电压告警');
    expect(o.description).toContain('测量值 3.1 V,阈值 3.2 V');
    // China time, eight hours ahead
    expect(o.description).toContain('2026-05-01 08:30');
  });

  it("takes the raiser's type, priority and remark", () => {
    const o = orderOfAlarm(alarm, { type: 'inspection', priority: 'urgent', comment: ' 请带备用电池 ' });
    expect(o).toMatchObject({ type: 'inspection', priority: 'urgent' });
    expect(o.description.endsWith('备注:请带备用电池')).toBe(true);
  });

  it('places a district alarm at the district with its leak event', () => {
    const o = orderOfAlarm({
      ...alarm,
      alarmType: 'nightFlow',
      level: 'urgent',
      sourceKind: 'district',
      sourceId: 5,
      sourceCode: '城东分区',
      meterId: null,
      areaId: null,
      areaName: null,
      centre: [116.4, 39.9],
      leakEventId: 9,
    });
    expect(o).toMatchObject({
      type: 'leakRepair',
      priority: 'urgent',
      districtId: 5,
      meterId: null,
      lng: 116.4,
      lat: 39.9,
      leakEventId: 9,
    });
  });

  it("keeps a concentrator's own address and position", () => {
    const o = orderOfAlarm({
      ...alarm,
      alarmType: 'offline',
      sourceKind: 'concentrator',
      meterId: null,
      threshold: 0,
      value: 30,
      address: '泵站一层',
      lng: 116.1,
      lat: 39.1,
    });
    expect(o).toMatchObject({ meterId: null, address: '泵站一层', lng: 116.1, lat: 39.1 });
    // an offline alarm's 0 limit is no limit worth writing
    expect(o.description).toContain('测量值 30 小时');
    expect(o.description).not.toContain('阈值');
  });
});

describe('the other sources', () => {
  it('keys a usage exception by meter and type', () => {
    const o = orderOfUsageException({
      meter,
      alarm: {
        id: 12,
        alarmType: 'continuousFlow',
        level: 'alarm',
        value: 0.2,
        threshold: 0.005,
        raisedAt: alarm.raisedAt,
        active: true,
        areaId: 3,
      },
    });
    expect(o).toMatchObject({
      type: 'leakRepair',
      priority: 'normal',
      source: 'usageException',
      sourceKey: 'usage:7:continuousFlow',
      alarmId: 12,
    });
    expect(o.description).toContain('R01 张三');
  });

  it('keys a reading exception by meter and finding and names the base', () => {
    const o = orderOfReadingException(meter, 'high', {
      period: '2026-04',
      startReading: 100,
      endReading: 180.5,
      consumption: 80.5,
      codes: ['high', 'estimated'],
    });
    expect(o).toMatchObject({ type: 'readingException', source: 'readingException', sourceKey: 'reading:7:high' });
    expect(o.title).toContain('(2026-04)');
    expect(o.description).toContain('期末底数 180.5');
    expect(o.description).toContain('期末底数为估算值');
  });

  it("writes a leak event's size, loss so far and cost per further day", () => {
    const o = orderOfLeakEvent({
      id: 9,
      districtId: 5,
      districtName: '城东分区',
      kind: 'step',
      startDay: '2026-04-20',
      detectedDay: '2026-04-23',
      magnitude: 2.5,
      volume: 612.34,
      level: 'severe',
      alarmId: 41,
      centre: null,
    });
    expect(o).toMatchObject({
      type: 'leakRepair',
      priority: 'high',
      source: 'nightFlowEvent',
      sourceKey: 'leak:9',
      districtId: 5,
      leakEventId: 9,
      alarmId: 41,
    });
    expect(o.title).toBe('城东分区 夜间流量漏损维修');
    expect(o.description).toContain('2026-04-20');
    expect(o.description).toContain('2.5 m³/h');
    expect(o.description).toContain('612.3 m³');
    expect(o.description).toContain('每多一天再损失约 60 m³');
  });
});

describe('helpers', () => {
  it('writes China time', () => expect(chinaTimeText(new Date('2026-12-31T16:05:00Z'))).toBe('2027-01-01 00:05'));
  it('centres a closed ring on its vertices', () => {
    expect(
      ringCentre([
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 2],
        [0, 0],
      ]),
    ).toEqual([1, 1]);
    expect(ringCentre(null)).toBeNull();
  });
});
