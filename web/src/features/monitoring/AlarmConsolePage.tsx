// The alarm console (告警控制台, /monitoring/alarms): the live alarm set with no refresh, filtered and sorted, suppressed
// alarms under their parent; acknowledge (bulk too) with a comment, shelve with a reason, history; sound for new
// urgent and severe alarms in one tab, toasts for urgent ones, flood mode, the alarm-load panel, the live status.
import { Button, Callout, Intent, NonIdealState, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Alarm, FLOOD_THRESHOLD } from '@waterops/shared/monitoring';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Subject } from 'rxjs';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { useElementWidth } from '../../components/useElementWidth.ts';
import { useLiveChannel } from '../../live/useLive.ts';
import { WorkOrderRaiseDialog } from '../workorder/WorkOrderRaiseDialog.tsx';
import { alarmRaiseItem } from '../workorder/workOrderRaiseSources.ts';
import { AlarmAckDialog } from './AlarmAckDialog.tsx';
import { AlarmFilterBar } from './AlarmFilterBar.tsx';
import { AlarmFloodView } from './AlarmFloodView.tsx';
import { AlarmHistoryDrawer } from './AlarmHistoryDrawer.tsx';
import { AlarmLiveStatus } from './AlarmLiveStatus.tsx';
import { AlarmLoadPanel } from './AlarmLoadPanel.tsx';
import { AlarmShelveDialog } from './AlarmShelveDialog.tsx';
import { AlarmSoundControl, useAlarmSound } from './AlarmSoundControl.tsx';
import { type AlarmRowAction, AlarmTable, alarmTableLayout } from './AlarmTable.tsx';
import { groupForFlood, isFlood, raisedInWindow } from './alarmFlood.ts';
import {
  type AlarmFilters,
  type AlarmSort,
  DEFAULT_ALARM_SORT,
  groupUnderParents,
  matchesAlarmFilters,
  NO_ALARM_FILTERS,
  sortAlarms,
} from './alarmList.ts';
import { canRing, ringKey } from './alarmSound.ts';
import { ALARMS_REQUEST, alarmAdapter, useLiveAlarmsQuery, useUnshelveAlarmsMutation } from './alarmsApi.ts';
import { takeNew, urgentToastBatches } from './alarmToasts.ts';
import './AlarmConsolePage.css';

const EDIT = [PERMISSIONS.monitoringAlarmEdit];
const RAISE = [PERMISSIONS.workOrderCreate];
/**
 * Rows (alarms with their suppressed ones beneath) drawn at first, and added per "show more": the sorted list puts
 * what matters on top, and a live set of thousands must not become thousands of table rows re-rendered per patch.
 */
export const ALARM_ROWS_STEP = 200;
const selectAll = alarmAdapter.getSelectors().selectAll;

/** Re-renders every `ms` so time-bound states (a shelf running out, the flood window) move on by themselves. */
const useNow = (ms: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
};

let toaster: Promise<Toaster> | undefined;
const alarmToaster = () => {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP_RIGHT, maxToasts: 3, className: 'wo-alarm-toaster' });
  return toaster;
};

/** The ring keys present when the console first had live data (not new: they neither ring nor toast), and a toast
 * for each batch of new urgent alarms after that. */
const useNewAlarms = (alarms: readonly Alarm[], ready: boolean) => {
  const { t } = useTranslation();
  const [known, setKnown] = useState<ReadonlySet<string> | null>(null);
  const seen = useRef<Set<string> | null>(null);
  const urgent = useMemo(() => new Subject<Alarm>(), []);
  useEffect(() => {
    const subscription = urgentToastBatches(urgent).subscribe((batch) => {
      const first = batch[0] as Alarm;
      const message =
        batch.length === 1
          ? t('alarmConsole.toastOne', { type: t(`alarmConsole.type.${first.alarmType}`), code: first.sourceCode })
          : t('alarmConsole.toastMany', { count: batch.length });
      void alarmToaster().then((tt) =>
        tt.show({ message, intent: Intent.DANGER, icon: 'warning-sign', timeout: 8000 }),
      );
    });
    return () => subscription.unsubscribe();
  }, [urgent, t]);
  useEffect(() => {
    if (!ready) return;
    if (!seen.current) {
      seen.current = new Set(alarms.map(ringKey));
      setKnown(new Set(seen.current));
      return;
    }
    for (const alarm of takeNew(alarms, seen.current, ringKey))
      if (alarm.level === 'urgent' && canRing(alarm)) urgent.next(alarm);
  }, [alarms, ready, urgent]);
  return known;
};

