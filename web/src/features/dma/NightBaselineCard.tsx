// The night-flow detector's baseline for a district: still learning (how many nights of how many), in effect from
// which day and learnt from what — its first nights or a quiet period the engineer chose — and, for editors, choosing
// that period or going back to the default. Saving analyses the district again (the events follow the new baseline).
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { NightFlowSeries } from '@waterops/shared/dma';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { type DayRange, ReadingDayRange } from '../reading/ReadingDayRange.tsx';
import { useNightFlowBaselineMutation } from './dmaApi.ts';

/** The shortest baseline period (the server's rule; it answers with the same limit). */
const MIN_DAYS = 7;
const MAX_DAYS = 366;

export type NightBaselineCardProps = { series: NightFlowSeries; editor: boolean };

export function NightBaselineCard({ series, editor }: NightBaselineCardProps) {
  const { t } = useTranslation();
  const { warmup } = series;
  const [choosing, setChoosing] = useState(false);
  const [save, { isLoading }] = useNightFlowBaselineMutation();
  const seeded = warmup.baselineFrom !== null && warmup.baselineTo !== null;
  const text =
    warmup.readyDay === null
      ? seeded
        ? t('dma.night.baselineState.seedWaiting', { from: warmup.baselineFrom, to: warmup.baselineTo })
        : t('dma.night.baselineState.warming', { have: warmup.have, required: warmup.required })
      : seeded
        ? t('dma.night.baselineState.seeded', {
            from: warmup.baselineFrom,
            to: warmup.baselineTo,
            day: warmup.readyDay,
          })
        : t('dma.night.baselineState.ready', { day: warmup.readyDay, days: warmup.required });

  const submit = async (range: DayRange | null, done: string) => {
    try {
      await save({ districtId: series.districtId, from: range?.from ?? null, to: range?.to ?? null }).unwrap();
      showMessage(t(done), 'success');
      setChoosing(false);
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
  };

  return (
    <Callout
      compact
      intent={warmup.readyDay === null ? Intent.WARNING : Intent.NONE}
      icon="timeline-line-chart"
      className="wo-night-baseline"
      title={t('dma.night.baselineState.title')}
    >
      <span>{text}</span>
      {editor && (
        <span className="wo-night-baseline-actions">
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            text={t('dma.night.baselineState.set')}
            onClick={() => setChoosing(true)}
          />
          {seeded && (
            <Button
              size="small"
              variant="minimal"
              icon="reset"
              loading={isLoading}
              text={t('dma.night.baselineState.clear')}
              onClick={() => void submit(null, 'dma.night.baselineState.cleared')}
            />
          )}
        </span>
      )}
      {choosing && (
        <BaselineDialog
          initial={seeded ? { from: warmup.baselineFrom as string, to: warmup.baselineTo as string } : null}
          saving={isLoading}
          onSave={(range) => void submit(range, 'dma.night.baselineState.saved')}
          onClose={() => setChoosing(false)}
        />
      )}
    </Callout>
  );
}

type BaselineDialogProps = {
  initial: DayRange | null;
  saving: boolean;
  onSave: (range: DayRange) => void;
  onClose: () => void;
};

function BaselineDialog({ initial, saving, onSave, onClose }: BaselineDialogProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => initial ?? { from: '', to: '' });
  return (
    <Dialog isOpen title={t('dma.night.baselineState.dialog')} onClose={onClose}>
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{t('dma.night.baselineState.hint', { days: MIN_DAYS })}</p>
        <ReadingDayRange value={range} onChange={setRange} maxDays={MAX_DAYS} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('common.save')}
              loading={saving}
              disabled={!range.from || !range.to}
              onClick={() => onSave(range)}
            />
          </>
        }
      />
    </Dialog>
  );
}
