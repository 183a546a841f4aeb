// "Grant menus" of a role: the tenant's menu tree with a checkbox per entry (a parent checks or unchecks all it
// holds), saved through `menus/granted`.
import { Checkbox, Classes, NonIdealState, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import type { MenuGrantEntry, Role } from '@waterops/shared/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useMenusGrantedMutation, useRoleMenusQuery } from './accessApi.ts';
import { checkStateOf, grantedLeaves, grantedMenuIds, toggleEntry } from './menuGrant.ts';

export type MenuGrantDialogProps = {
  /** the role whose grants are edited */
  row: Role;
  /** called on Cancel and after saving */
  onClose: () => void;
};

export function MenuGrantDialog({ row, onClose }: MenuGrantDialogProps) {
  const { t } = useTranslation();
  const { data: tree, isFetching, isError } = useRoleMenusQuery(row.id);
  const [grant, { isLoading }] = useMenusGrantedMutation();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (tree) setChecked(grantedLeaves(tree));
  }, [tree]);

  const nodeOf = (entry: MenuGrantEntry): TreeNodeInfo<MenuGrantEntry> => {
    const state = checkStateOf(entry, checked);
    return {
      id: entry.id,
      nodeData: entry,
      isExpanded: !collapsed.has(entry.id),
      hasCaret: entry.subMenus.length > 0,
      label: (
        <Checkbox
          className="wo-grant-check"
          label={entry.name}
          checked={state === 'checked'}
          indeterminate={state === 'indeterminate'}
          onChange={() => setChecked((c) => toggleEntry(entry, c))}
        />
      ),
      secondaryLabel: entry.permission ? <span className={Classes.TEXT_MUTED}>{entry.permission}</span> : undefined,
      childNodes: entry.subMenus.length > 0 ? entry.subMenus.map(nodeOf) : undefined,
    };
  };
  const setExpanded = (node: TreeNodeInfo<MenuGrantEntry>, expanded: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (expanded) next.delete(Number(node.id));
      else next.add(Number(node.id));
      return next;
    });

  const submit = useDebouncedAction(async () => {
    if (!tree) return;
    try {
      await grant({ roleId: row.id, menuIds: grantedMenuIds(tree, checked) }).unwrap();
    } catch (error) {
      showMessage((error as RequestFailure).message);
      return;
    }
    showMessage(t('resource.saved'), 'success');
    onClose();
  });

  return (
    <FormDialog
      isOpen
      title={t('role.grantTitle', { name: row.name })}
      icon="key"
      width={560}
      canOutsideClickClose={false}
      busy={isLoading || isFetching}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {isFetching && !tree ? (
        <Spinner size={28} />
      ) : isError || !tree || tree.length === 0 ? (
        <NonIdealState icon="folder-close" title={t('role.noMenus')} />
      ) : (
        <div className="wo-grant-tree">
          <Tree
            contents={tree.map(nodeOf)}
            onNodeExpand={(node) => setExpanded(node, true)}
            onNodeCollapse={(node) => setExpanded(node, false)}
          />
        </div>
      )}
    </FormDialog>
  );
}
