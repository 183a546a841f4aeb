// The console's table: one row per alarm (suppressed alarms under their parent, expandable), sortable headers,
// row selection for bulk acknowledge, and each row's actions. Three layouts follow the width it has (a tablet, a
// phone): every column; a medium one with the area, value and handling merged into the source, type and state cells
// (rows of one or two lines, state and actions in view); and cards stacked row by row on a phone.
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

/** How the table is laid out: every column, merged columns (a tablet), or one card per row (a phone). */
export type AlarmTableLayout = 'wide' | 'medium' | 'narrow';

/**
 * The layout for the width the table has, in px (0: not measured, e.g. without layout: every column). Every column
 * needs ~1100 px in English; the merged ones fit a 900 px tablet; below 640 px a row becomes a card.
 */
export const alarmTableLayout = (width: number): AlarmTableLayout =>
  width <= 0 || width >= 1100 ? 'wide' : width >= 640 ? 'medium' : 'narrow';

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
  /** the layout for the width at hand (alarmTableLayout); default: every column */
  layout?: AlarmTableLayout;
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
/** month-day, hours and minutes: the merged layouts' time (seconds in the title with the year); the home ticker's */
export const minuteTime = (iso: string) => time(iso).slice(5, 16);

export function AlarmLevelTag({ level }: { level: Alarm['level'] }) {
  const { t } = useTranslation();
  return (
    <Tag intent={alarmLevelIntent(level)} minimal={level === 'general'} className="wo-alarm-level">
      {t(`alarmConsole.level.${level}`)}
    </Tag>
  );
}

/**
 * The source's code (a link to its detail) over its kind; in the merged layouts also its area, and the suppressed
 * alarms' expander beside the code (`extra`), so the cell keeps to two lines.
 */
