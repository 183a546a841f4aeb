// The operation log: who did what and when, filtered by user name and time range, 50/100/200 rows a page.
import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { DateRangeInput } from '@blueprintjs/datetime';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@waterops/shared/api';
import { enUS, zhCN } from 'date-fns/locale';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../app/i18n.ts';
import { ColumnChooser } from '../../components/ColumnChooser.tsx';
import { useColumnPreferences } from '../../components/columnPreferences.ts';
import { formatDateTime, normalizeRange, parseDateTime, rangeShortcuts } from '../../components/dateRange.ts';
import { type OperationLogFilters, operationLogQuery, useOperationLogQuery } from './operationLogApi.ts';

const intentOf = (operation: string) =>
  operation === 'passwordChange' ? Intent.WARNING : operation === 'signIn' ? Intent.SUCCESS : Intent.NONE;

export function OperationLogPage() {
  const { t } = useTranslation();
  const userId = useId();
  const [draft, setDraft] = useState<OperationLogFilters>({ username: '', start: null, end: null });
  const [filters, setFilters] = useState<OperationLogFilters>(draft);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);

  const { data, isFetching, isError, refetch } = useOperationLogQuery(operationLogQuery(filters, page, limit));

  const columns = useMemo(
    () => [
      { label: t('log.time') },
      { label: t('log.username') },
      { label: t('log.action') },
      { label: t('log.detail') },
      { label: t('log.ip') },
    ],
    [t],
  );
  const prefs = useColumnPreferences('system.operationLog', columns);
  const show = (key: string) => prefs.shown(t(key));

  const now = new Date();
  const shortcuts = rangeShortcuts(now).map((s) => ({
    label: t(`log.${s.key}`),
    dateRange: s.range,
    includeTime: true,
  }));
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / limit));

  const handleSearch = (event: React.FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const handleReset = () => {
    const cleared = { username: '', start: null, end: null };
    setDraft(cleared);
    setFilters(cleared);
    setPage(1);
  };

  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('log.title')}</h1>
      </div>
      <form className="wo-filters" onSubmit={handleSearch}>
        <FormGroup label={t('log.username')} labelFor={userId} inline>
          <InputGroup
            id={userId}
            leftIcon="user"
            placeholder={t('log.usernamePlaceholder')}
            value={draft.username}
            onValueChange={(username) => setDraft((d) => ({ ...d, username }))}
          />
        </FormGroup>
        <FormGroup label={t('log.dateRange')} inline>
          <DateRangeInput
            value={[draft.start, draft.end]}
            onChange={([s, e]) => {
              const [start, end] = normalizeRange(s, e, new Date());
              setDraft((d) => ({ ...d, start, end }));
            }}
            formatDate={formatDateTime}
            parseDate={parseDateTime}
            maxDate={now}
            shortcuts={shortcuts}
            allowSingleDayRange
            locale={activeLocale() === 'en' ? enUS : zhCN}
            singleMonthOnly={window.innerWidth < 700}
            startInputProps={{ placeholder: t('log.start'), 'aria-label': t('log.start') }}
            endInputProps={{ placeholder: t('log.end'), 'aria-label': t('log.end') }}
          />
        </FormGroup>
        <div className="wo-filter-actions">
          <Button type="submit" intent={Intent.PRIMARY} icon="search" text={t('common.search')} />
          <Button icon="reset" text={t('common.reset')} onClick={handleReset} />
          <span className="wo-spacer" />
          <ColumnChooser columns={columns} isShown={prefs.shown} onChange={prefs.setShown} onReset={prefs.reset} />
        </div>
      </form>

      <div className="wo-table-card">
        <div className="wo-table-scroll">
          <HTMLTable striped interactive compact className="wo-full-width" aria-busy={isFetching}>
            <thead>
              <tr>
                {show('log.time') && <th>{t('log.time')}</th>}
                {show('log.username') && <th>{t('log.username')}</th>}
                {show('log.action') && <th>{t('log.action')}</th>}
                {show('log.detail') && <th>{t('log.detail')}</th>}
                {show('log.ip') && <th>{t('log.ip')}</th>}
              </tr>
            </thead>
            <tbody>
              {(data?.data ?? []).map((row) => (
                <tr key={row.id}>
                  {show('log.time') && <td className="wo-nowrap">{formatDateTime(new Date(row.createTime))}</td>}
                  {show('log.username') && <td>{row.username}</td>}
                  {show('log.action') && (
                    <td>
                      <Tag minimal intent={intentOf(row.operation)}>
                        {row.operationName}
                      </Tag>
                    </td>
                  )}
                  {show('log.detail') && <td className="wo-cell-wrap">{row.detail}</td>}
                  {show('log.ip') && <td className="wo-nowrap">{row.ip}</td>}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {isFetching && !data && (
            <div className="wo-table-state">
              <Spinner size={28} />
            </div>
          )}
          {!isFetching && (data?.data.length ?? 0) === 0 && (
            <NonIdealState
              className="wo-table-state"
              icon={isError ? 'error' : 'history'}
              title={isError ? t('common.empty') : t('log.empty')}
              action={isError ? <Button text={t('common.retry')} onClick={() => void refetch()} /> : undefined}
            />
          )}
        </div>
        <div className="wo-pager">
          <span className={Classes.TEXT_MUTED}>{t('log.total', { count: data?.count ?? 0 })}</span>
          <HTMLSelect
            aria-label={t('log.pageSize', { size: limit })}
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.currentTarget.value));
              setPage(1);
            }}
            options={PAGE_SIZES.map((size) => ({ value: size, label: t('log.pageSize', { size }) }))}
          />
          <Button
            icon="chevron-left"
            aria-label={t('log.prev')}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          />
          <span>{t('log.page', { page, pages })}</span>
          <Button
            icon="chevron-right"
            aria-label={t('log.next')}
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          />
        </div>
      </div>
    </div>
  );
}
