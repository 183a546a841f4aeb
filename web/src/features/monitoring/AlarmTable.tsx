// The console's table: one row per alarm (suppressed alarms under their parent, expandable), sortable headers,
// row selection for bulk acknowledge, and each row's actions.
import { Button, Checkbox, Classes, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import type { Alarm } from '@waterops/shared/monitoring';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { useOpenDetail } from '../detail/detailLink.ts';
import { type AlarmViewState, alarmLevelIntent, alarmStateOf } from './alarmLevel.ts';
import type { AlarmRowGroup, AlarmSort, AlarmSortKey } from './alarmList.ts';
import { useAlarmChildrenQuery } from './alarmsApi.ts';
import { formatAlarmValue } from './alarmValue.ts';

/** What a row's buttons ask for. */
export type AlarmRowAction = 'acknowledge' | 'shelve' | 'unshelve' | 'history' | 'raise';

export type AlarmTableProps = {
  /** top-level rows with their suppressed children */
  groups: AlarmRowGroup[];
  sort: AlarmSort;
  onSortChange: (sort: AlarmSort) => void;
  /** selected alarm ids */
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  /** expanded parents */
  expanded: ReadonlySet<number>;
  onToggleExpanded: (id: number) => void;
  /** a row's button was pressed */
  onAction: (action: AlarmRowAction, alarm: Alarm) => void;
  /** whether the user may acknowledge and shelve */
  canEdit: boolean;
  /** whether the user may raise work orders (workorder:create) */
  canRaise?: boolean;
};

const STATE_INTENT: Record<AlarmViewState, Intent> = {
  activeUnacked: Intent.DANGER,
  activeAcked: Intent.WARNING,
  clearedUnacked: Intent.PRIMARY,
  cleared: Intent.NONE,
  shelved: Intent.NONE,
};

const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');
/** within the table: month-day and time (the year is in the cell's title) */
const shortTime = (iso: string) => time(iso).slice(5);

export function AlarmLevelTag({ level }: { level: Alarm['level'] }) {
  const { t } = useTranslation();
  return (
    <Tag intent={alarmLevelIntent(level)} minimal={level === 'general'} className="wo-alarm-level">
      {t(`alarmConsole.level.${level}`)}
    </Tag>
  );
}

function SourceLink({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const openDetail = useOpenDetail();
  const kind = t(`alarmConsole.sourceKind.${alarm.sourceKind}`);
  if (alarm.sourceKind === 'district')
    return (
      <div>
        {alarm.sourceCode}
        <div className={`${Classes.TEXT_MUTED} wo-alarm-kind`}>{kind}</div>
      </div>
    );
  const detailKind = alarm.sourceKind;
  return (
    <div>
      <Button
        variant="minimal"
        size="small"
        className="wo-alarm-source"
        text={alarm.sourceCode}
        onClick={() => openDetail({ kind: detailKind, id: alarm.sourceId })}
      />
      <div className={`${Classes.TEXT_MUTED} wo-alarm-kind`}>{kind}</div>
    </div>
  );
}

type RowProps = Pick<AlarmTableProps, 'selected' | 'onSelectedChange' | 'onAction' | 'canEdit' | 'canRaise'> & {
  alarm: Alarm;
  /** a suppressed alarm shown under its parent */
  child?: boolean;
  /** the expand button (parents only) */
  expander?: React.ReactNode;
};

function AlarmRow({ alarm, child, expander, selected, onSelectedChange, onAction, canEdit, canRaise }: RowProps) {
  const { t } = useTranslation();
  const state = alarmStateOf(alarm);
  const toggle = () => {
    const next = new Set(selected);
    if (next.has(alarm.id)) next.delete(alarm.id);
    else next.add(alarm.id);
    onSelectedChange(next);
  };
  return (
    <tr className={`wo-alarm-row wo-alarm-${alarm.level}${child ? ' wo-alarm-child' : ''}`} data-alarm-id={alarm.id}>
      <td>
        <Checkbox
          checked={selected.has(alarm.id)}
          onChange={toggle}
          aria-label={t('alarmConsole.selectRow', { code: alarm.sourceCode })}
          className="wo-alarm-check"
        />
      </td>
      <td>
        {child && <Icon icon="arrow-right" className="wo-alarm-child-mark" size={12} />}
        <AlarmLevelTag level={alarm.level} />
      </td>
      <td>{t(`alarmConsole.type.${alarm.alarmType}`)}</td>
      <td>
        <SourceLink alarm={alarm} />
        {expander}
      </td>
      <td>{alarm.areaName ?? ''}</td>
      <td className="wo-num">{formatAlarmValue(alarm, (unit) => t(`alarmConsole.unit.${unit}`))}</td>
      <td title={time(alarm.raisedAt)}>{shortTime(alarm.raisedAt)}</td>
      <td>
        <Tag minimal multiline intent={STATE_INTENT[state]} className="wo-alarm-state">
          {t(`alarmConsole.state.${state}`)}
        </Tag>
      </td>
      <td className="wo-alarm-handling">
        {alarm.ackBy && (
          <div>
            <Icon icon="tick" size={12} className={Classes.TEXT_MUTED} /> <strong>{alarm.ackBy}</strong>{' '}
            {/* month-day and time like the raised column; the year in the title */}
            <span className={Classes.TEXT_MUTED} title={time(alarm.ackAt)}>
              {alarm.ackAt ? shortTime(alarm.ackAt) : ''}
            </span>
            {alarm.ackComment && <div className="wo-alarm-comment">{alarm.ackComment}</div>}
          </div>
        )}
        {state === 'shelved' && (
          <div>
            <Icon icon="pause" size={12} className={Classes.TEXT_MUTED} /> <strong>{alarm.shelvedBy ?? ''}</strong>{' '}
            <span className={Classes.TEXT_MUTED} title={time(alarm.shelvedUntil)}>
              {t('alarmConsole.until', { time: alarm.shelvedUntil ? shortTime(alarm.shelvedUntil) : '' })}
            </span>
            {alarm.shelveReason && <div className="wo-alarm-comment">{alarm.shelveReason}</div>}
          </div>
        )}
      </td>
      <td className="wo-alarm-actions">
        {canEdit && !alarm.acknowledged && (
          <Button
            size="small"
            intent={Intent.PRIMARY}
            text={t('alarmConsole.acknowledge')}
            onClick={() => onAction('acknowledge', alarm)}
          />
        )}
        {canEdit &&
          (state === 'shelved' ? (
            <Button
              size="small"
              icon="play"
              aria-label={t('alarmConsole.unshelve')}
              title={t('alarmConsole.unshelve')}
              onClick={() => onAction('unshelve', alarm)}
            />
          ) : (
            <Button
              size="small"
              icon="pause"
              aria-label={t('alarmConsole.shelve')}
              title={t('alarmConsole.shelve')}
              onClick={() => onAction('shelve', alarm)}
            />
          ))}
        {canRaise && (
          <Button
            size="small"
            icon="clipboard"
            aria-label={t('workOrderRaise.action')}
            title={t('workOrderRaise.action')}
            onClick={() => onAction('raise', alarm)}
          />
        )}
        <Button
          size="small"
          variant="minimal"
          icon="history"
          aria-label={t('alarmConsole.history')}
          title={t('alarmConsole.history')}
          onClick={() => onAction('history', alarm)}
        />
      </td>
    </tr>
  );
}

/** An expanded parent's children: asked from the server (they may be more than the live set holds). */
function ChildRows({ parent, known, ...row }: Omit<RowProps, 'alarm'> & { parent: Alarm; known: Alarm[] }) {
  const { data } = useAlarmChildrenQuery(parent.id, { refetchOnMountOrArgChange: true });
  // the live set's copies are newer than a fetched list once patches arrive
  const live = new Map(known.map((a) => [a.id, a]));
  const children = data ? data.map((a) => live.get(a.id) ?? a) : known;
  return (
    <>
      {children.map((c) => (
        <AlarmRow key={c.id} alarm={c} child {...row} />
      ))}
    </>
  );
}

const COLUMNS: Array<{ key: string; sortKey?: AlarmSortKey }> = [
  { key: 'level', sortKey: 'level' },
  { key: 'type', sortKey: 'alarmType' },
  { key: 'source', sortKey: 'sourceCode' },
  { key: 'area', sortKey: 'areaName' },
  { key: 'value' },
  { key: 'raisedAt', sortKey: 'raisedAt' },
  { key: 'state', sortKey: 'state' },
  { key: 'handling' },
  { key: 'actions' },
];

export function AlarmTable(props: AlarmTableProps) {
  const { groups, sort, onSortChange, selected, onSelectedChange, expanded, onToggleExpanded } = props;
  const { t } = useTranslation();
  const visibleIds = groups.map((g) => g.alarm.id);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const handleSort = (key: AlarmSortKey) =>
    onSortChange(sort.key === key ? { key, descending: !sort.descending } : { key, descending: key === 'raisedAt' });
  return (
    <HTMLTable compact interactive className="wo-alarm-table" aria-label={t('alarmConsole.title')}>
      <thead>
        <tr>
          <th>
            <Checkbox
              checked={allSelected}
              aria-label={t('alarmConsole.selectAll')}
              onChange={() => onSelectedChange(allSelected ? new Set() : new Set(visibleIds))}
              className="wo-alarm-check"
            />
          </th>
          {COLUMNS.map((c) => {
            const label = t(`alarmConsole.column.${c.key}`);
            if (!c.sortKey)
              return (
                // the handling head wraps like its cells (a long English head pushed the table under the actions)
                <th key={c.key} className={c.key === 'handling' ? 'wo-alarm-handling' : undefined}>
                  {label}
                </th>
              );
            const active = sort.key === c.sortKey;
            const sortKey = c.sortKey;
            return (
              <th key={c.key} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                <Button
                  variant="minimal"
                  size="small"
                  className="wo-alarm-sort"
                  text={label}
                  endIcon={active ? (sort.descending ? 'chevron-down' : 'chevron-up') : undefined}
                  onClick={() => handleSort(sortKey)}
                />
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {groups.map(({ alarm, children }) => {
          const count = Math.max(alarm.childCount, children.length);
          const open = expanded.has(alarm.id);
          const expander =
            count > 0 ? (
              <Button
                size="small"
                variant="minimal"
                icon={open ? 'chevron-down' : 'chevron-right'}
                className="wo-alarm-expander"
                aria-expanded={open}
                aria-label={t(open ? 'alarmConsole.hideChildren' : 'alarmConsole.showChildren')}
                text={t('alarmConsole.children', { count })}
                onClick={() => onToggleExpanded(alarm.id)}
              />
            ) : undefined;
          return (
            <Fragment key={alarm.id}>
              <AlarmRow alarm={alarm} expander={expander} {...props} />
              {open && <ChildRows parent={alarm} known={children} {...props} />}
            </Fragment>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
