// SQL of code rules: a company's numbering per code kind (rows only for the kinds it saved; the rest use the
// defaults), saving them, and issuing the next code atomically (resident codes in issue 4).
import {
  CODE_KINDS,
  type CodeKind,
  type CodeRule,
  type DatePart,
  DEFAULT_CODE_RULES,
  nextCode,
} from '@waterops/shared/codeRule';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

type RuleRow = { kind: string; prefix: string; date_part: string; seq_length: number; next_seq: number };

const toRule = (r: RuleRow): CodeRule => ({
  kind: r.kind as CodeKind,
  prefix: r.prefix,
  datePart: r.date_part as DatePart,
  seqLength: Number(r.seq_length),
  nextSeq: Number(r.next_seq),
});

/** Every kind's rule of a company, in CODE_KINDS order: the saved one, else the default. */
export const findCodeRules = async (db: Db, companyId: number): Promise<CodeRule[]> => {
  const rows = await db
    .selectFrom('code_rules')
    .select(['kind', 'prefix', 'date_part', 'seq_length', 'next_seq'])
    .where('company_id', '=', companyId)
    .execute();
  const saved = new Map(rows.map((r) => [r.kind, toRule(r)]));
  return CODE_KINDS.map((k) => saved.get(k) ?? DEFAULT_CODE_RULES[k]);
};

/** Inserts or replaces the rules of the given kinds. */
export const saveCodeRules = async (tx: Transaction<DB>, companyId: number, rules: CodeRule[], at: Date) => {
  for (const r of rules) {
    const values = {
      prefix: r.prefix.trim(),
      date_part: r.datePart,
      seq_length: r.seqLength,
      next_seq: r.nextSeq,
      updated_at: at,
    };
    await tx
      .insertInto('code_rules')
      .values({ company_id: companyId, kind: r.kind, ...values })
      .onConflict((oc) => oc.columns(['company_id', 'kind']).doUpdateSet(values))
      .execute();
  }
};

/**
 * Issues the next code of a kind on a date and advances the sequence, in one statement per step so two callers
 * never get the same code (the row lock of the UPDATE orders them). Creates the default rule on first use.
 */
export const allocateCode = async (tx: Transaction<DB>, companyId: number, kind: CodeKind, date: Date) => {
  const d = DEFAULT_CODE_RULES[kind];
  await tx
    .insertInto('code_rules')
    .values({
      company_id: companyId,
      kind,
      prefix: d.prefix,
      date_part: d.datePart,
      seq_length: d.seqLength,
      next_seq: d.nextSeq,
      updated_at: date,
    })
    .onConflict((oc) => oc.columns(['company_id', 'kind']).doNothing())
    .execute();
  const row = await tx
    .updateTable('code_rules')
    .set({ next_seq: sql`next_seq + 1` })
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .returning(['kind', 'prefix', 'date_part', 'seq_length', 'next_seq'])
    .executeTakeFirstOrThrow();
  const issued = toRule(row);
  return nextCode({ ...issued, nextSeq: issued.nextSeq - 1 }, date);
};
