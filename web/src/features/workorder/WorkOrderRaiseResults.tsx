// What a raise did, per source: a new order, the source's open order, or why it failed — each order a link to the
// work-order page (?code=, the bell's route). One source reads as a sentence, many as a table under a summary.
import { Callout, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { BatchRaiseItem } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { workOrderPath } from '../notice/workOrderLink.ts';

/** One source's outcome, with how the dialog named the source. */
export type RaiseOutcome = { label: string; item: BatchRaiseItem };

export type WorkOrderRaiseResultsProps = {
  /** the outcomes, in the order the sources were given */
  outcomes: readonly RaiseOutcome[];
  /** following a link to an order (the dialog closes) */
  onOpenOrder?: () => void;
};

const resultKey = (item: BatchRaiseItem) => (!item.ok ? 'failed' : item.created ? 'created' : 'existing');
const CODE_MARK = '%%CODE%%';
const RESULT_INTENT = { created: Intent.SUCCESS, existing: Intent.PRIMARY, failed: Intent.DANGER } as const;

function OrderLink({ code, onOpen }: { code: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to={workOrderPath(code)} onClick={onOpen} title={t('workOrderRaise.openOrder', { code })}>
      {code}
    </Link>
  );
}

export function WorkOrderRaiseResults({ outcomes, onOpenOrder }: WorkOrderRaiseResultsProps) {
  const { t } = useTranslation();
  const only = outcomes.length === 1 ? outcomes[0] : undefined;
  if (only) {
    const { item } = only;
    if (!item.ok)
      return (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {item.message}
        </Callout>
      );
    // the sentence around the code, which becomes a link
    const [before, after] = t(item.created ? 'workOrderRaise.createdOne' : 'workOrderRaise.existingOne', {
      code: CODE_MARK,
    }).split(CODE_MARK);
    return (
      <Callout intent={item.created ? Intent.SUCCESS : Intent.PRIMARY} icon="tick-circle" role="status">
        {before}
        <OrderLink code={item.code ?? ''} onOpen={onOpenOrder} />
        {after}
      </Callout>
    );
  }
  const count = (key: 'created' | 'existing' | 'failed') => outcomes.filter((o) => resultKey(o.item) === key).length;
  return (
    <>
      <p role="status">
        {t('workOrderRaise.summary', {
          created: count('created'),
          existing: count('existing'),
          failed: count('failed'),
        })}
      </p>
      <div className="wo-raise-results">
        <HTMLTable compact striped className="wo-raise-results-table">
          <thead>
            <tr>
              <th>{t('workOrderRaise.column.source')}</th>
              <th>{t('workOrderRaise.column.result')}</th>
              <th>{t('workOrderRaise.column.order')}</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map(({ label, item }, i) => {
              const key = resultKey(item);
              return (
                // sources may repeat (the same alarm twice): the position is the identity
                // biome-ignore lint/suspicious/noArrayIndexKey: outcomes never reorder
                <tr key={i}>
                  <td>{label}</td>
                  <td>
                    <Tag minimal intent={RESULT_INTENT[key]}>
                      {t(`workOrderRaise.result.${key}`)}
                    </Tag>
                  </td>
                  <td>
                    {item.ok && item.code ? (
                      <OrderLink code={item.code} onOpen={onOpenOrder} />
                    ) : (
                      <span className={Classes.TEXT_MUTED}>{item.message}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
