// The work calendar page's second tab: the deadline settings as one form — a type × priority matrix of response and
// resolution targets (entered and shown in hours or days, stored as minutes), the priorities that run on working
// time, the working hours, and the escalation ladder (level, basis, percent, who is told) — saved in one call. The
// rules are the shared ones the route answers; a reader without the edit permission sees the values as text.
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  SegmentedControl,
  Spinner,
} from '@blueprintjs/core';
import {
  ESCALATION_AUDIENCES,
  type EscalationAudience,
  WorkOrderPriority,
  type WorkOrderSettings,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { buildSettings, cellKey, draftOf, nextLevel, type SettingsDraft, type TargetPart } from './settingsDraft.ts';
import { minutesToText, naturalUnit, TARGET_UNITS, type TargetUnit } from './targetUnits.ts';
import { useWorkOrderSettingsQuery, useWorkOrderSettingsSavedMutation } from './workCalendarApi.ts';

export type DeadlineSettingsPanelProps = {
  /** the user may change the settings (workorder:calendar:edit) */
  editable: boolean;
};

export function DeadlineSettingsPanel({ editable }: DeadlineSettingsPanelProps) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useWorkOrderSettingsQuery();
  if (isLoading) return <Spinner />;
  if (isError || !data)
    return (
      <NonIdealState
        icon="error"
        title={t('deadlineSettings.loadFailed')}
        action={<Button text={t('common.retry')} onClick={() => void refetch()} />}
      />
    );
  // a new answer from the server (after a save) starts a fresh form
  return <SettingsForm key={JSON.stringify(data)} settings={data} editable={editable} />;
}

type SettingsFormProps = { settings: WorkOrderSettings; editable: boolean };