export function AlarmConsolePage() {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can(EDIT);
  const canRaise = can(RAISE);
  const channel = useLiveChannel<Alarm>(ALARMS_REQUEST);
  const { data } = useLiveAlarmsQuery();
  const alarms = useMemo(() => (data ? selectAll(data) : []), [data]);
  const now = useNow(15_000);
  const ready = channel.seq !== null;

  const [filters, setFilters] = useState<AlarmFilters>(NO_ALARM_FILTERS);
  const [sort, setSort] = useState<AlarmSort>(DEFAULT_ALARM_SORT);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [acking, setAcking] = useState<number[] | null>(null);
  const [shelving, setShelving] = useState<number[] | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [raising, setRaising] = useState<Alarm[] | null>(null);
  const [floodViewOff, setFloodViewOff] = useState(false);
  const [rowLimit, setRowLimit] = useState(ALARM_ROWS_STEP);
  const [changeMark, setChangeMark] = useState(0);
  const [unshelve] = useUnshelveAlarmsMutation();
  // the table's layout follows the room it has (a tablet: merged columns; a phone: one card per alarm)
  const [mainRef, mainWidth] = useElementWidth();
  const layout = alarmTableLayout(mainWidth);

  const known = useNewAlarms(alarms, ready);
  const sound = useAlarmSound(alarms, known);

  // the load panel follows the live set (throttled inside the panel)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the set is the trigger
  useEffect(() => setChangeMark((m) => (ready ? m + 1 : m)), [alarms]);

  const shown = useMemo(
    () =>
      sortAlarms(
        alarms.filter((a) => matchesAlarmFilters(a, filters, now)),
        sort,
        now,
      ),
    [alarms, filters, sort, now],
  );
  const groups = useMemo(() => groupUnderParents(shown), [shown]);
  const drawn = useMemo(() => groups.slice(0, rowLimit), [groups, rowLimit]);
  const suppressed = shown.length - groups.length;
  // a selection only holds alarms still shown (an alarm acknowledged elsewhere and gone stays out of a bulk action)
  const selectedShown = useMemo(() => shown.filter((a) => selected.has(a.id)).map((a) => a.id), [shown, selected]);
  const raised = raisedInWindow(alarms, now);
  const flood = isFlood(raised);
  const floodView = flood && !floodViewOff;
  const historyAlarm = historyOf === null ? undefined : alarms.find((a) => a.id === historyOf);

  const handleAction = (action: AlarmRowAction, alarm: Alarm) => {
    if (action === 'acknowledge') setAcking([alarm.id]);
    else if (action === 'shelve') setShelving([alarm.id]);
    else if (action === 'history') setHistoryOf(alarm.id);
    else if (action === 'raise') setRaising([alarm]);
    else
      void unshelve({ ids: [alarm.id] })
        .unwrap()
        .then(({ changed }) => showMessage(t('alarmConsole.unshelveDone', { count: changed }), 'success'))
        .catch(() => {});
  };
  const toggleExpanded = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="wo-page wo-alarm-console" data-sound-leader={sound.enabled && sound.leading ? 'true' : 'false'}>
      <div className="wo-alarm-head">
        <h1>{t('alarmConsole.title')}</h1>
        <AlarmLiveStatus state={channel} />
        <span className="wo-alarm-count">
          {suppressed > 0
            ? t('alarmConsole.countWithSuppressed', { count: groups.length, suppressed })
            : t('alarmConsole.count', { count: groups.length })}
        </span>
        <span className="wo-alarm-head-end">
          <AlarmSoundControl sound={sound} />
        </span>
      </div>
      {flood && (
        <Callout intent={Intent.DANGER} icon="warning-sign" className="wo-alarm-flood">
          {t('alarmConsole.flood.banner', { count: raised, threshold: FLOOD_THRESHOLD })}{' '}
          <Button
            size="small"
            text={t(floodView ? 'alarmConsole.flood.list' : 'alarmConsole.flood.grouped')}
            onClick={() => setFloodViewOff(floodView)}
          />
        </Callout>
      )}
      <div className="wo-alarm-toolbar">
        <AlarmFilterBar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setRowLimit(ALARM_ROWS_STEP);
          }}
        />
        {canEdit && (
          <Button
            icon="tick"
            intent={Intent.PRIMARY}
            disabled={selectedShown.length === 0}
            text={t('alarmConsole.acknowledgeSelected', { count: selectedShown.length })}
            onClick={() => setAcking(selectedShown)}
          />
        )}
        {canRaise && (
          <Button
            icon="clipboard"
            disabled={selectedShown.length === 0}
            text={t('workOrderRaise.actionSelected', { count: selectedShown.length })}
            onClick={() => setRaising(shown.filter((a) => selected.has(a.id)))}
          />
        )}
      </div>
      <div className="wo-alarm-body">
        <div className="wo-alarm-main" ref={mainRef}>
          {floodView ? (
            <AlarmFloodView groups={groupForFlood(shown)} />
          ) : groups.length === 0 && ready ? (
            <NonIdealState icon="tick-circle" title={t('alarmConsole.empty')} />
          ) : (
            <AlarmTable
              groups={drawn}
              sort={sort}
              onSortChange={setSort}
              selected={selected}
              onSelectedChange={setSelected}
              expanded={expanded}
              onToggleExpanded={toggleExpanded}
              onAction={handleAction}
              canEdit={canEdit}
              canRaise={canRaise}
              layout={layout}
            />
          )}
          {!floodView && groups.length > drawn.length && (
            <div className="wo-alarm-more">
              <span>{t('alarmConsole.showing', { shown: drawn.length, total: groups.length })}</span>
              <Button
                size="small"
                text={t('alarmConsole.showMore', { count: Math.min(ALARM_ROWS_STEP, groups.length - drawn.length) })}
                onClick={() => setRowLimit((n) => n + ALARM_ROWS_STEP)}
              />
            </div>
          )}
        </div>
        <AlarmLoadPanel changeMark={changeMark} />
      </div>
      {acking && (
        <AlarmAckDialog
          ids={acking}
          alarms={alarms}
          onClose={() => setAcking(null)}
          onDone={() => setSelected(new Set())}
        />
      )}
      {shelving && <AlarmShelveDialog ids={shelving} onClose={() => setShelving(null)} />}
      {historyAlarm && <AlarmHistoryDrawer alarm={historyAlarm} onClose={() => setHistoryOf(null)} />}
      {raising && (
        <WorkOrderRaiseDialog
          target={{ kind: 'sources', items: raising.map((a) => alarmRaiseItem(t, a)) }}
          onClose={() => setRaising(null)}
          onRaised={() => setSelected(new Set())}
        />
      )}
    </div>
  );
}
