import { describe, expect, it } from 'vitest';
import { type AckPolicy, type Evaluation, groupUnder, replaySource } from './alarmHistoryEngine.ts';

const MINUTE = 60_000;
const source = { alarmType: 'offline', sourceKind: 'concentrator', source: 0 } as const;
/** acknowledged a minute after the raise, by person 0 */
const ack: AckPolicy = (raisedAt) => ({ at: raisedAt + MINUTE, by: 0, comment: null });
const cond = (level: 'general' | 'alarm' | 'severe', value: number, threshold: number) => ({ level, value, threshold });

describe('the demo replay of one source', () => {
  it('records each level change of the open alarm as the outage worsens and eases, with its value and limit', () => {
    const evaluations: Evaluation[] = [
      { at: 0, cond: cond('general', 1, 0) },
      // the same level with a new value: no event, the raise's value kept (as the engine does)
      { at: 5 * MINUTE, cond: cond('general', 1.1, 0) },
      { at: 10 * MINUTE, cond: cond('alarm', 12.3, 8) },
      { at: 20 * MINUTE, cond: cond('severe', 24, 24) },
      { at: 30 * MINUTE, cond: cond('alarm', 9, 8) },
      { at: 40 * MINUTE, cond: null },
      { at: 50 * MINUTE, cond: null },
    ];
    const [alarm] = replaySource(source, evaluations, 5 * MINUTE, ack, 60 * MINUTE);
    expect(alarm?.events).toEqual([
      { action: 'raised', at: 0 },
      { action: 'acknowledged', at: MINUTE },
      {
        action: 'levelChanged',
        at: 10 * MINUTE,
        levelChange: { from: 'general', to: 'alarm', value: 12.3, threshold: 8 },
      },
      {
        action: 'levelChanged',
        at: 20 * MINUTE,
        levelChange: { from: 'alarm', to: 'severe', value: 24, threshold: 24 },
      },
      { action: 'levelChanged', at: 30 * MINUTE, levelChange: { from: 'severe', to: 'alarm', value: 9, threshold: 8 } },
      { action: 'cleared', at: 50 * MINUTE },
    ]);
    expect(alarm).toMatchObject({ level: 'alarm', value: 9, threshold: 8 });
  });

  it('gives an outage’s grouped children the same level changes as their parent', () => {
    const evaluations: Evaluation[] = [
      { at: 0, cond: cond('general', 1, 0) },
      { at: 10 * MINUTE, cond: cond('alarm', 12, 8) },
      { at: 20 * MINUTE, cond: null },
      { at: 30 * MINUTE, cond: null },
    ];
    const [parent] = replaySource(source, evaluations, 5 * MINUTE, ack, 60 * MINUTE);
    const group = groupUnder(parent as NonNullable<typeof parent>, [
      { alarmType: 'noData', sourceKind: 'meter', source: 3 },
    ]);
    expect(group.children?.[0]?.events.map((e) => e.action)).toEqual([
      'raised',
      'suppressed',
      'acknowledged',
      'levelChanged',
      'cleared',
    ]);
  });
});
