import { describe, expect, it } from 'vitest';
import { detectLocale } from './locale.ts';

describe('locale detection', () => {
  it('prefers the stored choice', () => {
    expect(detectLocale('en', ['zh-CN'])).toBe('en');
    expect(detectLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });
  it('else the browser language if zh or en', () => {
    expect(detectLocale(null, ['en-GB', 'zh'])).toBe('en');
    expect(detectLocale(null, ['fr-FR', 'zh-TW'])).toBe('zh-CN');
    expect(detectLocale('klingon', ['en'])).toBe('en');
  });
  it('else zh', () => {
    expect(detectLocale(null, ['fr-FR', 'de'])).toBe('zh-CN');
    expect(detectLocale(null, [])).toBe('zh-CN');
  });
});
