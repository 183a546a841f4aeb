import { describe, expect, it } from 'vitest';
import { inlineDisposition } from './fileRoutes.ts';

describe('inlineDisposition', () => {
  it.each([
    ['avatar.png', `inline; filename="avatar.png"; filename*=UTF-8''avatar.png`],
    ['水表.png', `inline; filename="__.png"; filename*=UTF-8''%E6%B0%B4%E8%A1%A8.png`],
    // a quote, a backslash or a line break would end the quoted name or the header: replaced, and escaped in UTF-8
    ['a"b\\c.png', `inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`],
    ['a\r\nb.png', `inline; filename="a__b.png"; filename*=UTF-8''a%0D%0Ab.png`],
    ["it's (1).png", `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`],
  ])('names %j safely', (name, header) => {
    expect(inlineDisposition(name)).toBe(header);
  });
});
