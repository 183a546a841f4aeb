// Code rules (spec §7 /api-business/commonCodeRule): how a company numbers its residents, meters, work orders and
// bills — prefix, date part, sequence length and the next sequence — and `nextCode`, the pure generator both the
// gateway (issuing codes) and the web (the live preview) use.
import { type Static, Type } from '@sinclair/typebox';
import type { MessageKey } from '../i18n/messages.ts';
import { chinaDay } from '../reading/chinaTime.ts';
import type { RuleViolation } from '../user/rules.ts';

/** The kinds of code a company numbers. */
export const CODE_KINDS = ['resident', 'meter', 'workOrder', 'bill', 'complaint'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** The date between prefix and sequence: none, year, year+month, year+month+day. */
export const DATE_PARTS = ['none', 'yyyy', 'yyyyMM', 'yyyyMMdd'] as const;
export type DatePart = (typeof DATE_PARTS)[number];

export const CODE_PREFIX_PATTERN = /^[A-Za-z0-9]{0,20}$/;
export const SEQ_LENGTH_MIN = 3;
export const SEQ_LENGTH_MAX = 10;

export const CodeRule = Type.Object({
  kind: Type.Union(CODE_KINDS.map((k) => Type.Literal(k))),
  /** ≤ 20 letters or digits; may be empty */
  prefix: Type.String({ maxLength: 100 }),
  datePart: Type.Union(DATE_PARTS.map((p) => Type.Literal(p))),
  /** digits of the sequence, zero-padded: 3–10 */
  seqLength: Type.Integer(),
  /** the sequence the next code gets: ≥ 1 and within seqLength digits */
  nextSeq: Type.Integer(),
});
export type CodeRule = Static<typeof CodeRule>;

/** `GET …/findCodeRulesByCompanyId`: a company's rule for every kind (the default where it saved none). */
export const CodeRuleSet = Type.Object({
  companyId: Type.Integer(),
  rules: Type.Array(CodeRule),
});
export type CodeRuleSet = Static<typeof CodeRuleSet>;

/** `POST …/saveCodeRules`: the rules of some kinds of the caller's company (companyId, when sent, must be it). */
export const CodeRulesSave = Type.Object({
  companyId: Type.Optional(Type.Integer({ minimum: 1 })),
  rules: Type.Array(CodeRule, { minItems: 1, maxItems: CODE_KINDS.length }),
});
export type CodeRulesSave = Static<typeof CodeRulesSave>;

export const CodeRuleQuery = Type.Object({
  /** default: the caller's company; any other company answers 404 */
  companyId: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const CODE_RULE_PATHS = {
  find: '/api-business/commonCodeRule/findCodeRulesByCompanyId',
  save: '/api-business/commonCodeRule/saveCodeRules',
} as const;

/** What a company numbers with before it saves a rule of its own. */
export const DEFAULT_CODE_RULES: Record<CodeKind, CodeRule> = {
  resident: { kind: 'resident', prefix: 'YH', datePart: 'none', seqLength: 6, nextSeq: 1 },
  meter: { kind: 'meter', prefix: 'SB', datePart: 'none', seqLength: 8, nextSeq: 1 },
  workOrder: { kind: 'workOrder', prefix: 'GD', datePart: 'yyyyMMdd', seqLength: 4, nextSeq: 1 },
  bill: { kind: 'bill', prefix: 'ZD', datePart: 'yyyyMM', seqLength: 6, nextSeq: 1 },
  complaint: { kind: 'complaint', prefix: 'TS', datePart: 'yyyyMMdd', seqLength: 4, nextSeq: 1 },
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The date part of a code: the China day of the instant (a work order raised at 00:30 in Beijing carries that day,
 * whatever the server's or the browser's time zone).
 */
export const formatDatePart = (part: DatePart, date: Date): string => {
  const [y, m, d] = chinaDay(date).split('-') as [string, string, string];
  if (part === 'yyyy') return y;
  if (part === 'yyyyMM') return `${y}${m}`;
  if (part === 'yyyyMMdd') return `${y}${m}${d}`;
  return '';
};

/**
 * The code a rule issues next on a date: prefix + date part + the next sequence zero-padded to seqLength.
 * A sequence longer than seqLength is written in full rather than cut (saving such a rule is refused, but a rule
 * that ran past its length keeps issuing distinct codes).
 */
export const nextCode = (rule: Pick<CodeRule, 'prefix' | 'datePart' | 'seqLength' | 'nextSeq'>, date: Date): string =>
  `${rule.prefix.trim()}${formatDatePart(rule.datePart, date)}${pad(rule.nextSeq, rule.seqLength)}`;

export const checkCodePrefix = (v: string): MessageKey | null =>
  CODE_PREFIX_PATTERN.test(v.trim()) ? null : 'rules.codePrefix.format';

export const checkSeqLength = (n: number): MessageKey | null =>
  Number.isInteger(n) && n >= SEQ_LENGTH_MIN && n <= SEQ_LENGTH_MAX ? null : 'rules.codeSeqLength.range';

export const checkNextSeq = (n: number, seqLength: number): MessageKey | null =>
  Number.isInteger(n) && n >= 1 && String(n).length <= seqLength ? null : 'rules.codeNextSeq.range';

/** The rules of one rule; fields are named `rules.<index>.<field>` as the route reports them. */
export const validateCodeRule = (rule: CodeRule, index: number): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const prefix = checkCodePrefix(rule.prefix);
  if (prefix) out.push({ field: `rules.${index}.prefix`, message: prefix });
  const length = checkSeqLength(rule.seqLength);
  if (length) out.push({ field: `rules.${index}.seqLength`, message: length });
  else {
    const next = checkNextSeq(rule.nextSeq, rule.seqLength);
    if (next) out.push({ field: `rules.${index}.nextSeq`, message: next });
  }
  return out;
};

/** Every rule's violations, and one when a kind appears twice. */
export const validateCodeRules = (rules: readonly CodeRule[]): RuleViolation[] => {
  const seen = new Set<string>();
  return rules.flatMap((r, i) => {
    const out = validateCodeRule(r, i);
    if (seen.has(r.kind)) out.push({ field: `rules.${i}.kind`, message: 'rules.codeKind.duplicate' });
    seen.add(r.kind);
    return out;
  });
};
