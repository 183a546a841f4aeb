// The work-order scene's board: the open orders, most pressing first (the queue's urgency order), each with its
// status and its deadline countdown, from the live `workorders` topic — the dispatcher's queue as the room sees it.
// Columns are the declared fields' own labels and texts (shared WORK_ORDER_FIELDS, the catalogue's workOrder.field.*).
import { TOPICS } from '@waterops/shared/live';
import { deadlineState, type WorkOrder } from '@waterops/shared/workorder';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../../../live/useLive.ts';
import { DeadlineTag } from '../../workorder/DeadlineTag.tsx';
import { DEADLINE_RANK } from '../../workorder/deadlineLook.ts';
import { fieldText } from '../../workorder/fieldText.ts';
import { useNow } from '../../workorder/useNow.ts';
import { StatusTag } from '../../workorder/WorkOrderTags.tsx';

const ORDERS = { topic: TOPICS.workorders } as const;
const COLUMNS = ['code', 'title', 'districtName', 'assigneeName'] as const;

export type ScreenOrderBoardProps = {
  /** how many rows fit (the rest are counted under the board) */
  rows: number;
};

export function ScreenOrderBoard({ rows }: ScreenOrderBoardProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`workOrder.field.${field}`);
  const now = useNow();
  const { items } = useLiveChannel<WorkOrder>(ORDERS);
  const sorted = useMemo(
    () =>
      [...items].sort(
        (a, b) =>
          DEADLINE_RANK[deadlineState(a, now).class] - DEADLINE_RANK[deadlineState(b, now).class] ||
          (a.resolveDueAt ?? '9').localeCompare(b.resolveDueAt ?? '9'),
      ),
    [items, now],
  );
  return (
    <section className="wo-screen-panel wo-screen-orders" aria-label={t('bigScreen.orderBoard')}>
      <h3 className="wo-screen-panel-title">{t('bigScreen.orderBoard')}</h3>
      <table>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c}>{label(c)}</th>
            ))}
            <th>{label('status')}</th>
            <th>{label('resolveDueAt')}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.slice(0, rows).map((o) => (
            <tr key={o.id}>
              {COLUMNS.map((c) => (
                <td key={c}>{fieldText(o, c, t)}</td>
              ))}
              <td>
                <StatusTag status={o.status} />
              </td>
              <td>
                <DeadlineTag order={o} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sorted.length > rows && (
        <p className="wo-screen-more">{t('bigScreen.moreOrders', { count: sorted.length - rows })}</p>
      )}
      {sorted.length === 0 && <p className="wo-screen-more">{t('bigScreen.noOpenOrders')}</p>}
    </section>
  );
}
