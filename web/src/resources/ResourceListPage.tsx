// The list page of a descriptor: search form, Blueprint Table2 with server-side paging (50/100/200, spec §9) and
// sorting, the column chooser (per-table preferences, columns hidden by default), row selection with batch actions,
// row actions behind the permission directive, create/edit dialog, delete with confirmation, empty and loading
// states, spreadsheet export (current filters and sort) and import.
import '@blueprintjs/table/lib/css/table.css';
import { Alert, Button, Checkbox, Classes, HTMLSelect, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Table2, TableLoadingOption } from '@blueprintjs/table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageResult } from '@waterops/shared/api';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../api/message.ts';
import type { RequestFailure } from '../api/request.ts';
import { ColumnChooser } from '../components/ColumnChooser.tsx';
import { useColumnPreferences } from '../components/columnPreferences.ts';
import { Permission, usePermission } from '../components/Permission.tsx';
import { useElementWidth } from '../components/useElementWidth.ts';
import { ExportButton } from './ExportButton.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PinnedColumn } from './PinnedColumn.tsx';
import { ResourceEditDialog } from './ResourceEditDialog.tsx';
import { ResourceFilters } from './ResourceFilters.tsx';
import { defaultListQuery, exportQuery, useResourceListQuery, useResourceMutationMutation } from './resourceApi.ts';
import type { FilterValues, ListRequest, ListState, ResourceDescriptor, RowAction, SortState } from './types.ts';

export type ResourceListPageProps<Row, Filters extends FilterValues> = {
  /** what the page lists and what can be done with it */
  descriptor: ResourceDescriptor<Row, Filters>;
};

const DEFAULT_WIDTH = 150;
const SELECT_WIDTH = 44;
const ROW_HEIGHT = 34;

const noList = (): ListState<never> => ({ isFetching: false, isError: false, refetch: () => undefined });

/** The rows of one page, from the descriptor's path (generic endpoint) or its own hook. */
const useRows = <Row, Filters extends FilterValues>(
  descriptor: ResourceDescriptor<Row, Filters>,
  request: ListRequest<Filters>,
): ListState<Row> => {
  const source = descriptor.list;
  const path = 'path' in source ? source : null;
  const fromPath = useResourceListQuery(
    {
      resource: descriptor.id,
      config: { url: path?.path ?? '', params: path ? (path.query ?? defaultListQuery)(request) : {} },
    },
    { skip: !path },
  );
  const useCustom = 'useList' in source ? source.useList : noList;
  const fromHook = useCustom(request);
  return path ? { ...fromPath, data: fromPath.data as PageResult<Row> | undefined } : fromHook;
};

type TableColumn<Row> = {
  id: string;
  width: number;
  grow?: boolean;
  header: React.JSX.Element;
  cell: (row: Row, index: number) => ReactNode;
  interactive?: boolean;
  tooltip?: (row: Row) => string | undefined;
  /** drawn by PinnedColumn at the table's right edge (Table2's own cells stay empty) */
  pinned?: boolean;
};

/** A text's width in px: wide (CJK) and narrow characters at the given sizes. */
const textWidth = (label: string, wide: number, narrow: number) =>
  [...label].reduce((sum, ch) => sum + ((ch.codePointAt(0) ?? 0) > 0x2e80 ? wide : narrow), 0);
/** A small minimal button's width for its label: icon and padding, wide (CJK) and narrow characters. */
const buttonWidth = (label: string) => 40 + textWidth(label, 14, 7.5);
/**
 * The least width of a column whose header reads `title` (bold 14 px, 8 px padding each side, the sort button's icon
 * and padding): an English title longer than its declared width ran into the next one ("Online stateActions").
 */
export const headerWidth = (title: string, sortable: boolean) =>
  Math.ceil(22 + textWidth(title, 14, 7.8) + (sortable ? 30 : 0));

const nextSort = (current: SortState | null, key: string): SortState | null => {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
};

