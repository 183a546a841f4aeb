import { describe, expect, it } from 'vitest';
import { ALARM_TYPES } from '../monitoring/alarms.ts';
import {
  ALARM_ORDER_TYPE,
  alarmNoteText,
  leakCost,
  missingSourceFields,
  priorityOfLevel,
  readAlarmNote,
} from './raiseRules.ts';

describe('the order an alarm becomes', () => {
  it.each([
    ['voltage', 'meterFault'],
    ['csq', 'meterFault'],
    ['rsrp', 'meterFault'],
    ['offline', 'meterFault'],
    ['noData', 'meterFault'],
    ['stuckMeter', 'meterFault'],
    ['reverseFlow', 'meterFault'],
    ['zeroUse', 'inspection'],
    ['suddenIncrease', 'inspection'],
    ['continuousFlow', 'leakRepair'],
    ['nightFlow', 'leakRepair'],
  ] as const)('%s → %s', (alarmType, orderType) => {
    expect(ALARM_ORDER_TYPE[alarmType]).toBe(orderType);
  });

  it('covers every alarm type', () => {
    for (const type of ALARM_TYPES) expect(ALARM_ORDER_TYPE[type]).toBeTruthy();
  });

  it.each([
    ['urgent', 'urgent'],
    ['severe', 'high'],
    ['alarm', 'normal'],
    ['general', 'low'],
    ['whatever', 'normal'],
  ])('level %s → priority %s', (level, priority) => {
    expect(priorityOfLevel(level)).toBe(priority);
  });
});

describe('missingSourceFields', () => {
  it('names what each source lacks', () => {
    expect(missingSourceFields({ source: 'alarm' })).toEqual(['alarmId']);
    expect(missingSourceFields({ source: 'alarm', alarmId: 3 })).toEqual([]);
    expect(missingSourceFields({ source: 'usageException', meterId: 4 })).toEqual(['exceptionType']);
    expect(missingSourceFields({ source: 'readingException' })).toEqual(['meterId', 'exceptionType']);
    expect(missingSourceFields({ source: 'nightFlowEvent', alarmId: 2 })).toEqual(['leakEventId']);
  });
});

describe('leakCost', () => {
  it('is the volume lost so far and the size round the clock', () => {
    expect(leakCost({ magnitude: 2.5, volume: 300 })).toEqual({ lostM3: 300, perDayM3: 60 });
    expect(leakCost({ magnitude: -1, volume: -3 })).toEqual({ lostM3: 0, perDayM3: 0 });
  });
});

describe('alarm notes', () => {
  it('are stored in Chinese and read back as their message', () => {
    const raised = alarmNoteText('workOrder.alarmNote.raised', { code: 'GD20260501001' });
    expect(raised).toBe('已生成工单 GD20260501001');
    expect(readAlarmNote(raised)).toEqual({ key: 'workOrder.alarmNote.raised', params: { code: 'GD20260501001' } });
  });

  it('carry a listed cause back to its code, free text as written', () => {
    const listed = alarmNoteText('workOrder.alarmNote.completed', { code: 'GD1', cause: 'pipeLeak' });
    expect(listed).toContain('管道漏水');
    expect(readAlarmNote(listed)).toEqual({
      key: 'workOrder.alarmNote.completed',
      params: { code: 'GD1', cause: '管道漏水', causeCode: 'pipeLeak' },
    });
    const free = alarmNoteText('workOrder.alarmNote.completed', { code: 'GD2', cause: '阀门井内接头松动' });
    expect(readAlarmNote(free)?.params).toEqual({ code: 'GD2', cause: '阀门井内接头松动' });
  });

  it('leave an operator comment alone', () => {
    expect(readAlarmNote('现场已确认')).toBeNull();
    expect(readAlarmNote(null)).toBeNull();
  });
});
