// Alarm rules (告警规则): voltage, CSQ and RSRP warnings (alarm and severe values; the spec's "alarm value not
// greater than severe value" in its low-is-bad form, shown on the severe field), the usage-exception rule of the
// tenant or of one residential area (sudden increase included; an area may go back to the defaults), offline
// escalation hours, on/off delays, and copying one area's usage settings to other areas. Each group is its own form
// with the shared check functions; a reader sees the values without Save.
import { Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import {
  type AlarmRules,
  checkOfflineRule,
  checkThresholdRule,
  checkUsageRule,
  type DelayRule,
  type OfflineRule,
  THRESHOLD_BOUNDS,
  THRESHOLD_RULES,
  type ThresholdRule,
  type ThresholdRuleKind,
  USAGE_RULE_FIELDS,
  type UsageRule,
} from '@waterops/shared/monitoring';
import type { Area } from '@waterops/shared/place';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { useMeterAreasQuery } from '../device/meterApi.ts';
import { type RuleField, type RuleProblem, WarningRulesForm } from './WarningRulesForm.tsx';
import {
  useAlarmRulesQuery,
  useCloneUsageRuleMutation,
  useResetUsageRuleMutation,
  useUpdateDelayRuleMutation,
  useUpdateOfflineRuleMutation,
  useUpdateThresholdRuleMutation,
  useUpdateUsageRuleMutation,
} from './warningRulesApi.ts';
import './WarningRulesPage.css';

const EDIT = ['monitoring:rule:edit'];

const USAGE_UNITS: Partial<Record<keyof UsageRule, string>> = {
  reverseFlowMin: 'm³',
  increasePercent: '%',
  increaseSeverePercent: '%',
  increaseMinM3: 'm³',
  continuousFlowMin: 'm³/h',
};
const fieldsOf = (keys: readonly string[], units: Record<string, string> = {}): RuleField[] =>
  keys.map((key) => ({ key, labelKey: `monitoring.rules.fields.${key}`, unit: units[key] }));

/** The threshold rule's message on the field it is about: a value out of range on itself, the order on `severe`. */
export const thresholdProblem = (kind: ThresholdRuleKind, v: Record<string, number>): RuleProblem | null => {
  const rule = v as ThresholdRule;
  const message = checkThresholdRule(kind, rule);
  if (!message) return null;
  const { min, max } = THRESHOLD_BOUNDS[kind];
  const outside = (['alarmValue', 'severeValue'] as const).find((k) => !(rule[k] >= min && rule[k] <= max));
  return { field: outside ?? 'severeValue', message };
};
const usageProblem = (v: Record<string, number>): RuleProblem | null => {
  const message = checkUsageRule(v as UsageRule);
  return message ? { field: 'increasePercent', message } : null;
};
const offlineProblem = (v: Record<string, number>): RuleProblem | null => {
  const message = checkOfflineRule(v as OfflineRule);
  if (!message) return null;
  return { field: (v.alarmHours ?? 0) >= (v.severeHours ?? 0) ? 'severeHours' : 'urgentHours', message };
};

/** Runs a save and says how it went; the request layer already showed a refusal. */
const saved = async (run: () => Promise<{ data?: unknown; error?: unknown }>, text: string): Promise<boolean> => {
  const result = await run();
  if ('data' in result && result.data !== undefined) {
    showMessage(text, 'success');
    return true;
  }
  return false;
};

function ThresholdRules({ rules, canEdit }: { rules: AlarmRules; canEdit: boolean }) {
  const { t } = useTranslation();
  const [update] = useUpdateThresholdRuleMutation();
  return (
    <div className="wo-rules-grid">
      {THRESHOLD_RULES.map((kind) => (
        <WarningRulesForm
          key={kind}
          title={t(`monitoring.rules.${kind}`)}
          hint={t(`monitoring.rules.${kind}Hint`)}
          fields={[
            { key: 'alarmValue', labelKey: 'monitoring.rules.alarmValue', unit: THRESHOLD_BOUNDS[kind].unit },
            { key: 'severeValue', labelKey: 'monitoring.rules.severeValue', unit: THRESHOLD_BOUNDS[kind].unit },
          ]}
          initial={rules[kind]}
          check={(v) => thresholdProblem(kind, v)}
          canEdit={canEdit}
          onSave={(v) => saved(() => update({ kind, rule: v as ThresholdRule }), t('monitoring.rules.saved'))}
        />
      ))}
    </div>
  );
}

function UsageRules({ areas, canEdit }: { areas: readonly Area[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const [areaId, setAreaId] = useState('');
  const area = areaId ? Number(areaId) : undefined;
  const { data: rules } = useAlarmRulesQuery({ areaId: area });
  const [update] = useUpdateUsageRuleMutation();
  const [reset] = useResetUsageRuleMutation();
  const overridden = area !== undefined && (rules?.overridingAreaIds ?? []).includes(area);
  return (
    <>
      <FormGroup inline label={t('monitoring.rules.usageArea')} labelFor="wo-rules-area" className="wo-rules-area">
        <HTMLSelect
          id="wo-rules-area"
          value={areaId}
          onChange={(e) => setAreaId(e.currentTarget.value)}
          options={[
            { value: '', label: t('monitoring.rules.tenantDefault') },
            ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
          ]}
        />
        {area !== undefined && (
          <Tag minimal intent={overridden ? Intent.PRIMARY : Intent.NONE}>
            {t(overridden ? 'monitoring.rules.overridden' : 'monitoring.rules.followsDefault')}
          </Tag>
        )}
      </FormGroup>
      {rules ? (
        <WarningRulesForm
          title={t('monitoring.rules.usage')}
          hint={t('monitoring.rules.usageHint')}
          fields={fieldsOf(USAGE_RULE_FIELDS, USAGE_UNITS)}
          initial={rules.usage}
          check={usageProblem}
          canEdit={canEdit}
          onSave={(v) =>
            saved(() => update({ ...(v as UsageRule), ...(area ? { areaId: area } : {}) }), t('monitoring.rules.saved'))
          }
          extra={
            overridden && area !== undefined ? (
              <Button onClick={() => void saved(() => reset({ areaId: area }), t('monitoring.rules.resetDone'))}>
                {t('monitoring.rules.reset')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Spinner size={24} />
      )}
      {canEdit && area !== undefined && <CloneRules fromAreaId={area} areas={areas} />}
    </>
  );
}

function CloneRules({ fromAreaId, areas }: { fromAreaId: number; areas: readonly Area[] }) {
  const { t } = useTranslation();
  const [targets, setTargets] = useState<ReadonlySet<number>>(new Set());
  const [clone, { isLoading }] = useCloneUsageRuleMutation();
  const [tried, setTried] = useState(false);
  const others = areas.filter((a) => a.id !== fromAreaId);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(targets);
    if (on) next.add(id);
    else next.delete(id);
    setTargets(next);
  };
  const handleClone = async () => {
    setTried(true);
    if (targets.size === 0) return;
    const result = await clone({ fromAreaId, toAreaIds: [...targets] });
    if ('data' in result && result.data) {
      showMessage(t('monitoring.rules.cloneDone', { count: result.data.cloned }), 'success');
      setTargets(new Set());
      setTried(false);
    }
  };
  return (
    <section aria-label={t('monitoring.rules.clone')}>
      <Card className="wo-rules-card">
        <h2>{t('monitoring.rules.clone')}</h2>
        <p className="bp6-text-muted">{t('monitoring.rules.cloneHint')}</p>
        <FormGroup
          label={t('monitoring.rules.cloneTo')}
          intent={tried && targets.size === 0 ? Intent.DANGER : Intent.NONE}
          helperText={tried && targets.size === 0 ? t('monitoring.rules.noTargets') : undefined}
        >
          <div className="wo-rules-targets">
            {others.map((a) => (
              <Checkbox
                key={a.id}
                label={a.areaName}
                checked={targets.has(a.id)}
                onChange={(e) => toggle(a.id, e.currentTarget.checked)}
              />
            ))}
          </div>
        </FormGroup>
        <Button intent={Intent.PRIMARY} loading={isLoading} onClick={() => void handleClone()}>
          {t('monitoring.rules.clone')}
        </Button>
      </Card>
    </section>
  );
}

export function WarningRulesPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can(EDIT);
  const { data: rules } = useAlarmRulesQuery({});
  const { data: areas = [] } = useMeterAreasQuery();
  const [updateOffline] = useUpdateOfflineRuleMutation();
  const [updateDelay] = useUpdateDelayRuleMutation();
  return (
    <div className="wo-rules-page">
      <h1>{t('monitoring.rules.title')}</h1>
      {!canEdit && rules && <Callout className="wo-rules-readonly">{t('monitoring.rules.noPermission')}</Callout>}
      {!rules ? (
        <Spinner />
      ) : (
        <>
          <ThresholdRules rules={rules} canEdit={canEdit} />
          <UsageRules areas={areas} canEdit={canEdit} />
          <div className="wo-rules-grid">
            <WarningRulesForm
              title={t('monitoring.rules.offline')}
              hint={t('monitoring.rules.offlineHint')}
              fields={fieldsOf(['alarmHours', 'severeHours', 'urgentHours'])}
              initial={rules.offline}
              check={offlineProblem}
              canEdit={canEdit}
              onSave={(v) => saved(() => updateOffline(v as OfflineRule), t('monitoring.rules.saved'))}
            />
            <WarningRulesForm
              title={t('monitoring.rules.delay')}
              hint={t('monitoring.rules.delayHint')}
              fields={fieldsOf(['onDelaySeconds', 'offDelaySeconds'])}
              initial={rules.delay}
              canEdit={canEdit}
              onSave={(v) => saved(() => updateDelay(v as DelayRule), t('monitoring.rules.saved'))}
            />
          </div>
        </>
      )}
    </div>
  );
}