function SourceLink({ alarm, withArea, extra }: { alarm: Alarm; withArea?: boolean; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const openDetail = useOpenDetail();
  const kindName = t(`alarmConsole.sourceKind.${alarm.sourceKind}`);
  const kind = withArea && alarm.areaName ? `${kindName} · ${alarm.areaName}` : kindName;
  const detailKind = alarm.sourceKind;
  const code =
    detailKind === 'district' ? (
      alarm.sourceCode
    ) : (
      <Button
        variant="minimal"
        size="small"
        className="wo-alarm-source"
        text={alarm.sourceCode}
        onClick={() => openDetail({ kind: detailKind, id: alarm.sourceId })}
      />
    );
  return (
    <div>
      {extra ? (
        <div className="wo-alarm-source-line">
          {code}
          {extra}
        </div>
      ) : (
        code
      )}
      <div className={`${Classes.TEXT_MUTED} wo-alarm-kind`} title={kind}>
        {kind}
      </div>
    </div>
  );
}

/** Who acknowledged or shelved the alarm, when, and why; `brief`: on one line, the comment in its title. */
function Handling({ alarm, brief }: { alarm: Alarm; brief?: boolean }) {
  const { t } = useTranslation();
  const state = alarmStateOf(alarm);
  const comment = (text: string | null) => (text && !brief ? <div className="wo-alarm-comment">{text}</div> : null);
  return (
    <>
      {alarm.ackBy && (
        <div
          className={brief ? 'wo-alarm-brief' : undefined}
          title={brief ? (alarm.ackComment ?? undefined) : undefined}
        >
          <Icon icon="tick" size={12} className={Classes.TEXT_MUTED} /> <strong>{alarm.ackBy}</strong>{' '}
          {/* month-day and time like the raised column; the year in the title */}
          <span className={Classes.TEXT_MUTED} title={time(alarm.ackAt)}>
            {alarm.ackAt ? shortTime(alarm.ackAt) : ''}
          </span>
          {comment(alarm.ackComment)}
        </div>
      )}
      {state === 'shelved' && (
        <div
          className={brief ? 'wo-alarm-brief' : undefined}
          title={brief ? (alarm.shelveReason ?? undefined) : undefined}
        >
          <Icon icon="pause" size={12} className={Classes.TEXT_MUTED} /> <strong>{alarm.shelvedBy ?? ''}</strong>{' '}
          <span className={Classes.TEXT_MUTED} title={time(alarm.shelvedUntil)}>
            {t('alarmConsole.until', { time: alarm.shelvedUntil ? shortTime(alarm.shelvedUntil) : '' })}
          </span>
          {comment(alarm.shelveReason)}
        </div>
      )}
    </>
  );
}

/** The value over the limit it crossed (two lines, as the source over its kind: the column stays narrow). */
function ValueOverLimit({ text }: { text: string }) {
  const [value, limit] = text.split(' / ');
  return (
    <>
      <div>{value}</div>
      {limit && <div className={`${Classes.TEXT_MUTED} wo-alarm-kind`}>/ {limit}</div>}
    </>
  );
}

type RowProps = Pick<
  AlarmTableProps,
  'selected' | 'onSelectedChange' | 'onAction' | 'canEdit' | 'canRaise' | 'layout'
> & {
  alarm: Alarm;
  /** a suppressed alarm shown under its parent */
  child?: boolean;
  /** the expand button (parents only) */
  expander?: React.ReactNode;
};

function AlarmRow({
  alarm,
  child,
  expander,
  selected,
  onSelectedChange,
  onAction,
  canEdit,
  canRaise,
  layout = 'wide',
}: RowProps) {
  const { t } = useTranslation();
  const state = alarmStateOf(alarm);
  const wide = layout === 'wide';
  const value = formatAlarmValue(alarm, (unit) => t(`alarmConsole.unit.${unit}`));
  const toggle = () => {
    const next = new Set(selected);
    if (next.has(alarm.id)) next.delete(alarm.id);
    else next.add(alarm.id);
    onSelectedChange(next);
  };
  // data-col names each cell for the card layout's grid areas (AlarmConsolePage.css)
  return (
    <tr className={`wo-alarm-row wo-alarm-${alarm.level}${child ? ' wo-alarm-child' : ''}`} data-alarm-id={alarm.id}>
      <td data-col="check">
        <Checkbox
          checked={selected.has(alarm.id)}
          onChange={toggle}
          aria-label={t('alarmConsole.selectRow', { code: alarm.sourceCode })}
          className="wo-alarm-check"
        />
      </td>
      <td data-col="level">
        {child && <Icon icon="arrow-right" className="wo-alarm-child-mark" size={12} />}
        <AlarmLevelTag level={alarm.level} />
      </td>
      <td data-col="type">
        {t(`alarmConsole.type.${alarm.alarmType}`)}
        {/* merged: the measured value and its limit under the type they belong to */}
        {!wide && value && <div className={`${Classes.TEXT_MUTED} wo-alarm-kind wo-num`}>{value}</div>}
      </td>
      <td data-col="source">
        <SourceLink alarm={alarm} withArea={!wide} extra={wide ? undefined : expander} />
        {wide && expander}
      </td>
      {wide && <td data-col="area">{alarm.areaName ?? ''}</td>}
      {wide && (
        <td data-col="value" className="wo-num">
          <ValueOverLimit text={value} />
        </td>
      )}
      <td data-col="raisedAt" title={time(alarm.raisedAt)}>
        {wide ? shortTime(alarm.raisedAt) : minuteTime(alarm.raisedAt)}
      </td>
      <td data-col="state">
        <Tag
          minimal
          intent={STATE_INTENT[state]}
          className="wo-alarm-state"
          title={t(`alarmConsole.stateFull.${state}`)}
        >
          {t(`alarmConsole.state.${state}`)}
        </Tag>
        {!wide && <Handling alarm={alarm} brief />}
      </td>
      {wide && (
        <td data-col="handling" className="wo-alarm-handling">
          <Handling alarm={alarm} />
        </td>
      )}
      <td data-col="actions" className="wo-alarm-actions">
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

/** The columns; `merged`: not a column of its own outside the wide layout (shown inside another cell). */
const COLUMNS: Array<{ key: string; sortKey?: AlarmSortKey; merged?: boolean }> = [
  { key: 'level', sortKey: 'level' },
  { key: 'type', sortKey: 'alarmType' },
  { key: 'source', sortKey: 'sourceCode' },
  { key: 'area', sortKey: 'areaName', merged: true },
  { key: 'value', merged: true },
  { key: 'raisedAt', sortKey: 'raisedAt' },
  { key: 'state', sortKey: 'state' },
  { key: 'handling', merged: true },
  { key: 'actions' },
];

export function AlarmTable(props: AlarmTableProps) {
  const { groups, sort, onSortChange, selected, onSelectedChange, expanded, onToggleExpanded, layout = 'wide' } = props;
  const { t } = useTranslation();
  const visibleIds = groups.map((g) => g.alarm.id);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const handleSort = (key: AlarmSortKey) =>
    onSortChange(sort.key === key ? { key, descending: !sort.descending } : { key, descending: key === 'raisedAt' });
  return (
    <HTMLTable
      compact
      interactive
      className={`wo-alarm-table wo-alarm-table-${layout}`}
      data-layout={layout}
      aria-label={t('alarmConsole.title')}
    >
      <thead>
        <tr>
          <th data-col="check">
            <Checkbox
              checked={allSelected}
              aria-label={t('alarmConsole.selectAll')}
              onChange={() => onSelectedChange(allSelected ? new Set() : new Set(visibleIds))}
              className="wo-alarm-check"
            />
          </th>
          {COLUMNS.filter((c) => layout === 'wide' || !c.merged).map((c) => {
            const label = t(`alarmConsole.column.${c.key}`);
            if (!c.sortKey)
              return (
                // the handling head wraps like its cells (a long English head pushed the table under the actions)
                <th key={c.key} data-col={c.key} className={c.key === 'handling' ? 'wo-alarm-handling' : undefined}>
                  {label}
                </th>
              );
            const active = sort.key === c.sortKey;
            const sortKey = c.sortKey;
            return (
              <th
                key={c.key}
                data-col={c.key}
                aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
              >
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
          // merged layouts: the count alone (the full text in the title), so the source column stays narrow
          const expander =
            count > 0 ? (
              <Button
                size="small"
                variant="minimal"
                icon={open ? 'chevron-down' : 'chevron-right'}
                className="wo-alarm-expander"
                aria-expanded={open}
                aria-label={t(open ? 'alarmConsole.hideChildren' : 'alarmConsole.showChildren')}
                title={t('alarmConsole.children', { count })}
                text={layout === 'wide' ? t('alarmConsole.childrenShort', { count }) : String(count)}
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
