import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.ts';
import {
  checkAmount,
  checkEmail,
  checkIdCard,
  checkIp,
  checkLatitude,
  checkLongitude,
  checkOperationYears,
  checkPhone,
  checkPort,
  checkRtsp,
  checkUrl,
  idCardCheckChar,
  splitCodes,
} from './validators.ts';

const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

type Check = (v: string | number | null | undefined) => string | null;

/** Table rows: the input and whether it is accepted. */
const table = (name: string, check: Check, message: string, good: (string | number)[], bad: (string | number)[]) =>
  describe(name, () => {
    it.each(good.map((v) => [v]))('accepts %j', (v) => expect(check(v)).toBeNull());
    it.each(bad.map((v) => [v]))('refuses %j', (v) => expect(check(v)).toBe(message));
    it('leaves empty input to the form (not required here)', () => {
      for (const v of ['', '   ', null, undefined]) expect(check(v)).toBeNull();
    });
  });

// 11010519491231002X is the GB 11643 standard's own example; the others are built with its checksum.
table(
  'checkIdCard (GB 11643: 18 digits, last may be X, birth date, checksum; old 15-digit form)',
  checkIdCard,
  'rules.idCard.format',
  ['11010519491231002X', '11010519491231002x', ' 11010519491231002X ', '440524188001010014', '110105491231002'],
  [
    '110105194912310021', // wrong check digit
    '11010519491331002X', // month 13
    '11010519490230002X', // 30 February
    '1101051949123100', // 16 digits
    '11010519491231002Y',
    '1101051949123100 2X',
    '110105491331002', // 15 digits, month 13
    withCheck(`110105${new Date().getFullYear() + 1}0101001`), // born next year, checksum right
    withCheck('11010517991231001'), // born before 1800
  ],
);

table(
  'checkIp (IPv4)',
  checkIp,
  'rules.ip.format',
  ['0.0.0.0', '192.168.1.10', '255.255.255.255', '10.0.0.1'],
  ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.a', '1..2.3', '::1'],
);

table(
  'checkPort (1–65535)',
  checkPort,
  'rules.port.format',
  ['1', '80', 65535, ' 8080 '],
  ['0', '65536', '-1', '80.5', 'http', '1e3'],
);

table(
  'checkUrl (http/https)',
  checkUrl,
  'rules.url.format',
  ['http://example.com', 'https://water.example.cn:8443/a/b?c=1', 'http://192.168.1.2/', 'https://localhost'],
  ['ftp://example.com', 'example.com', 'http://', 'http://exa mple.com', 'javascript:alert(1)', 'http://a:99999/'],
);

table(
  'checkRtsp (rtsp://host[:port]/…)',
  checkRtsp,
  'rules.rtsp.format',
  ['rtsp://192.168.1.64:554/Streaming/Channels/101', 'rtsp://admin:pw@cam.example.com/live', 'rtsp://cam1'],
  ['http://cam1/live', 'rtsp://', 'rtsp:/cam1', 'rtsp://cam1:0/live', 'rtsp://cam 1/live'],
);

table(
  'checkLongitude (−180…180)',
  checkLongitude,
  'rules.longitude.format',
  ['116.404', '-180', '180', 0, '+12.5', 1e-7],
  ['180.0001', '-181', 'east', '0x10', 'Infinity', '12,5'],
);

table(
  'checkLatitude (−90…90)',
  checkLatitude,
  'rules.latitude.format',
  ['39.915', '-90', '90', 0],
  ['90.01', '-90.5', 'north', 'NaN'],
);

table(
  'checkAmount (≥ 0, at most two decimals)',
  checkAmount,
  'rules.amount.format',
  ['0', '12', '12.5', '12.50', 0.01, '1000000'],
  ['-1', '12.345', '12.', '.5', 'abc', '1e3', '-0.01'],
);

table(
  'checkEmail',
  checkEmail,
  'rules.email.format',
  ['ops@water.example.cn', 'a.b+c@x.io', 'Zhang_San@163.com'],
  ['ops@', '@water.cn', 'ops@water', 'ops water@x.cn', 'ops@@x.cn', 'ops@-x.cn'],
);

table(
  'checkPhone (mobile or landline with area code)',
  checkPhone,
  'rules.phone.format',
  ['13812345678', '19912345678', '010-12345678', '0755-1234567', '02112345678'],
  ['12812345678', '1381234567', '138123456789', '12345678', '010-123456', '+8613812345678'],
);