export function ResourceListPage<Row, Filters extends FilterValues>({
  descriptor,
}: ResourceListPageProps<Row, Filters>) {
  const { t } = useTranslation();
  const can = usePermission();
  const d = descriptor;
  const [draft, setDraft] = useState<Filters>(d.initialFilters);
  const [filters, setFilters] = useState<Filters>(d.initialFilters);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SortState | null>(d.defaultSort ?? null);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const [editing, setEditing] = useState<{ row: Row | undefined } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [acting, setActing] = useState<{ row: Row; dialog: NonNullable<RowAction<Row>['dialog']> } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [remove, { isLoading: removing }] = useResourceMutationMutation();
  const [tableRef, tableWidth] = useElementWidth();
  // widths the user dragged a column to, by column id (kept over re-renders, and known to the pinned column)
  const [resized, setResized] = useState<Readonly<Record<string, number>>>({});

  const { data, isFetching, isError, refetch } = useRows(d, { filters, page, limit, sort });
  const rows = data?.data ?? [];
  const count = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / limit));

  const chooserColumns = useMemo(
    () => d.columns.map((c) => ({ label: t(c.titleKey), hiddenByDefault: c.hiddenByDefault })),
    [d.columns, t],
  );
  const prefs = useColumnPreferences(d.id, chooserColumns);

  const rowActions = [
    ...(d.form && can(d.form.editPermissions ?? [])
      ? [{ id: 'edit', labelKey: 'resource.edit', icon: 'edit' as const, onClick: (row: Row) => setEditing({ row }) }]
      : []),
    ...(d.remove && can(d.remove.permissions ?? [])
      ? [
          {
            id: 'delete',
            labelKey: 'resource.delete',
            icon: 'trash' as const,
            intent: Intent.DANGER,
            onClick: (row: Row) => setDeleting(row),
          },
        ]
      : []),
    ...(d.actions ?? []).filter((a) => can(a.permissions ?? [])),
  ];
  const batchActions = (d.batchActions ?? []).filter((a) => can(a.permissions ?? []));
  const selectedRows = rows.filter((r) => selected.has(d.rowKey(r)));

  const restart = () => {
    setPage(1);
    setSelected(new Set());
  };
  const handleSearch = () => {
    setFilters(draft);
    restart();
  };
  const handleReset = () => {
    setDraft(d.initialFilters);
    setFilters(d.initialFilters);
    setSort(d.defaultSort ?? null);
    restart();
  };
  const handleSort = (key: string) => {
    setSort((s) => nextSort(s, key) ?? d.defaultSort ?? null);
    restart();
  };
  const toggleRow = (key: string | number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;
  const handleDelete = async () => {
    if (!deleting || !d.remove) return;
    try {
      await remove({ resource: d.id, config: { ...d.remove.request(deleting), not_msg: true } }).unwrap();
      showMessage(t('resource.deleted'), 'success');
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
    setDeleting(null);
  };

  // Blueprint's table is built of divs: the role lets people and tests find a column by its title; the sort
  // button inside takes the focus.
  // biome-ignore-start lint/a11y/useSemanticElements: no <th> inside Table2's header cells
  const headerOf = (title: string, sortKey?: string) => {
    const sorted = sortKey !== undefined && sort?.key === sortKey ? sort.direction : undefined;
    return (
      // biome-ignore lint/a11y/useFocusableInteractive: the sort button inside takes the focus
      <div
        role="columnheader"
        className="wo-resource-header"
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      >
        {sortKey === undefined ? (
          <span className="wo-resource-header-text" title={title}>
            {title}
          </span>
        ) : (
          <Button
            variant="minimal"
            size="small"
            text={title}
            endIcon={sorted === 'asc' ? 'sort-asc' : sorted === 'desc' ? 'sort-desc' : 'double-caret-vertical'}
            onClick={() => handleSort(sortKey)}
          />
        )}
      </div>
    );
  };
  // biome-ignore-end lint/a11y/useSemanticElements: no <th> inside Table2's header cells

  const columns: TableColumn<Row>[] = [
    ...(batchActions.length > 0
      ? [
          {
            id: '__select',
            width: SELECT_WIDTH,
            interactive: true,
            header: (
              <Checkbox
                className="wo-resource-check"
                aria-label={t('resource.selectAll')}
                checked={allSelected}
                indeterminate={selectedRows.length > 0 && !allSelected}
                onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map(d.rowKey)) : new Set())}
              />
            ),
            cell: (row: Row, index: number) => (
              <Checkbox
                className="wo-resource-check"
                aria-label={t('resource.selectRow', { n: (page - 1) * limit + index + 1 })}
                checked={selected.has(d.rowKey(row))}
                onChange={(e) => toggleRow(d.rowKey(row), e.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
    ...d.columns
      .filter((c) => prefs.shown(t(c.titleKey)))
      .map((c) => {
        const text = c.text ?? ((row: Row) => String((row as Record<string, unknown>)[c.key] ?? ''));
        const title = t(c.titleKey);
        return {
          id: c.key,
          width: Math.max(c.width ?? DEFAULT_WIDTH, headerWidth(title, c.sortable === true)),
          grow: c.grow,
          header: headerOf(title, c.sortable ? c.key : undefined),
          cell: c.render ?? text,
          tooltip: text,
        };
      }),
    ...(rowActions.length > 0
      ? [
          {
            id: '__actions',
            width: Math.max(
              headerWidth(t('resource.actions'), false),
              rowActions.reduce((sum, a) => sum + buttonWidth(t(a.labelKey)), 20),
            ),
            interactive: true,
            pinned: true,
            header: headerOf(t('resource.actions')),
            cell: (row: Row) => (
              <span className="wo-resource-actions">
                {rowActions
                  .filter((a) => !('visible' in a) || !a.visible || a.visible(row))
                  .map((a) => (
                    <Button
                      key={a.id}
                      variant="minimal"
                      size="small"
                      icon={a.icon}
                      intent={a.intent}
                      text={t(a.labelKey)}
                      onClick={() => {
                        const dialog = 'dialog' in a ? a.dialog : undefined;
                        if (dialog) setActing({ row, dialog });
                        else a.onClick?.(row);
                      }}
                    />
                  ))}
              </span>
            ),
          },
        ]
      : []),
  ];
  const fixed = columns.reduce((sum, c) => sum + (resized[c.id] ?? c.width), 0);
  const growing = columns.filter((c) => c.grow).length || 1;
  const extra = Math.max(0, tableWidth - fixed - 2);
  const widths = columns.map(
    (c, i) =>
      resized[c.id] ??
      (c.grow || (growing === 1 && !columns.some((x) => x.grow) && i === columns.length - 1)
        ? c.width + Math.floor(extra / growing)
        : c.width),
  );
  const pinnedIndex = columns.findIndex((c) => c.pinned);
  const pinned = pinnedIndex < 0 ? undefined : columns[pinnedIndex];
  const tableKey = rows.length === 0 ? 'empty' : 'rows';

  const empty = !isFetching && rows.length === 0;
  const canCreate = d.form !== undefined;
  const canExport = d.exportPath !== undefined && can(d.exportPermissions ?? []);
  const canImport = d.import !== undefined && can(d.import.permissions ?? []);
  const listQuery = 'path' in d.list ? (d.list.query ?? defaultListQuery)({ filters, page, limit, sort }) : {};

  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t(d.titleKey)}</h1>
      </div>
      <ResourceFilters
        filters={d.filters ?? []}
        draft={draft}
        onDraftChange={setDraft}
        onSearch={handleSearch}
        onReset={handleReset}
        extra={
          <ColumnChooser
            columns={chooserColumns}
            isShown={prefs.shown}
            onChange={prefs.setShown}
            onReset={prefs.reset}
          />
        }
      />

      {(canCreate || batchActions.length > 0 || canExport || canImport) && (
        <div className="wo-table-toolbar">
          {d.form && (
            <Permission any={d.form.createPermissions ?? []}>
              <Button
                intent={Intent.PRIMARY}
                icon="add"
                text={t('resource.create')}
                onClick={() => setEditing({ row: undefined })}
              />
            </Permission>
          )}
          {batchActions.map((a) => (
            <Button
              key={a.id}
              icon={a.icon}
              intent={a.intent}
              text={t(a.labelKey)}
              disabled={selectedRows.length === 0}
              onClick={() => void a.onClick(selectedRows)}
            />
          ))}
          {batchActions.length > 0 && (
            <span className={Classes.TEXT_MUTED}>{t('resource.selected', { count: selectedRows.length })}</span>
          )}
          {canImport && <Button icon="import" text={t('resourceSheet.import')} onClick={() => setImportOpen(true)} />}
          {canExport && d.exportPath && (
            <ExportButton path={d.exportPath} params={exportQuery(listQuery)} fallbackName={t(d.titleKey)} />
          )}
        </div>
      )}

      <div className="wo-table-card">
        <div
          className="wo-resource-table"
          ref={tableRef}
          aria-busy={isFetching}
          // as tall as its rows (room for the empty state), never taller than the screen allows
          style={{ height: Math.max(220, 32 + rows.length * ROW_HEIGHT + 16) }}
        >
          <Table2
            // a fresh table when the first rows arrive: Table2 kept the visible-column range it measured while empty
            // and drew the first row's cells only for the first few columns (CI: a new district's 导入边界 missing)
            key={tableKey}
            numRows={rows.length}
            columnWidths={widths}
            defaultRowHeight={ROW_HEIGHT}
            enableRowHeader={false}
            enableFocusedCell={false}
            enableColumnResizing
            onColumnWidthChanged={(index, size) => {
              const id = columns[index]?.id;
              if (id) setResized((r) => ({ ...r, [id]: size }));
            }}
            selectionModes={[]}
            loadingOptions={isFetching && !data ? [TableLoadingOption.CELLS] : []}
            cellRendererDependencies={[rows, selected, widths.join(), sort, page, limit, t]}
          >
            {columns.map((c) => (
              <Column
                key={c.id}
                id={c.id}
                columnHeaderCellRenderer={() => <ColumnHeaderCell nameRenderer={() => c.header} />}
                cellRenderer={(index) => {
                  const row = rows[index];
                  if (row === undefined || c.pinned) return <Cell />;
                  return (
                    <Cell interactive={c.interactive} tooltip={c.tooltip?.(row)}>
                      {/* biome-ignore lint/a11y/useSemanticElements: Table2 cells are divs; the role names them */}
                      <span role="cell" className="wo-resource-cell">
                        {c.cell(row, index)}
                      </span>
                    </Cell>
                  );
                }}
              />
            ))}
          </Table2>
          {pinned && rows.length > 0 && (
            <PinnedColumn
              table={tableRef}
              tableKey={tableKey}
              offset={widths.slice(0, pinnedIndex).reduce((sum, w) => sum + w, 0)}
              width={widths[pinnedIndex] ?? pinned.width}
              rowCount={rows.length}
              rowHeight={ROW_HEIGHT}
              header={pinned.header}
              cell={(index) => {
                const row = rows[index];
                return row === undefined ? null : pinned.cell(row, index);
              }}
            />
          )}
          {isFetching && !data && (
            <div className="wo-resource-state">
              <Spinner size={28} />
            </div>
          )}
          {empty && (
            <NonIdealState
              className="wo-resource-state"
              icon={isError ? 'error' : (d.emptyIcon ?? 'inbox')}
              title={isError ? t('common.empty') : t(d.emptyKey ?? 'common.empty')}
              action={isError ? <Button text={t('common.retry')} onClick={() => void refetch()} /> : undefined}
            />
          )}
        </div>
        <div className="wo-pager">
          <span className={Classes.TEXT_MUTED}>{t('resource.total', { count })}</span>
          <HTMLSelect
            aria-label={t('resource.pageSize', { size: limit })}
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.currentTarget.value));
              restart();
            }}
            options={PAGE_SIZES.map((size) => ({ value: size, label: t('resource.pageSize', { size }) }))}
          />
          <Button
            icon="chevron-left"
            aria-label={t('resource.prev')}
            disabled={page <= 1}
            onClick={() => {
              setPage((p) => p - 1);
              setSelected(new Set());
            }}
          />
          <span>{t('resource.page', { page, pages })}</span>
          <Button
            icon="chevron-right"
            aria-label={t('resource.next')}
            disabled={page >= pages}
            onClick={() => {
              setPage((p) => p + 1);
              setSelected(new Set());
            }}
          />
        </div>
      </div>

      {d.form && (
        <ResourceEditDialog
          resource={d.id}
          form={d.form}
          isOpen={editing !== null}
          editing={editing?.row}
          onClose={() => setEditing(null)}
        />
      )}
      {acting?.dialog({ row: acting.row, onClose: () => setActing(null) })}
      {d.import && (
        <ImportDialog
          resource={d.id}
          titleKey={d.titleKey}
          def={d.import}
          isOpen={importOpen}
          onClose={() => setImportOpen(false)}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('resource.delete')}
        loading={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void handleDelete()}
      >
        <p>{t('resource.confirmDelete')}</p>
      </Alert>
    </div>
  );
}
