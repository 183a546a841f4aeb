import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en.ts';
import { zhCN } from '../../locales/zhCN.ts';
import { greetingFor } from './greeting.ts';

describe('greeting by hour', () => {
  it.each([
    [0, 'early'],
    [7, 'early'],
    [8, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('%i h → %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });

  it('has five different greetings in each language', () => {
    expect(new Set(Object.values(zhCN.home.greeting)).size).toBe(5);
    expect(new Set(Object.values(en.home.greeting)).size).toBe(5);
  });
});
