import { describe, expect, it } from 'vitest';
import { etagMatches } from '../conditionalGet.ts';
import { alarmListEtag } from './alarmEtag.ts';

describe('alarmListEtag', () => {
  it('changes with the latest change, the filter, the scope and the language, and only with them', () => {
    const base = alarmListEtag(41, { level: 'urgent' }, null, 'zh-CN');
    expect(alarmListEtag(41, { level: 'urgent' }, null, 'zh-CN')).toBe(base);
    expect(alarmListEtag(42, { level: 'urgent' }, null, 'zh-CN')).not.toBe(base);
    expect(alarmListEtag(41, { level: 'severe' }, null, 'zh-CN')).not.toBe(base);
    expect(alarmListEtag(41, { level: 'urgent' }, [{ kind: 'in', ids: [1] }], 'zh-CN')).not.toBe(base);
    expect(alarmListEtag(41, { level: 'urgent' }, null, 'en')).not.toBe(base);
  });
});

describe('etagMatches', () => {
  const tag = 'W/"a41-abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['W/"a41-abc"', true],
    ['"a41-abc"', true],
    ['"x", W/"a41-abc"', true],
    ['*', true],
    ['W/"a42-abc"', false],
  ])('If-None-Match %s → %s', (header, match) => {
    expect(etagMatches(header, tag)).toBe(match);
  });
});
