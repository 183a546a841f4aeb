import { describe, expect, it } from 'vitest';
import { etagMatches } from '../conditionalGet.ts';
import { noticeEtag } from './noticeEtag.ts';

describe('the bell change tag', () => {
  const tag = noticeEtag({ maxId: 42, unread: 3 }, 'zh-CN');

  it('changes with the newest receipt, the unread count and the language', () => {
    expect(noticeEtag({ maxId: 43, unread: 3 }, 'zh-CN')).not.toBe(tag);
    expect(noticeEtag({ maxId: 42, unread: 2 }, 'zh-CN')).not.toBe(tag);
    expect(noticeEtag({ maxId: 42, unread: 3 }, 'en')).not.toBe(tag);
    expect(noticeEtag({ maxId: 42, unread: 3 }, 'zh-CN')).toBe(tag);
  });

  it.each([
    [undefined, false],
    ['', false],
    [tag, true],
    [tag.replace('W/', ''), true],
    [`"other", ${tag}`, true],
    ['*', true],
    [noticeEtag({ maxId: 41, unread: 3 }, 'zh-CN'), false],
  ])('If-None-Match %s matches: %s', (header, expected) => {
    expect(etagMatches(header, tag)).toBe(expected);
  });
});
