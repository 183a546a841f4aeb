import { describe, expect, it } from 'vitest';
import { type DelayState, IDLE, stepDelay } from './onOffDelay.ts';

const t0 = new Date('2026-11-25T08:00:00Z').getTime();
const at = (s: number) => new Date(t0 + s * 1000);

/** Runs a series of (second, condition holds) samples and lists the transitions with their second. */
const run = (samples: [number, boolean][], onDelaySeconds: number, offDelaySeconds: number) => {
  let state: DelayState = IDLE;
  const out: string[] = [];
  for (const [s, holds] of samples) {
    const step = stepDelay(state, holds, at(s), { onDelaySeconds, offDelaySeconds });
    state = step.state;
    if (step.transition) out.push(`${step.transition}@${s}`);
  }
  return out;
};

describe('on/off delays', () => {
  it.each<[string, [number, boolean][], number, number, string[]]>([
    [
      'no delays: every change is a transition',
      [
        [0, true],
        [10, false],
        [20, true],
      ],
      0,
      0,
      ['raise@0', 'clear@10', 'raise@20'],
    ],
    [
      'on-delay: raised once the condition held long enough',
      [
        [0, true],
        [30, true],
        [60, true],
      ],
      60,
      0,
      ['raise@60'],
    ],
    [
      'on-delay: a blip shorter than it raises nothing',
      [
        [0, true],
        [30, false],
        [40, true],
        [90, true],
      ],
      60,
      0,
      [],
    ],
    [
      'off-delay: chattering back to normal does not clear',
      [
        [0, true],
        [10, false],
        [20, true],
        [30, false],
        [40, true],
      ],
      0,
      60,
      ['raise@0'],
    ],
    [
      'off-delay: cleared after normal long enough',
      [
        [0, true],
        [10, false],
        [40, false],
        [70, false],
      ],
      0,
      60,
      ['raise@0', 'clear@70'],
    ],
    [
      'both: raise late, clear late',
      [
        [0, true],
        [120, true],
        [130, false],
        [300, false],
        [500, false],
      ],
      100,
      300,
      ['raise@120', 'clear@500'],
    ],
  ])('%s', (_name, samples, on, off, expected) => {
    expect(run(samples, on, off)).toEqual(expected);
  });
});
