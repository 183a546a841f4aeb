// The own company's code rules: one row per code kind (prefix, date part, sequence length, next sequence) with a
// live preview of the next code from the shared `nextCode`; checked with the shared rules before saving.
import { Button, Classes, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import {
  type CodeRule,
  DATE_PARTS,
  type DatePart,
  nextCode,
  SEQ_LENGTH_MAX,
  SEQ_LENGTH_MIN,
  validateCodeRules,
} from '@waterops/shared/codeRule';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { usePermission } from '../../components/Permission.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useCodeRulesQuery, useSaveCodeRulesMutation } from './companyApi.ts';

const SEQ_LENGTHS = Array.from({ length: SEQ_LENGTH_MAX - SEQ_LENGTH_MIN + 1 }, (_, i) => SEQ_LENGTH_MIN + i);

/** A rule as edited: the next sequence as typed (a number only once valid). */
type Draft = Omit<CodeRule, 'nextSeq'> & { nextSeq: string };

const toDraft = (r: CodeRule): Draft => ({ ...r, nextSeq: String(r.nextSeq) });
const toRule = (d: Draft): CodeRule => ({
  ...d,
  prefix: d.prefix.trim(),
  nextSeq: /^\d+$/.test(d.nextSeq.trim()) ? Number(d.nextSeq.trim()) : Number.NaN,
});

export function CodeRuleEditor() {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can(['sys:company:edit']);
  const { data, isFetching } = useCodeRulesQuery();
  const [save, { isLoading }] = useSaveCodeRulesMutation();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setDrafts(data.rules.map(toDraft));
  }, [data]);
  const today = useMemo(() => new Date(), []);

  const change = (index: number, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  const check = (rules: CodeRule[]) => {
    const found: Record<string, string> = {};
    for (const v of validateCodeRules(rules)) found[v.field] ??= t(v.message);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = useDebouncedAction(async () => {
    const rules = drafts.map(toRule);
    if (!check(rules)) return false;
    try {
      await save(rules).unwrap();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field) setErrors({ [f.field]: f.message });
      showMessage(f.message);
      return;
    }
    showMessage(t('resource.saved'), 'success');
  });

  const preview = (d: Draft) => {
    const rule = toRule(d);
    return validateCodeRules([rule]).length === 0 ? nextCode(rule, today) : '—';
  };
  const errorOf = (i: number, field: string) => errors[`rules.${i}.${field}`];

  return (
    <section className="wo-code-rules" aria-label={t('codeRule.title')}>
      <h2>{t('codeRule.title')}</h2>
      <p className={Classes.TEXT_MUTED}>{t('codeRule.hint')}</p>
      <HTMLTable compact striped className="wo-code-rule-table">
        <thead>
          <tr>
            <th>{t('codeRule.kind')}</th>
            <th>{t('codeRule.prefix')}</th>
            <th>{t('codeRule.datePart')}</th>
            <th>{t('codeRule.seqLength')}</th>
            <th>{t('codeRule.nextSeq')}</th>
            <th>{t('codeRule.preview')}</th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((d, i) => {
            const kindName = t(`codeRule.kinds.${d.kind}`);
            return (
              <tr key={d.kind}>
                <td>{kindName}</td>
                <td>
                  <InputGroup
                    aria-label={t('codeRule.prefixOf', { kind: kindName })}
                    value={d.prefix}
                    maxLength={20}
                    disabled={!editable}
                    intent={errorOf(i, 'prefix') ? Intent.DANGER : Intent.NONE}
                    onValueChange={(prefix) => change(i, { prefix })}
                  />
                  {errorOf(i, 'prefix') && <div className="wo-field-error">{errorOf(i, 'prefix')}</div>}
                </td>
                <td>
                  <HTMLSelect
                    className="wo-code-rule-date"
                    aria-label={t('codeRule.datePartOf', { kind: kindName })}
                    value={d.datePart}
                    disabled={!editable}
                    onChange={(e) => change(i, { datePart: e.currentTarget.value as DatePart })}
                    options={DATE_PARTS.map((p) => ({ value: p, label: t(`codeRule.dateParts.${p}`) }))}
                  />
                </td>
                <td>
                  <HTMLSelect
                    aria-label={t('codeRule.seqLengthOf', { kind: kindName })}
                    value={d.seqLength}
                    disabled={!editable}
                    onChange={(e) => change(i, { seqLength: Number(e.currentTarget.value) })}
                    options={SEQ_LENGTHS.map((n) => ({ value: n, label: String(n) }))}
                  />
                </td>
                <td>
                  <InputGroup
                    aria-label={t('codeRule.nextSeqOf', { kind: kindName })}
                    value={d.nextSeq}
                    inputMode="numeric"
                    maxLength={10}
                    disabled={!editable}
                    intent={errorOf(i, 'nextSeq') ? Intent.DANGER : Intent.NONE}
                    onValueChange={(nextSeq) => change(i, { nextSeq })}
                  />
                  {errorOf(i, 'nextSeq') && <div className="wo-field-error">{errorOf(i, 'nextSeq')}</div>}
                </td>
                <td>
                  <output aria-label={t('codeRule.previewOf', { kind: kindName })}>
                    <code>{preview(d)}</code>
                  </output>
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {editable && (
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={t('codeRule.save')}
          loading={isLoading}
          disabled={isFetching || drafts.length === 0}
          onClick={() => void submit()}
        />
      )}
    </section>
  );
}
