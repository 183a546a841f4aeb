// 工作日历 (/workorder/calendar, issue 15): the clock work-order deadlines run on. The calendar tab shows a year at a
// glance (holidays and make-up working days marked and named, weekends shaded); an editor clicks days into a draft
// and saves the year, imports the State Council's schedule as text or a file (previewed, line errors shown), or
// exports it as text. The deadline tab edits the targets, the working time and the escalation ladder. Saving either
// moves open orders' due times (the server recomputes them). Read-only without workorder:calendar:edit.
import {
  Button,
  ButtonGroup,
  Callout,
  Classes,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { chinaDay } from '@waterops/shared/reading';
import type { CalendarDay } from '@waterops/shared/workorder';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { CalendarDayDialog } from './CalendarDayDialog.tsx';
import { CalendarExportDialog } from './CalendarExportDialog.tsx';
import { CalendarImportDialog } from './CalendarImportDialog.tsx';
import { CalendarYearView } from './CalendarYearView.tsx';
import { sameDays } from './calendarGrid.ts';
import { DeadlineSettingsPanel } from './DeadlineSettingsPanel.tsx';
import { useCalendarSavedMutation, useCalendarYearQuery } from './workCalendarApi.ts';
import './WorkCalendarPage.css';

const EDIT = ['workorder:calendar:edit'];
const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

type TabId = 'calendar' | 'deadlines';

export function WorkCalendarPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can(EDIT);
  const [tab, setTab] = useState<TabId>('calendar');
  return (
    <div className="wo-page wo-cal-page">
      <div className="wo-page-head">
        <h1>{t('workCalendarPage.title')}</h1>
      </div>
      {!editable && (
        <Callout compact icon="eye-open">
          {t('workCalendarPage.readOnly')}
        </Callout>
      )}
      <Tabs id="wo-cal-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly>
        <Tab id="calendar" title={t('workCalendarPage.tab.calendar')} panel={<CalendarTab editable={editable} />} />
        <Tab
          id="deadlines"
          title={t('workCalendarPage.tab.deadlines')}
          panel={<DeadlineSettingsPanel editable={editable} />}
        />
      </Tabs>
    </div>
  );
}

function CalendarTab({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const today = chinaDay(new Date());
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const { data, isLoading, isFetching, isError, refetch } = useCalendarYearQuery(year);
  const [saveYear, { isLoading: saving }] = useCalendarSavedMutation();
  /** the edited days of the year shown, until saved or discarded (null: as the server has them) */
  const [draft, setDraft] = useState<Map<string, CalendarDay> | null>(null);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const saved = useMemo(() => new Map((data?.year === year ? data.days : []).map((d) => [d.day, d])), [data, year]);
  const days = draft ?? saved;
  const list = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  const dirty = draft !== null && !sameDays(list, [...saved.values()]);

  const save = async (next: CalendarDay[]): Promise<boolean> => {
    try {
      const answer = await saveYear({ year, days: next }).unwrap();
      showMessage(answer.resp_msg, 'success');
      setDraft(null);
      return true;
    } catch {
      // the request layer showed the server's message; the draft stays
      return false;
    }
  };
  const handleApply = (day: string, value: CalendarDay | null) => {
    const next = new Map(days);
    if (value) next.set(day, value);
    else next.delete(day);
    setDraft(next);
    setOpenDay(null);
  };
  const goTo = (y: number) => {
    setYear(Math.min(YEAR_MAX, Math.max(YEAR_MIN, y)));
    setDraft(null);
  };

  const locked = dirty ? t('workCalendarPage.saveFirst') : undefined;
  const toolbar = (
    <div className="wo-table-toolbar wo-cal-toolbar" role="toolbar" aria-label={t('workCalendarPage.tab.calendar')}>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('workCalendarPage.prevYear')}
          title={locked ?? t('workCalendarPage.prevYear')}
          disabled={dirty || year <= YEAR_MIN}
          onClick={() => goTo(year - 1)}
        />
        <Button className="wo-cal-year-label" text={t('workCalendarPage.year', { year })} disabled />
        <Button
          icon="chevron-right"
          aria-label={t('workCalendarPage.nextYear')}
          title={locked ?? t('workCalendarPage.nextYear')}
          disabled={dirty || year >= YEAR_MAX}
          onClick={() => goTo(year + 1)}
        />
      </ButtonGroup>
      <Button
        text={t('workCalendarPage.thisYear')}
        disabled={dirty || year === Number(today.slice(0, 4))}
        title={locked}
        onClick={() => goTo(Number(today.slice(0, 4)))}
      />
      {isFetching && <Spinner size={16} />}
      <span className="wo-cal-spacer" />
      {editable && (
        <Button
          icon="import"
          text={t('workCalendarPage.import')}
          disabled={dirty}
          title={locked}
          onClick={() => setImporting(true)}
        />
      )}
      <Button
        icon="export"
        text={t('workCalendarPage.export')}
        disabled={list.length === 0}
        onClick={() => setExporting(true)}
      />
      {editable && (
        <>
          <Button
            icon="floppy-disk"
            intent={Intent.PRIMARY}
            text={t('workCalendarPage.save')}
            disabled={!dirty}
            loading={saving}
            onClick={() => void save(list)}
          />
          <Button text={t('workCalendarPage.discard')} disabled={!dirty} onClick={() => setDraft(null)} />
        </>
      )}
      {dirty && (
        <Tag intent={Intent.WARNING} minimal>
          {t('workCalendarPage.unsaved')}
        </Tag>
      )}
    </div>
  );

  let body: ReactNode;
  if (isLoading) body = <Spinner />;
  else if (isError)
    body = (
      <NonIdealState
        icon="error"
        title={t('workCalendarPage.loadFailed')}
        action={<Button text={t('common.retry')} onClick={() => void refetch()} />}
      />
    );
  else
    body = (
      <>
        {list.length === 0 && (
          <NonIdealState
            className="wo-cal-empty"
            icon="calendar"
            title={t('workCalendarPage.emptyTitle', { year })}
            description={t('workCalendarPage.emptyText')}
            action={
              editable ? (
                <Button
                  icon="import"
                  intent={Intent.PRIMARY}
                  text={t('workCalendarPage.import')}
                  onClick={() => setImporting(true)}
                />
              ) : undefined
            }
          />
        )}
        <div className="wo-cal-legend">
          <span className="wo-cal-swatch wo-cal-holiday">{t('workCalendarPage.legend.holiday')}</span>
          <span className="wo-cal-swatch wo-cal-workday">{t('workCalendarPage.legend.workday')}</span>
          <span className="wo-cal-swatch wo-cal-weekend">{t('workCalendarPage.legend.weekend')}</span>
          <span className="wo-cal-swatch wo-cal-today">{t('workCalendarPage.legend.today')}</span>
          {editable && <span className={Classes.TEXT_MUTED}>{t('workCalendarPage.clickHint')}</span>}
        </div>
        <CalendarYearView year={year} days={days} today={today} editable={editable} onDayClick={setOpenDay} />
      </>
    );

  return (
    <div className="wo-cal-tab">
      {toolbar}
      {body}
      {openDay && (
        <CalendarDayDialog
          key={openDay}
          day={openDay}
          current={days.get(openDay)}
          onClose={() => setOpenDay(null)}
          onApply={(value) => handleApply(openDay, value)}
        />
      )}
      {importing && (
        <CalendarImportDialog year={year} current={list} onSubmit={save} onClose={() => setImporting(false)} />
      )}
      {exporting && <CalendarExportDialog year={year} days={list} onClose={() => setExporting(false)} />}
    </div>
  );
}
