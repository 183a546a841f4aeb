import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CodeRule,
  DATE_PARTS,
  DEFAULT_CODE_RULES,
  formatDatePart,
  nextCode,
  validateCodeRule,
  validateCodeRules,
} from './codeRules.ts';

const rule = (r: Partial<CodeRule>): CodeRule => ({
  kind: 'resident',
  prefix: 'YH',
  datePart: 'none',
  seqLength: 6,
  nextSeq: 1,
  ...r,
});

// Codes carry the China day: 23:59 in Beijing is still May 5, 00:00 on Jan 31 is already Jan 31.
const may5 = new Date('2024-05-05T23:59:00+08:00');
const jan31 = new Date('2025-01-31T00:00:00+08:00');

describe('nextCode', () => {
  it.each([
    [rule({}), may5, 'YH000001'],
    [rule({ nextSeq: 42, seqLength: 3 }), may5, 'YH042'],
    [rule({ prefix: '', nextSeq: 7 }), may5, '000007'],
    [rule({ prefix: ' SB ', nextSeq: 7 }), may5, 'SB000007'],
    [rule({ datePart: 'yyyy', seqLength: 4, nextSeq: 12 }), may5, 'YH20240012'],
    [rule({ datePart: 'yyyyMM', seqLength: 4, nextSeq: 12 }), may5, 'YH2024050012'],
    [rule({ datePart: 'yyyyMMdd', seqLength: 4, nextSeq: 12 }), may5, 'YH202405050012'],
    [rule({ datePart: 'yyyyMMdd', seqLength: 3, nextSeq: 1 }), jan31, 'YH20250131001'],
    [rule({ seqLength: 10, nextSeq: 9_999_999_999 }), may5, 'YH9999999999'],
    // past its length the sequence is written in full, so codes stay distinct
    [rule({ seqLength: 3, nextSeq: 1000 }), may5, 'YH1000'],
  ])('%o on %s gives %s', (r, date, code) => {
    expect(nextCode(r, date)).toBe(code);
  });

  it('gives every valid rule codes of a fixed length that differ whenever the sequence differs', () => {
    const validRule = fc
      .record({
        prefix: fc.stringMatching(/^[A-Za-z0-9]{0,20}$/),
        datePart: fc.constantFrom(...DATE_PARTS),
        seqLength: fc.integer({ min: 3, max: 10 }),
      })
      .chain((r) =>
        fc.record({
          rule: fc.constant(r),
          a: fc.integer({ min: 1, max: 10 ** r.seqLength - 1 }),
          b: fc.integer({ min: 1, max: 10 ** r.seqLength - 1 }),
        }),
      );
    fc.assert(
      fc.property(validRule, ({ rule: r, a, b }) => {
        const first = nextCode({ ...r, nextSeq: a }, may5);
        expect(validateCodeRule({ ...r, kind: 'meter', nextSeq: a }, 0)).toEqual([]);
        expect(first).toHaveLength(r.prefix.length + formatDatePart(r.datePart, may5).length + r.seqLength);
        expect(first.endsWith(String(a))).toBe(true);
        expect(nextCode({ ...r, nextSeq: b }, may5) === first).toBe(a === b);
      }),
    );
  });

  it('gives the defaults their documented shapes', () => {
    expect(nextCode(DEFAULT_CODE_RULES.workOrder, may5)).toBe('GD202405050001');
    expect(nextCode(DEFAULT_CODE_RULES.bill, may5)).toBe('ZD202405000001');
  });
});

describe('validateCodeRule', () => {
  it.each([
    [{}, []],
    [{ prefix: '' }, []],
    [{ prefix: 'A'.repeat(20) }, []],
    [{ prefix: 'A'.repeat(21) }, [['rules.0.prefix', 'rules.codePrefix.format']]],
    [{ prefix: 'YH-' }, [['rules.0.prefix', 'rules.codePrefix.format']]],
    [{ prefix: '用户' }, [['rules.0.prefix', 'rules.codePrefix.format']]],
    [{ seqLength: 2 }, [['rules.0.seqLength', 'rules.codeSeqLength.range']]],
    [{ seqLength: 3, nextSeq: 999 }, []],
    [{ seqLength: 11 }, [['rules.0.seqLength', 'rules.codeSeqLength.range']]],
    [{ seqLength: 3, nextSeq: 1000 }, [['rules.0.nextSeq', 'rules.codeNextSeq.range']]],
    [{ nextSeq: 0 }, [['rules.0.nextSeq', 'rules.codeNextSeq.range']]],
    [{ nextSeq: -5 }, [['rules.0.nextSeq', 'rules.codeNextSeq.range']]],
  ] as const)('%o → %o', (r, expected) => {
    expect(validateCodeRule(rule(r), 0).map((v) => [v.field, v.message])).toEqual(expected);
  });

  it('refuses a kind given twice, naming the second', () => {
    const out = validateCodeRules([rule({}), rule({ kind: 'meter' }), rule({})]);
    expect(out).toEqual([{ field: 'rules.2.kind', message: 'rules.codeKind.duplicate' }]);
  });
});
