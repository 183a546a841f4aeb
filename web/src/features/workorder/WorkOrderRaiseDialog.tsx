// "生成工单 / Raise work order" from where the problem is seen: the chosen sources (alarms, usage exceptions, a leak
// event; or month-end bases on the meter-reading page), an optional type and priority (by default the server derives
// them from the source), a remark; one source goes to raise, several to batchRaise (≤ 500). The dialog then shows
// what happened to each source — a new order, the source's open order, or why not — with links to the orders.
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import {
  type BatchRaiseItem,
  type WorkOrderType as OrderType,
  type WorkOrderPriority as Priority,
  RAISE_BATCH_MAX,
  WorkOrderPriority,
  type WorkOrderRaise,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestFailure } from '../../api/request.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { type RaiseOutcome, WorkOrderRaiseResults } from './WorkOrderRaiseResults.tsx';
import './workOrderRaise.css';
import {
  type RaiseAnswer,
  useBatchRaiseWorkOrdersMutation,
  useMeterBaseBatchWorkOrderMutation,
  useMeterBaseWorkOrderMutation,
  useRaiseWorkOrderMutation,
} from './workOrderRaiseApi.ts';

/** A source as the dialog names it and the raise it becomes. */
export type RaiseSourceItem = { label: string; raise: WorkOrderRaise };
/** A month-end base (the meter-reading page) as the dialog names it. */
export type RaiseBaseItem = { label: string; id: number };

/** What to raise from: sources (raise / batchRaise), or month-end bases (meterBase workOrder / batchWorkOrder). */
export type RaiseTarget = { kind: 'sources'; items: RaiseSourceItem[] } | { kind: 'bases'; items: RaiseBaseItem[] };

export type WorkOrderRaiseDialogProps = {
  target: RaiseTarget;
  /** above the form: what the source costs or says (a leak's loss so far and per further day) */
  summary?: ReactNode;
  /** what "automatic" priority means here (default: from the alarm level) */
  autoPriorityKey?: string;
  /** closes the dialog (after the results were seen too) */
  onClose: () => void;
  /** after the server answered (the page may clear its selection) */
  onRaised?: () => void;
};

const REMARK_MAX = 500;
/** Sources named in the dialog before "and N more". */
const SHOWN_SOURCES = 5;

const asItem = (a: RaiseAnswer): BatchRaiseItem => ({
  ok: true,
  created: a.created,
  id: a.order.id,
  code: a.order.code,
  message: a.message,
});
const failed = (error: unknown): BatchRaiseItem => ({
  ok: false,
  created: false,
  id: null,
  code: null,
  message: (error as RequestFailure).message,
});

export function WorkOrderRaiseDialog({
  target,
  summary,
  autoPriorityKey = 'workOrderRaise.priorityAuto',
  onClose,
  onRaised,
}: WorkOrderRaiseDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<OrderType | ''>('');
  const [priority, setPriority] = useState<Priority | ''>('');
  const [comment, setComment] = useState('');
  const [outcomes, setOutcomes] = useState<RaiseOutcome[] | null>(null);
  const [raiseOne, one] = useRaiseWorkOrderMutation();
  const [raiseMany, many] = useBatchRaiseWorkOrdersMutation();
  const [baseOne, oneBase] = useMeterBaseWorkOrderMutation();
  const [baseMany, manyBases] = useMeterBaseBatchWorkOrderMutation();
  const busy = one.isLoading || many.isLoading || oneBase.isLoading || manyBases.isLoading;

  const count = target.items.length;
  const tooMany = count > RAISE_BATCH_MAX;
  const remark = comment.trim();
  const tooLong = remark.length > REMARK_MAX;
  const choices = {
    ...(type ? { type } : {}),
    ...(priority ? { priority } : {}),
    ...(remark ? { comment: remark } : {}),
  };
  const labels = target.items.map((i) => i.label);

  const send = async (): Promise<BatchRaiseItem[]> => {
    try {
      if (target.kind === 'sources') {
        const [first] = target.items;
        if (count === 1 && first) return [asItem(await raiseOne({ ...first.raise, ...choices }).unwrap())];
        return await raiseMany(target.items.map((i) => ({ ...i.raise, ...choices }))).unwrap();
      }
      const [first] = target.items;
      if (count === 1 && first) return [asItem(await baseOne({ id: first.id, ...choices }).unwrap())];
      return await baseMany({ ids: target.items.map((i) => i.id), ...choices }).unwrap();
    } catch (error) {
      // a refusal or failure of the whole call: every source failed with its message
      return target.items.map(() => failed(error));
    }
  };

  const handleSubmit = async (event?: React.FormEvent) => {
    event?.preventDefault();
    if (tooMany || tooLong || busy) return;
    const items = await send();
    setOutcomes(items.map((item, i) => ({ label: labels[i] ?? '', item })));
    onRaised?.();
  };

  const title = count === 1 ? t('workOrderRaise.dialogTitle') : t('workOrderRaise.dialogTitleMany', { count });
  return (
    <Dialog isOpen onClose={onClose} title={title} icon="clipboard" style={{ width: 560, maxWidth: '96vw' }}>
      {outcomes ? (
        <>
          <DialogBody>
            <WorkOrderRaiseResults outcomes={outcomes} onOpenOrder={onClose} />
          </DialogBody>
          <DialogFooter
            actions={<Button intent={Intent.PRIMARY} text={t('workOrderRaise.close')} onClick={onClose} />}
          />
        </>
      ) : (
        <form onSubmit={(e) => void handleSubmit(e)} noValidate>
          <DialogBody>
            {summary}
            <FormGroup label={t('workOrderRaise.sources')}>
              <ul className="wo-raise-sources">
                {labels.slice(0, SHOWN_SOURCES).map((label, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while the dialog is open
                  <li key={i}>{label}</li>
                ))}
                {count > SHOWN_SOURCES && (
                  <li className={Classes.TEXT_MUTED}>
                    {t('workOrderRaise.moreSources', { count: count - SHOWN_SOURCES })}
                  </li>
                )}
              </ul>
            </FormGroup>
            {tooMany && (
              <Callout intent={Intent.DANGER} role="alert">
                {t('workOrderRaise.tooMany', { max: RAISE_BATCH_MAX })}
              </Callout>
            )}
            <div className="wo-raise-choices">
              <SelectField<OrderType | ''>
                label={t('workOrder.field.type')}
                value={type}
                onChange={setType}
                options={[
                  { value: '', label: t('workOrderRaise.typeAuto') },
                  ...WorkOrderType.values.map((v) => ({ value: v, label: t(`workOrder.type.${v}`) })),
                ]}
              />
              <SelectField<Priority | ''>
                label={t('workOrder.field.priority')}
                value={priority}
                onChange={setPriority}
                options={[
                  { value: '', label: t(autoPriorityKey) },
                  ...WorkOrderPriority.values.map((v) => ({ value: v, label: t(`workOrder.priority.${v}`) })),
                ]}
              />
            </div>
            <TextAreaField
              label={t('workOrderRaise.comment')}
              value={comment}
              placeholder={t('workOrderRaise.commentPlaceholder')}
              onChange={setComment}
              error={tooLong ? t('workOrderRaise.commentTooLong') : null}
            />
            <p className={Classes.TEXT_MUTED}>{t('workOrderRaise.oncePerSource')}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('workOrderRaise.cancel')} onClick={onClose} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon="clipboard"
                  text={t('workOrderRaise.submit')}
                  loading={busy}
                  disabled={tooMany || tooLong}
                />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
