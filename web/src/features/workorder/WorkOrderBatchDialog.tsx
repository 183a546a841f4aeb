// Batch assign and batch complete (spec §4): the same action over the selected orders (hundreds at once), its
// inputs from the machine's row less what a batch cannot carry (photos), then the result of every order — done, or
// the server's reason why not — failures first.
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import type { MessageKey } from '@waterops/shared/i18n';
import { BATCH_MAX, type BatchItemResult, transitionOf, type WorkOrder } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Refusal, useRefusal } from '../../components/Refusal.tsx';
import { type ActionDraft, ActionInputFields, bodyOfDraft, EMPTY_DRAFT } from './ActionInputFields.tsx';
import { ACTION_ICON } from './actionLook.ts';
import { violationMap } from './WorkOrderActionDialog.tsx';
import { useBatchAssignMutation, useBatchCompleteMutation } from './workOrderApi.ts';

export type BatchAction = 'assign' | 'complete';

export type WorkOrderBatchDialogProps = {
  action: BatchAction;
  /** the selected orders */
  orders: readonly Pick<WorkOrder, 'id' | 'code'>[];
  onClose: () => void;
  /** the batch was sent (the page clears its selection) */
  onDone?: (results: BatchItemResult[]) => void;
};

export function WorkOrderBatchDialog({ action, orders, onClose, onDone }: WorkOrderBatchDialogProps) {
  const { t } = useTranslation();
  const { attachments: _photos, dueAt: _due, ...inputs } = transitionOf(action).inputs;
  const [draft, setDraft] = useState<ActionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const { refusal, clearRefusal, send } = useRefusal();
  const [results, setResults] = useState<BatchItemResult[] | null>(null);
  const [assign, assigning] = useBatchAssignMutation();
  const [complete, completing] = useBatchCompleteMutation();
  const busy = assigning.isLoading || completing.isLoading;
  const tooMany = orders.length > BATCH_MAX;
  const actionName = t(`workOrder.action.${action}`);

  const handleSend = async () => {
    const found = violationMap(action, draft);
    setErrors(found);
    clearRefusal();
    if (Object.keys(found).length > 0 || tooMany) return;
    const body = { ids: orders.map((o) => o.id), ...bodyOfDraft(inputs, draft) };
    await send(
      () => (action === 'assign' ? assign(body) : complete(body)).unwrap(),
      (answer) => {
        const codeOf = new Map(orders.map((o) => [o.id, o.code]));
        // failures first, then in the order sent
        const sorted = [...answer]
          .map((r) => ({ ...r, code: r.code ?? codeOf.get(r.id) ?? String(r.id) }))
          .sort((a, b) => Number(a.ok) - Number(b.ok));
        setResults(sorted);
        onDone?.(sorted);
      },
    );
  };

  const ok = results?.filter((r) => r.ok).length ?? 0;
  const failed = (results?.length ?? 0) - ok;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      canOutsideClickClose={false}
      title={t('workOrderPage.batch.title', { action: actionName, count: orders.length })}
      icon={ACTION_ICON[action]}
      style={{ width: 560, maxWidth: '96vw' }}
    >
      <DialogBody>
        {results === null ? (
          <div className="wo-wo-action-dialog">
            <p>{t('workOrderPage.batch.intro', { action: actionName, count: orders.length })}</p>
            {tooMany && (
              <Callout intent={Intent.DANGER} icon="error">
                {t('workOrderPage.batch.tooMany', { max: BATCH_MAX })}
              </Callout>
            )}
            <ActionInputFields
              action={action}
              inputs={inputs}
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                if (Object.keys(errors).length > 0) setErrors(violationMap(action, next));
              }}
              errors={errors}
              now={new Date()}
            />
            <Refusal text={refusal} />
          </div>
        ) : (
          <div className="wo-wo-batch-results">
            <Callout intent={failed > 0 ? Intent.WARNING : Intent.SUCCESS} role="status">
              {t('workOrder.batch.done', { ok, failed })}
            </Callout>
            <div className="wo-wo-batch-list">
              <HTMLTable compact striped aria-label={t('workOrderPage.batch.results')}>
                <thead>
                  <tr>
                    <th>{t('workOrder.field.code')}</th>
                    <th>{t('workOrderPage.batch.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((r) => (
                    <tr key={r.id} data-ok={r.ok}>
                      <td>{r.code}</td>
                      <td>
                        {r.ok ? (
                          <Tag minimal intent={Intent.SUCCESS} icon={<Icon icon="tick" />}>
                            {t('workOrderPage.batch.ok')}
                          </Tag>
                        ) : (
                          <span className="wo-wo-batch-why">
                            <Icon icon="cross" intent={Intent.DANGER} /> {r.message ?? t('workOrderPage.batch.failed')}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          results === null ? (
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button
                intent={Intent.PRIMARY}
                text={t('workOrderPage.batch.send', { action: actionName, count: orders.length })}
                loading={busy}
                disabled={tooMany}
                onClick={() => void handleSend()}
              />
            </>
          ) : (
            <Button intent={Intent.PRIMARY} text={t('common.close')} onClick={onClose} />
          )
        }
      />
    </Dialog>
  );
}