function SettingsForm({ settings, editable }: SettingsFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [unit, setUnit] = useState<TargetUnit>(() =>
    naturalUnit(settings.targets.flatMap((r) => [r.responseMinutes, r.resolveMinutes])),
  );
  const [save, { isLoading: saving }] = useWorkOrderSettingsSavedMutation();
  const result = useMemo(() => buildSettings(draft), [draft]);
  const problems = result.problems;
  const problemCount = Object.keys(problems).length;
  const problemOf = (field: string) => (problems[field] ? t(problems[field]) : undefined);

  const update = (change: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...change }));
  const handleTyped = (key: string, text: string) =>
    setDraft((d) => ({ ...d, typed: { ...d.typed, [key]: { text, unit } } }));
  const handleSave = async () => {
    try {
      const answer = await save(result.settings).unwrap();
      showMessage(answer.resp_msg, 'success');
    } catch {
      // the request layer showed the server's message; the form keeps the edits
    }
  };

  const minutesShown = (key: string, minutes: number) => {
    const typed = draft.typed[key];
    return typed && typed.unit === unit ? typed.text : minutesToText(minutes, unit);
  };
  const targetCell = (type: WorkOrderType, priority: WorkOrderPriority, part: TargetPart, minutes: number) => {
    const key = cellKey(type, priority, part);
    const what = t(part === 'response' ? 'deadlineSettings.response' : 'deadlineSettings.resolve');
    const label = t('deadlineSettings.cell', {
      type: t(`workOrder.type.${type}`),
      priority: t(`workOrder.priority.${priority}`),
      what,
    });
    const problem = problemOf(key);
    return (
      <div className="wo-deadline-part" key={part}>
        <span className={Classes.TEXT_MUTED}>{what}</span>
        {editable ? (
          <InputGroup
            small
            aria-label={label}
            inputMode="decimal"
            value={minutesShown(key, minutes)}
            intent={problem ? Intent.DANGER : Intent.NONE}
            title={problem}
            onValueChange={(v) => handleTyped(key, v)}
          />
        ) : (
          <span title={label}>{minutesToText(minutes, unit)}</span>
        )}
      </div>
    );
  };

  const builtTargets = result.settings.targets;
  const setLevel = (key: number, change: Partial<SettingsDraft['escalation'][number]>) =>
    update({ escalation: draft.escalation.map((r) => (r.key === key ? { ...r, ...change } : r)) });
  const newLevel = nextLevel(draft.escalation);

  return (
    <div className="wo-deadline-settings">
      <Card compact>
        <div className="wo-deadline-head">
          <H5>{t('deadlineSettings.targets')}</H5>
          <FormGroup inline label={t('deadlineSettings.unitLabel')} className="wo-deadline-unit">
            <SegmentedControl
              size="small"
              value={unit}
              onValueChange={(v) => setUnit(v as TargetUnit)}
              options={TARGET_UNITS.map((u) => ({ value: u, label: t(`deadlineSettings.unit.${u}`) }))}
            />
          </FormGroup>
        </div>
        <p className={Classes.TEXT_MUTED}>{t('deadlineSettings.targetsHint')}</p>
        <div className="wo-deadline-matrix">
          <HTMLTable compact bordered aria-label={t('deadlineSettings.targets')}>
            <thead>
              <tr>
                <th>{t('deadlineSettings.type')}</th>
                {WorkOrderPriority.values.map((p) => (
                  <th key={p}>
                    {t(`workOrder.priority.${p}`)}
                    <span className={Classes.TEXT_MUTED}> ({t(`deadlineSettings.unit.${unit}`)})</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {WorkOrderType.values.map((type) => (
                <tr key={type}>
                  <th scope="row">{t(`workOrder.type.${type}`)}</th>
                  {WorkOrderPriority.values.map((p) => {
                    const row = builtTargets.find((r) => r.type === type && r.priority === p);
                    return (
                      <td key={p}>
                        <div className="wo-deadline-cell">
                          {row && targetCell(type, p, 'response', row.responseMinutes)}
                          {row && targetCell(type, p, 'resolve', row.resolveMinutes)}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>

      <Card compact>
        <H5>{t('deadlineSettings.clock')}</H5>
        <p className={Classes.TEXT_MUTED}>{t('deadlineSettings.clockHint')}</p>
        <div className="wo-deadline-clock">
          {WorkOrderPriority.values.map((p) => (
            <Checkbox
              key={p}
              inline
              disabled={!editable}
              checked={draft.workingTimePriorities.includes(p)}
              label={`${t(`workOrder.priority.${p}`)}: ${t('deadlineSettings.workingTime')}`}
              onChange={(e) =>
                update({
                  workingTimePriorities: e.currentTarget.checked
                    ? [...draft.workingTimePriorities, p]
                    : draft.workingTimePriorities.filter((x) => x !== p),
                })
              }
            />
          ))}
        </div>
        <FormGroup
          label={t('deadlineSettings.hours')}
          labelFor="wo-deadline-hours"
          helperText={problemOf('workingHours') ?? t('deadlineSettings.hoursHint')}
          intent={problems.workingHours ? Intent.DANGER : Intent.NONE}
          className="wo-deadline-hours"
        >
          {editable ? (
            <InputGroup
              id="wo-deadline-hours"
              placeholder="08:30-17:30"
              maxLength={11}
              value={draft.workingHours}
              intent={problems.workingHours ? Intent.DANGER : Intent.NONE}
              onValueChange={(v) => update({ workingHours: v })}
            />
          ) : (
            <span id="wo-deadline-hours">{draft.workingHours || t('deadlineSettings.wholeDay')}</span>
          )}
        </FormGroup>
      </Card>

      <Card compact>
        <H5>{t('deadlineSettings.escalation')}</H5>
        <p className={Classes.TEXT_MUTED}>{t('deadlineSettings.escalationHint')}</p>
        {draft.escalation.length === 0 ? (
          <p>{t('deadlineSettings.noEscalation')}</p>
        ) : (
          <HTMLTable compact aria-label={t('deadlineSettings.escalation')} className="wo-deadline-ladder">
            <thead>
              <tr>
                <th>{t('deadlineSettings.level')}</th>
                <th>{t('deadlineSettings.basis')}</th>
                <th>{t('deadlineSettings.percent')}</th>
                <th>{t('deadlineSettings.notify')}</th>
                {editable && <th aria-label={t('resource.actions')} />}
              </tr>
            </thead>
            <tbody>
              {draft.escalation.map((r) => {
                const name = t('deadlineSettings.levelName', { level: r.level });
                const levelProblem = problemOf(`escalation.${r.key}.level`);
                const percentProblem = problemOf(`escalation.${r.key}.percent`);
                const notifyProblem = problemOf(`escalation.${r.key}.notify`);
                return (
                  <tr key={r.key}>
                    <td>
                      {editable ? (
                        <HTMLSelect
                          aria-label={`${name} ${t('deadlineSettings.level')}`}
                          value={r.level}
                          onChange={(e) => setLevel(r.key, { level: Number(e.currentTarget.value) })}
                          options={[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
                            value: n,
                            label: t('deadlineSettings.levelName', { level: n }),
                          }))}
                        />
                      ) : (
                        name
                      )}
                      {levelProblem && <div className="wo-field-error">{levelProblem}</div>}
                    </td>
                    <td>
                      {editable ? (
                        <HTMLSelect
                          aria-label={`${name} ${t('deadlineSettings.basis')}`}
                          value={r.basis}
                          onChange={(e) =>
                            setLevel(r.key, { basis: e.currentTarget.value === 'response' ? 'response' : 'resolve' })
                          }
                          options={(['response', 'resolve'] as const).map((b) => ({
                            value: b,
                            label: t(`workOrder.basis.${b}`),
                          }))}
                        />
                      ) : (
                        t(`workOrder.basis.${r.basis}`)
                      )}
                    </td>
                    <td>
                      {editable ? (
                        <InputGroup
                          small
                          className="wo-deadline-percent"
                          aria-label={`${name} ${t('deadlineSettings.percent')}`}
                          inputMode="numeric"
                          value={r.percent}
                          rightElement={<span className="wo-deadline-suffix">%</span>}
                          intent={percentProblem ? Intent.DANGER : Intent.NONE}
                          onValueChange={(v) => setLevel(r.key, { percent: v })}
                        />
                      ) : (
                        `${r.percent}%`
                      )}
                      {percentProblem && <div className="wo-field-error">{percentProblem}</div>}
                    </td>
                    <td>
                      {ESCALATION_AUDIENCES.map((a: EscalationAudience) => (
                        <Checkbox
                          key={a}
                          inline
                          disabled={!editable}
                          checked={r.notify.includes(a)}
                          label={t(`workOrder.audience.${a}`)}
                          aria-label={`${name} ${t(`workOrder.audience.${a}`)}`}
                          onChange={(e) =>
                            setLevel(r.key, {
                              notify: e.currentTarget.checked ? [...r.notify, a] : r.notify.filter((x) => x !== a),
                            })
                          }
                        />
                      ))}
                      {notifyProblem && <div className="wo-field-error">{notifyProblem}</div>}
                    </td>
                    {editable && (
                      <td>
                        <Button
                          variant="minimal"
                          size="small"
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label={t('deadlineSettings.removeLevel', { level: r.level })}
                          onClick={() => update({ escalation: draft.escalation.filter((x) => x.key !== r.key) })}
                        />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
        {editable && newLevel !== null && (
          <Button
            icon="add"
            text={t('deadlineSettings.addLevel')}
            onClick={() =>
              update({
                escalation: [
                  ...draft.escalation,
                  {
                    key: Math.max(0, ...draft.escalation.map((r) => r.key)) + 1,
                    level: newLevel,
                    basis: 'resolve',
                    percent: '100',
                    notify: ['dispatchers'],
                  },
                ],
              })
            }
          />
        )}
      </Card>

      {editable && (
        <div className="wo-deadline-actions">
          {problemCount > 0 && (
            <Callout compact intent={Intent.DANGER} icon="error">
              {t(Object.values(problems)[0] ?? 'deadlineSettings.numberRule')}
            </Callout>
          )}
          <Button
            icon="floppy-disk"
            intent={Intent.PRIMARY}
            text={t('deadlineSettings.save')}
            disabled={!result.changed || problemCount > 0}
            loading={saving}
            onClick={() => void handleSave()}
          />
          <Button
            text={t('workCalendarPage.discard')}
            disabled={!result.changed && problemCount === 0}
            onClick={() => setDraft(draftOf(settings))}
          />
          {result.changed && <span className={Classes.TEXT_MUTED}>{t('workCalendarPage.unsaved')}</span>}
        </div>
      )}
    </div>
  );
}
