// One group of alarm rules as a small form: numeric fields, checked on blur and on save — a missing or non-numeric
// value, then the group's shared rule (the same check function the route runs, with the spec's message) shown on the
// field it is about. Edits stay local until Save; a new server value (another area, a save) resets the form.
import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type RuleField = { key: string; labelKey: string; unit?: string };
/** A broken rule: the message key and the field it is shown on. */
export type RuleProblem = { field: string; message: string };

export type WarningRulesFormProps = {
  /** the card's title and accessible name */
  title: string;
  /** one line under the title saying what the rule means */
  hint?: string;
  fields: readonly RuleField[];
  /** the values the server holds */
  initial: Record<string, number>;
  /** the group's rule over all its values (null: none broken) */
  check?: (values: Record<string, number>) => RuleProblem | null;
  /** false: the values are shown read-only and there is no Save */
  canEdit: boolean;
  /** saves the values; resolves true when the server took them */
  onSave: (values: Record<string, number>) => Promise<boolean>;
  /** more buttons beside Save (reset an area's overrides…) */
  extra?: ReactNode;
};

const asText = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

/** The numbers of the texts, or the first field's problem (required, not a number). */
export const parseRuleValues = (
  fields: readonly RuleField[],
  texts: Record<string, string>,
): { values: Record<string, number> } | { problem: RuleProblem } => {
  const values: Record<string, number> = {};
  for (const f of fields) {
    const text = (texts[f.key] ?? '').trim();
    if (text === '') return { problem: { field: f.key, message: 'monitoring.rules.required' } };
    const n = Number(text);
    if (!Number.isFinite(n)) return { problem: { field: f.key, message: 'monitoring.rules.notNumber' } };
    values[f.key] = n;
  }
  return { values };
};

export function WarningRulesForm({
  title,
  hint,
  fields,
  initial,
  check,
  canEdit,
  onSave,
  extra,
}: WarningRulesFormProps) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(() => asText(initial));
  const [problem, setProblem] = useState<RuleProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's values, compared by content
  useEffect(() => {
    setTexts(asText(initial));
    setProblem(null);
  }, [initialKey]);

  const validate = (next: Record<string, string>) => {
    const parsed = parseRuleValues(fields, next);
    const found = 'problem' in parsed ? parsed.problem : (check?.(parsed.values) ?? null);
    setProblem(found);
    return 'values' in parsed && !found ? parsed.values : null;
  };
  const handleSave = async () => {
    const values = validate(texts);
    if (!values) return;
    setSaving(true);
    try {
      await onSave(values);
    } finally {
      setSaving(false);
    }
  };
  const id = (key: string) => `wo-rule-${title}-${key}`;

  return (
    <section aria-label={title}>
      <Card className="wo-rules-card">
        <h2>{title}</h2>
        {hint && <p className="bp6-text-muted">{hint}</p>}
        <div className="wo-rules-fields">
          {fields.map((f) => {
            const broken = problem?.field === f.key;
            return (
              <FormGroup
                key={f.key}
                label={t(f.labelKey)}
                labelFor={id(f.key)}
                intent={broken ? Intent.DANGER : Intent.NONE}
                helperText={broken && problem ? t(problem.message) : undefined}
              >
                <InputGroup
                  id={id(f.key)}
                  inputMode="decimal"
                  value={texts[f.key] ?? ''}
                  readOnly={!canEdit}
                  intent={broken ? Intent.DANGER : Intent.NONE}
                  rightElement={f.unit ? <span className="wo-rules-unit">{f.unit}</span> : undefined}
                  onChange={(e) => setTexts({ ...texts, [f.key]: e.currentTarget.value })}
                  onBlur={() => validate(texts)}
                />
              </FormGroup>
            );
          })}
        </div>
        {canEdit && (
          <div className="wo-rules-actions">
            <Button intent={Intent.PRIMARY} loading={saving} onClick={() => void handleSave()}>
              {t('monitoring.rules.save')}
            </Button>
            {extra}
          </div>
        )}
      </Card>
    </section>
  );
}