table(
  'checkOperationYears (spec §5: operation years 0 to 20)',
  checkOperationYears,
  'rules.operationYears.range',
  ['0', '1', '20', 15],
  ['21', '-1', '2.5', 'ten', '100'],
);

describe('ID card checksum (property)', () => {
  const digits17 = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 17, maxLength: 17 }).map((d) => d.join(''));
  const birth = fc.date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2020-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  const withBirth = (d17: string, born: Date) =>
    d17.slice(0, 6) + born.toISOString().slice(0, 10).replaceAll('-', '') + d17.slice(14, 17);

  it('accepts every number whose last character is its checksum', () => {
    fc.assert(
      fc.property(digits17, birth, (d17, born) => {
        const first17 = withBirth(d17, born);
        expect(checkIdCard(first17 + idCardCheckChar(first17))).toBeNull();
      }),
    );
  });

  it('refuses every other last character', () => {
    fc.assert(
      fc.property(digits17, birth, fc.constantFrom(...'0123456789X'), (d17, born, last) => {
        const first17 = withBirth(d17, born);
        fc.pre(last !== idCardCheckChar(first17));
        expect(checkIdCard(first17 + last)).toBe('rules.idCard.format');
      }),
    );
  });

  it('catches any single changed digit', () => {
    fc.assert(
      fc.property(
        digits17,
        birth,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (d17, born, at, by) => {
          const first17 = withBirth(d17, born);
          const good = first17 + idCardCheckChar(first17);
          const changed = good.slice(0, at) + String((Number(good[at]) + by) % 10) + good.slice(at + 1);
          expect(checkIdCard(changed)).toBe('rules.idCard.format');
        },
      ),
    );
  });
});

describe('amounts and coordinates (property)', () => {
  it('accepts any whole number of cents written with two decimals, refuses three', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        expect(checkAmount((cents / 100).toFixed(2))).toBeNull();
        expect(checkAmount(`${(cents / 100).toFixed(2)}1`)).toBe('rules.amount.format');
      }),
    );
  });

  it('longitude accepts exactly the numbers within ±180', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (x) => {
        expect(checkLongitude(x) === null).toBe(Math.abs(x) <= 180);
        expect(checkLatitude(x) === null).toBe(Math.abs(x) <= 90);
      }),
    );
  });
});

describe('splitCodes (spec §5: codes separated by spaces)', () => {
  it.each([
    ['M001 M002', ['M001', 'M002']],
    ['  M001\tM002\nM003  ', ['M001', 'M002', 'M003']],
    ['M001\u3000M002', ['M001', 'M002']], // full-width space of a Chinese IME
    ['', []],
    ['   ', []],
  ])('%j → %j', (input, codes) => {
    expect(splitCodes(input)).toEqual({ codes, message: null });
  });

  it('refuses a code typed twice, naming it in zh-CN and en', () => {
    const r = splitCodes('M001 M002 M001');
    expect(r.message).toBe('rules.codes.duplicate');
    expect(r.duplicate).toBe('M001');
    expect(translate('rules.codes.duplicate', 'zh-CN', { code: 'M001' })).toBe('编码 M001 重复,多个编码请用空格分隔');
    expect(translate('rules.codes.duplicate', 'en', { code: 'M001' })).toBe(
      'The code M001 appears twice; separate several codes by spaces',
    );
  });

  it('keeps every distinct code, in order, whatever white space joins them', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/);
    const gap = fc.constantFrom(' ', '  ', '\t', '\n', '\u3000', ' \r\n');
    fc.assert(
      fc.property(fc.uniqueArray(code, { maxLength: 20 }), gap, (codes, sep) => {
        expect(splitCodes(`${sep}${codes.join(sep)}${sep}`)).toEqual({ codes, message: null });
      }),
    );
  });
});

describe('messages exist in both languages', () => {
  it.each([
    ['rules.idCard.format', '身份证号码格式不对', 'The ID card number is not valid'],
    ['rules.port.format', '端口应为1到65535的整数', 'The port must be a whole number from 1 to 65535'],
    [
      'rules.operationYears.range',
      '运行年限应为0到20的整数',
      'The operation years must be a whole number from 0 to 20',
    ],
  ] as const)('%s', (key, zh, en) => {
    expect(translate(key, 'zh-CN')).toBe(zh);
    expect(translate(key, 'en')).toBe(en);
  });
});
