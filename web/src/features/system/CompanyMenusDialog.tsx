// "Open menus" of a company created by the caller's: its menu tree with a checkbox per entry = open for it (spec §6
// "open or not open"). Checking an entry opens it, what is below it and its parents; unchecking closes it and what
// is below it; entries the shell needs stay checked. Saved through menus/company/{id}/opened. For the caller's own
// company the same tree is shown read-only: only the parent company opens entries.
import { Callout, Checkbox, Classes, NonIdealState, Spinner, Tag, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { type CompanyMenuEntry, type OpeningRow, toggleOpened } from '@waterops/shared/user';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useChildCompanyMenusQuery, useChildCompanyOpenedMutation, useOwnCompanyMenusQuery } from './menuAdminApi.ts';

export type CompanyMenusDialogProps = {
  /** the child company whose open entries are edited */
  companyId: number;
  /** its name, for the title */
  companyName: string;
  /** the caller's own company: its tree read-only (a company cannot open its own entries) */
  own?: boolean;
  /** called on Cancel and after saving */
  onClose: () => void;
};

const flatten = (tree: readonly CompanyMenuEntry[]): CompanyMenuEntry[] =>
  tree.flatMap((e) => [e, ...flatten(e.subMenus)]);

export function CompanyMenusDialog({ companyId, companyName, own = false, onClose }: CompanyMenusDialogProps) {
  const { t } = useTranslation();
  const child = useChildCompanyMenusQuery(companyId, { skip: own });
  const mine = useOwnCompanyMenusQuery(undefined, { skip: !own });
  const { data: tree, isFetching, isError } = own ? mine : child;
  const [save, { isLoading }] = useChildCompanyOpenedMutation();
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const entries = useMemo(() => flatten(tree ?? []), [tree]);
  const rows: OpeningRow[] = useMemo(
    () => entries.map((e) => ({ id: e.id, parentId: e.parentId, opened: e.opened, permission: e.permission })),
    [entries],
  );

  useEffect(() => {
    setOpened(new Set(entries.filter((e) => e.opened).map((e) => e.id)));
  }, [entries]);

  const nodeOf = (entry: CompanyMenuEntry): TreeNodeInfo<CompanyMenuEntry> => {
    const on = opened.has(entry.id);
    const below = flatten(entry.subMenus);
    return {
      id: entry.id,
      nodeData: entry,
      isExpanded: !collapsed.has(entry.id),
      hasCaret: entry.subMenus.length > 0,
      label: (
        <Checkbox
          className="wo-grant-check"
          label={entry.name}
          checked={on}
          indeterminate={on && below.some((e) => !opened.has(e.id))}
          disabled={own || entry.required}
          onChange={() => setOpened((o) => toggleOpened(rows, o, entry.id, !on))}
        />
      ),
      secondaryLabel: entry.required ? (
        <Tag minimal>{t('companyMenus.required')}</Tag>
      ) : entry.permission ? (
        <span className={Classes.TEXT_MUTED}>{entry.permission}</span>
      ) : undefined,
      childNodes: entry.subMenus.length > 0 ? entry.subMenus.map(nodeOf) : undefined,
    };
  };
  const setExpanded = (node: TreeNodeInfo<CompanyMenuEntry>, expanded: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (expanded) next.delete(Number(node.id));
      else next.add(Number(node.id));
      return next;
    });

  const submit = useDebouncedAction(async () => {
    if (own || !tree) {
      onClose();
      return;
    }
    try {
      await save({ companyId, menuIds: [...opened].sort((a, b) => a - b) }).unwrap();
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
      title={t('companyMenus.title', { name: companyName })}
      icon="lock"
      width={600}
      canOutsideClickClose={false}
      busy={isLoading || isFetching}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Callout compact icon="info-sign">
        {t(own ? 'menuAdmin.openedNote' : 'companyMenus.hint')}
      </Callout>
      {isFetching && !tree ? (
        <Spinner size={28} />
      ) : isError || !tree || tree.length === 0 ? (
        <NonIdealState icon="folder-close" title={t('companyMenus.empty')} />
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
