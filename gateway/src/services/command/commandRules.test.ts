import { COMMAND_STATE_NAMES, type CommandName, type CommandStateName } from '@waterops/shared/command';
import { translate } from '@waterops/shared/i18n';
import { describe, expect, it } from 'vitest';
import {
  type CommandEvent,
  type CommandTarget,
  commandDeadline,
  decideCreation,
  isFinalState,
  nextCommandState,
  reasonMessageKey,
} from './commandRules.ts';

describe('the command state machine', () => {
  // every (state, event) pair: the allowed ones lead somewhere, all others are refused (null)
  const allowed: Array<[CommandStateName, CommandEvent, CommandStateName]> = [
    ['created', 'sent', 'executing'],
    ['created', 'timedOut', 'failed'],
    ['executing', 'succeeded', 'success'],
    ['executing', 'deviceFailed', 'failed'],
    ['executing', 'timedOut', 'failed'],
  ];
  const events: CommandEvent[] = ['sent', 'succeeded', 'deviceFailed', 'timedOut'];
  for (const state of COMMAND_STATE_NAMES)
    for (const event of events) {
      const hit = allowed.find(([s, e]) => s === state && e === event);
      it(`${state} + ${event} → ${hit ? hit[2] : 'refused'}`, () => {
        expect(nextCommandState(state, event)).toBe(hit ? hit[2] : null);
      });
    }

  it('success, failed and cancelled are final; created and executing are not', () => {
    expect(COMMAND_STATE_NAMES.filter(isFinalState)).toEqual(['success', 'failed', 'cancelled']);
  });
});

describe('creating a command', () => {
  const meter = (over: Partial<CommandTarget> = {}): CommandTarget => ({
    kind: 'meter',
    code: 'M001',
    valveControl: true,
    online: true,
    concentratorOnline: true,
    filtered: false,
    ...over,
  });
  const cases: Array<[string, CommandName, CommandTarget, string]> = [
    ['a reachable valve meter', 'valveClose', meter(), 'created'],
    ['a meter without valve control', 'valveOpen', meter({ valveControl: false }), 'refused:command.noValveControl'],
    ['read now on a meter without valve control', 'readNow', meter({ valveControl: false }), 'created'],
    ['a meter whose concentrator is offline', 'valveClose', meter({ concentratorOnline: false }), 'cancelled:offline'],
    ['an offline meter behind an online concentrator', 'valveClose', meter({ online: false }), 'cancelled:offline'],
    ['read now on an offline meter behind an online concentrator', 'readNow', meter({ online: false }), 'created'],
    [
      'an offline meter without concentrator',
      'valveOpen',
      meter({ online: false, concentratorOnline: null }),
      'cancelled:offline',
    ],
    ['a filtered meter', 'valveClose', meter({ filtered: true }), 'cancelled:intercepted'],
    [
      'a filtered meter that is offline too',
      'valveClose',
      meter({ filtered: true, concentratorOnline: false }),
      'cancelled:intercepted',
    ],
    ['read now on a filtered meter (the filter is for valves)', 'readNow', meter({ filtered: true }), 'created'],
    [
      'an offline concentrator',
      'params',
      { kind: 'concentrator', code: 'C1', online: false, concentratorOnline: null, filtered: false },
      'cancelled:offline',
    ],
    [
      'a collector behind an online concentrator',
      'uploadFrequency',
      { kind: 'collector', code: 'K1', online: false, concentratorOnline: true, filtered: false },
      'created',
    ],
  ];
  for (const [what, command, target, expected] of cases)
    it(`${command} to ${what} → ${expected}`, () => {
      const d = decideCreation(command, target);
      const got =
        d.outcome === 'refused'
          ? `refused:${d.messageKey}`
          : d.outcome === 'cancelled'
            ? `cancelled:${d.reason}`
            : 'created';
      expect(got).toBe(expected);
    });

  it('says why in the catalogue words, in Chinese and English', () => {
    const offline = decideCreation('valveClose', meter({ concentratorOnline: false }));
    const intercepted = decideCreation('valveClose', meter({ filtered: true }));
    const refused = decideCreation('valveOpen', meter({ valveControl: false }));
    if (offline.outcome !== 'cancelled' || intercepted.outcome !== 'cancelled' || refused.outcome !== 'refused')
      throw new Error('unexpected outcome');
    expect(translate(offline.messageKey, 'zh-CN')).toBe('设备离线，开关阀命令已取消');
    expect(translate(offline.messageKey, 'en')).toBe('Device offline: the valve command was cancelled');
    expect(translate(intercepted.messageKey, 'zh-CN')).toBe('阀门操作被拦截，命令已取消');
    expect(translate(intercepted.messageKey, 'en')).toBe('Valve operation intercepted: the command was cancelled');
    expect(translate(refused.messageKey, 'en', refused.params)).toBe('The meter M001 has no valve control');
  });

  it('names the message of a stored reason', () => {
    expect(reasonMessageKey('offline', 'valveOpen')).toBe('command.offlineValve');
    expect(reasonMessageKey('offline', 'params')).toBe('command.offline');
    expect(reasonMessageKey('timeout', 'readNow')).toBe('command.timeout');
    expect(reasonMessageKey(null, 'readNow')).toBeNull();
  });

  it('gives a new command the configured time to be picked up', () => {
    expect(commandDeadline(new Date('2026-11-23T00:00:00Z'), 120).toISOString()).toBe('2026-11-23T00:02:00.000Z');
  });
});
