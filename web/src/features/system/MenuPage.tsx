// Menu administration (spec §2 menu entry fields, §6): the tenant's menu entries as an indented tree table with
// expand/collapse, create (at the top or below an entry), edit and delete with confirmation (the server refuses an
// entry with children and says so). A documented exception to the flat descriptor list: a tree cannot be paged;
// the form is still a descriptor form on the generic ResourceEditDialog. Whether an entry is open is shown read-only
// (the parent company decides it).
import { Alert, Button, Callout, HTMLTable, Icon, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { effectiveOpened, type Menu } from '@waterops/shared/user';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../api/baseApi.ts';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { Permission } from '../../components/Permission.tsx';
import { ResourceEditDialog } from '../../resources/ResourceEditDialog.tsx';
import { menuIcon } from '../../shell/menuIcon.ts';
import { MENU_RESOURCE, useMenuDeleteMutation, useTenantMenusQuery } from './menuAdminApi.ts';
import { MENU_TYPES, menuForm } from './menuForm.tsx';
import { menuTreeRows, parentIds } from './menuTreeRows.ts';

const EDIT = ['sys:menu:edit'];
const INDENT_PX = 20;

/** What the dialog edits: an entry, or a new one below `parentId` (0 = top level). */
type Editing = { row: Menu } | { row: undefined; parentId: number };

function TypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  const key = MENU_TYPES.find((m) => m.value === String(type))?.labelKey ?? 'menuAdmin.typePage';
  const intent = type === 1 ? Intent.PRIMARY : type === 2 ? Intent.WARNING : Intent.NONE;
  return (
    <Tag minimal intent={intent}>
      {t(key)}
    </Tag>
  );
}

export function MenuPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: menus = [], isFetching, isError, refetch } = useTenantMenusQuery();
  const [remove, { isLoading: removing }] = useMenuDeleteMutation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Menu | null>(null);

  const rows = useMemo(() => menuTreeRows(menus, collapsed), [menus, collapsed]);
  const opened = useMemo(() => effectiveOpened(menus), [menus]);
  const form = useMemo(
    () => menuForm(menus, editing && !editing.row ? editing.parentId : (editing?.row?.parentId ?? 0), editing?.row?.id),
    [menus, editing],
  );
  const en = i18n.language === 'en';

  const toggle = (id: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      showMessage(t('resource.deleted'), 'success');
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
    setDeleting(null);
  };

  const handleClose = () => {
    setEditing(null);
    // the side menu reads the same entries
    dispatch(baseApi.util.invalidateTags(['Menus']));
  };

  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('menuAdmin.title')}</h1>
      </div>
      <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
        {t('menuAdmin.openedNote')}
      </Callout>
      <div className="wo-table-toolbar">
        <Permission any={EDIT}>
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={t('resource.create')}
            onClick={() => setEditing({ row: undefined, parentId: 0 })}
          />
        </Permission>
        <Button icon="expand-all" text={t('menuAdmin.expandAll')} onClick={() => setCollapsed(new Set())} />
        <Button icon="collapse-all" text={t('menuAdmin.collapseAll')} onClick={() => setCollapsed(parentIds(menus))} />
        <Button icon="refresh" text={t('menuAdmin.refresh')} onClick={() => void refetch()} />
      </div>
      <div className="wo-table-card wo-menu-admin">
        <HTMLTable compact striped interactive className="wo-menu-admin-table" aria-busy={isFetching}>
          <thead>
            <tr>
              <th>{t('menuAdmin.name')}</th>
              <th>{t('menuAdmin.icon')}</th>
              <th>{t('menuAdmin.type')}</th>
              <th>{t('menuAdmin.url')}</th>
              <th>{t('menuAdmin.path')}</th>
              <th>{t('menuAdmin.permission')}</th>
              <th>{t('menuAdmin.sort')}</th>
              <th>{t('menuAdmin.hidden')}</th>
              <th>{t('menuAdmin.opened')}</th>
              <th>{t('resource.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ menu, depth, hasChildren }) => {
              const name = en ? (menu.nameEn ?? menu.name) : menu.name;
              const isOpen = !collapsed.has(menu.id);
              return (
                <tr key={menu.id}>
                  <td>
                    <span className="wo-menu-admin-name" style={{ paddingLeft: depth * INDENT_PX }}>
                      {hasChildren ? (
                        <Button
                          variant="minimal"
                          size="small"
                          icon={isOpen ? 'chevron-down' : 'chevron-right'}
                          aria-expanded={isOpen}
                          aria-label={t(isOpen ? 'menuAdmin.collapse' : 'menuAdmin.expand', { name })}
                          onClick={() => toggle(menu.id)}
                        />
                      ) : (
                        <span className="wo-menu-admin-spacer" />
                      )}
                      {name}
                    </span>
                  </td>
                  <td>{menu.css && <Icon icon={menuIcon(menu.css)} title={menu.css} />}</td>
                  <td>
                    <TypeTag type={menu.type} />
                  </td>
                  <td className="wo-menu-admin-code">{menu.url}</td>
                  <td className="wo-menu-admin-code">{menu.path}</td>
                  <td className="wo-menu-admin-code">{menu.permission ?? ''}</td>
                  <td>{menu.sort}</td>
                  <td>{menu.hidden ? t('menuAdmin.yes') : t('menuAdmin.no')}</td>
                  <td>
                    {opened.get(menu.id) === false ? (
                      <Tag minimal icon="lock">
                        {t('notOpened.tag')}
                      </Tag>
                    ) : (
                      <Tag minimal intent={Intent.SUCCESS}>
                        {t('menuAdmin.openedYes')}
                      </Tag>
                    )}
                  </td>
                  <td>
                    <Permission any={EDIT}>
                      <span className="wo-resource-actions">
                        {menu.type !== 2 && (
                          <Button
                            variant="minimal"
                            size="small"
                            icon="add"
                            aria-label={t('menuAdmin.addChild')}
                            title={t('menuAdmin.addChild')}
                            onClick={() => setEditing({ row: undefined, parentId: menu.id })}
                          />
                        )}
                        <Button
                          variant="minimal"
                          size="small"
                          icon="edit"
                          aria-label={t('resource.edit')}
                          title={t('resource.edit')}
                          onClick={() => setEditing({ row: menu })}
                          // not open: the company may not change it (the server refuses too)
                          disabled={opened.get(menu.id) === false}
                        />
                        <Button
                          variant="minimal"
                          size="small"
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label={t('resource.delete')}
                          title={t('resource.delete')}
                          onClick={() => setDeleting(menu)}
                          // not open: the company may not change it (the server refuses too)
                          disabled={opened.get(menu.id) === false}
                        />
                      </span>
                    </Permission>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
        {isFetching && menus.length === 0 && (
          <div className="wo-resource-state">
            <Spinner size={28} />
          </div>
        )}
        {!isFetching && menus.length === 0 && (
          <NonIdealState
            icon={isError ? 'error' : 'diagram-tree'}
            title={t(isError ? 'common.empty' : 'menuAdmin.empty')}
            action={isError ? <Button text={t('common.retry')} onClick={() => void refetch()} /> : undefined}
          />
        )}
      </div>

      <ResourceEditDialog
        resource={MENU_RESOURCE}
        form={form}
        isOpen={editing !== null}
        editing={editing?.row}
        onClose={handleClose}
      />
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
