// The data check (数据校验): revalidates the meters of an area — or the meters picked in the list — over a range of
// China days now, then shows what the rules found. The range rules are the shared ones (real days, not reversed, at
// most 93 days); the request may take up to 60 s (spec §9), the button stays busy meanwhile.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Intent,
} from '@blueprintjs/core';
import type { Area } from '@waterops/shared/place';
import { type DataCheckResult, QUALITY_CODES, RULE_CODES, validateDataCheck } from '@waterops/shared/reading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from './DayInput.tsx';
import { useRunDataCheckMutation } from './dataCheckApi.ts';

export type DataCheckDialogProps = {
  /** the areas to choose from */
  areas: readonly Area[];
  /** the meters picked in the list; when given, these are checked instead of an area */
  meterIds?: readonly number[];
  /** the area, first and last day the dialog starts with (the list's filters) */
  initial: { areaId: string; from: string; to: string };
  /** today, China day 'YYYY-MM-DD' */
  today: string;
  onClose: () => void;
};

type Field = 'areaId' | 'from' | 'to';

export function DataCheckDialog({ areas, meterIds, initial, today, onClose }: DataCheckDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [result, setResult] = useState<DataCheckResult | null>(null);
  const [runCheck, { isLoading }] = useRunDataCheckMutation();
  const byMeters = meterIds !== undefined && meterIds.length > 0;

  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    setError(null);
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      ...(byMeters ? { meterIds: [...meterIds] } : values.areaId ? { areaId: Number(values.areaId) } : {}),
      from: values.from,
      to: values.to,
    };
    const refusal = validateDataCheck(body, today);
    if ('message' in refusal) {
      setError({ field: refusal.field, message: t(refusal.message, refusal.params) });
      return;
    }
    try {
      setResult(await runCheck(body).unwrap());
    } catch {
      // the request layer has shown the server's message
    }
  };

  const helper = (field: Field) => (error?.field === field ? error.message : undefined);
  const intent = (field: Field) => (error?.field === field ? Intent.DANGER : Intent.NONE);
  const found = result ? RULE_CODES.filter((r) => result.rules[r] > 0) : [];

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('dataCheck.run')}
      icon="automatic-updates"
      style={{ width: 460, maxWidth: '96vw' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          {byMeters ? (
            <p>{t('dataCheck.selectedMeters', { count: meterIds.length })}</p>
          ) : (
            <FormGroup
              label={t('dataCheck.area')}
              labelFor="data-check-area"
              intent={intent('areaId')}
              helperText={helper('areaId')}
            >
              <HTMLSelect
                id="data-check-area"
                fill
                value={values.areaId}
                onChange={(e) => set('areaId', e.currentTarget.value)}
                options={[
                  { value: '', label: t('dataCheck.areaPlaceholder') },
                  ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
                ]}
              />
            </FormGroup>
          )}
          <FormGroup
            label={t('dataCheck.from')}
            labelFor="data-check-from"
            intent={intent('from')}
            helperText={helper('from')}
          >
            <DayInput id="data-check-from" value={values.from} maxDay={today} onChange={(v) => set('from', v)} />
          </FormGroup>
          <FormGroup label={t('dataCheck.to')} labelFor="data-check-to" intent={intent('to')} helperText={helper('to')}>
            <DayInput id="data-check-to" value={values.to} maxDay={today} onChange={(v) => set('to', v)} />
          </FormGroup>
          {result && (
            <Callout intent={found.length ? Intent.WARNING : Intent.SUCCESS} title={t('dataCheck.done', result)}>
              {found.length === 0 ? (
                <p>{t('dataCheck.nothingFound')}</p>
              ) : (
                <HTMLTable compact aria-label={t('dataCheck.foundTitle')}>
                  <tbody>
                    {found.map((r) => (
                      <tr key={r}>
                        <td>{t(`dataCheck.rule.${r}`)}</td>
                        <td>{result.rules[r]}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
              <p>{QUALITY_CODES.map((q) => `${t(`dataCheck.quality.${q}`)} ${result.qualities[q]}`).join(' · ')}</p>
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t(result ? 'common.close' : 'common.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('dataCheck.start')} loading={isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
