import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../locales/en.ts';
import { zhCN } from '../../locales/zhCN.ts';
import { clockOffsetText } from './clockOffset.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'zh-CN', resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } } });
});

describe('a concentrator clock offset in words', () => {
  it.each([
    [null, '未上报', 'not reported'],
    [3, '与服务器一致', 'in step with the server'],
    [95, '快 95 秒', '95 s fast'],
    [-600, '慢 10 分钟', '10 min slow'],
    [3 * 3600, '快 3 小时', '3 h fast'],
  ])('%s s → %s / %s', async (seconds, zh, english) => {
    await i18n.changeLanguage('zh-CN');
    expect(clockOffsetText(seconds, i18n.t)).toBe(zh);
    await i18n.changeLanguage('en');
    expect(clockOffsetText(seconds, i18n.t)).toBe(english);
  });
});
