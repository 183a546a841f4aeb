import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, isReplayedTotp, totpCode, totpStep, totpUri, verifyTotp } from './totp.ts';

const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('RFC 6238 appendix B test vectors (8 digits)', () => {
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('at %i s: SHA-1 %s, SHA-256 %s, SHA-512 %s', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(new Date(seconds * 1000));
    expect(hotp(SEED_SHA1, step, 8)).toBe(sha1);
    expect(hotp(SEED_SHA256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEED_SHA512, step, 8, 'sha512')).toBe(sha512);
  });
});

describe('RFC 4226 appendix D test vectors (6 digits)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(SEED_SHA1, counter)).toBe(code);
  });
});

describe('base32 (RFC 4648 §10 vectors, unpadded)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ↔ %s', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded)?.toString()).toBe(text);
  });

  it('reads lower case, spaces and padding, and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeUndefined();
  });
});

describe('verifyTotp', () => {
  const secret = base32Encode(SEED_SHA1);
  const at = new Date(1111111111 * 1000);
  const step = totpStep(at);

  it('accepts the code of now and of one step either side, answering its step; not two steps away', () => {
    expect(verifyTotp(secret, totpCode(secret, at), at)).toBe(step);
    expect(verifyTotp(secret, hotp(SEED_SHA1, step - 1), at)).toBe(step - 1);
    expect(verifyTotp(secret, hotp(SEED_SHA1, step + 1), at)).toBe(step + 1);
    expect(verifyTotp(secret, hotp(SEED_SHA1, step - 2), at)).toBeUndefined();
    expect(verifyTotp(secret, hotp(SEED_SHA1, step + 2), at)).toBeUndefined();
  });

  it('refuses a code of a step already used (replay), and tells that apart from a wrong code', () => {
    const code = totpCode(secret, at);
    expect(verifyTotp(secret, code, at, step)).toBeUndefined();
    expect(isReplayedTotp(secret, code, at, step)).toBe(true);
    expect(verifyTotp(secret, code, at, step - 1)).toBe(step);
    expect(isReplayedTotp(secret, code, at, step - 1)).toBe(false);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(isReplayedTotp(secret, wrong, at, step)).toBe(false);
  });

  it('refuses what is not six digits, and a bad secret', () => {
    const code = totpCode(secret, at);
    expect(verifyTotp(secret, `${code}0`, at)).toBeUndefined();
    expect(verifyTotp(secret, code.slice(1), at)).toBeUndefined();
    expect(verifyTotp(secret, 'abcdef', at)).toBeUndefined();
    expect(verifyTotp('!!!', code, at)).toBeUndefined();
    expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(step);
  });
});

describe('totpUri', () => {
  it('names issuer, account, algorithm, digits and period', () => {
    const uri = new URL(totpUri('JBSWY3DPEHPK3PXP', 'WaterOps', 'ops admin'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/WaterOps:ops admin');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'WaterOps',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
