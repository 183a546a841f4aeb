// Parameter config (参数配置), a documented exception to the descriptor pages: entries are shown grouped by key type
// and their values edited in place, then saved together through batchSaveAndBatchUpdate (all or nothing); a switch
// enables or disables one at once; a dialog adds an entry (to a new or an existing group). Nothing is seeded yet, so
// the empty state explains the page and offers the add button.
import {
  Alert,
  Button,
  Card,
  Classes,
  H5,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { type ParamConfig, paramGroupName } from '@waterops/shared/catalogue';
import type { Locale } from '@waterops/shared/i18n';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { ParamConfigDialog } from './ParamConfigDialog.tsx';
import {
  useParamConfigsQuery,
  useParamConfigsSavedMutation,
  useParamDeletedMutation,
  useParamEnabledSetMutation,
} from './paramConfigApi.ts';

const EDIT = ['sys:param:edit'];

/** Entries by key type, groups in name order (the server already orders entries by group, sort, code). */
export const groupByKeyType = (rows: readonly ParamConfig[]): [string, ParamConfig[]][] => {
  const groups = new Map<string, ParamConfig[]>();
  for (const r of rows) groups.set(r.keyType, [...(groups.get(r.keyType) ?? []), r]);
  return [...groups.entries()];
};

export function ParamConfigPage() {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'zh-CN';
  const can = usePermission();
  const editable = can(EDIT);
  const { data: rows = [], isLoading, isError, refetch } = useParamConfigsQuery();
  const [saveBatch, { isLoading: saving }] = useParamConfigsSavedMutation();
  const [setEnabled] = useParamEnabledSetMutation();
  const [remove] = useParamDeletedMutation();
  /** edited values by entry id, until saved */
  const [draft, setDraft] = useState<Record<number, string>>({});
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ParamConfig | null>(null);
  const groups = useMemo(() => groupByKeyType(rows), [rows]);
  const changed = rows.filter((r) => r.id in draft && (draft[r.id] ?? '') !== (r.value ?? ''));

  const handleSave = async () => {
    const batch = changed.map((r) => ({
      id: r.id,
      keyType: r.keyType,
      code: r.code,
      name: r.name,
      value: (draft[r.id] ?? '').trim() || null,
    }));
    try {
      await saveBatch(batch).unwrap();
      setDraft({});
      showMessage(t('paramConfig.saved'), 'success');
    } catch {
      // the request layer has shown the server's message; the edits stay for another try
    }
  };

  const toolbar =
    editable && rows.length > 0 ? (
      <div className="wo-table-toolbar">
        <Button icon="plus" intent={Intent.PRIMARY} text={t('paramConfig.add')} onClick={() => setAdding(true)} />
        <Button
          icon="floppy-disk"
          text={t('paramConfig.saveAll')}
          disabled={changed.length === 0}
          loading={saving}
          onClick={handleSave}
        />
        {changed.length > 0 && (
          <span className={Classes.TEXT_MUTED}>{t('paramConfig.changed', { count: changed.length })}</span>
        )}
      </div>
    ) : null;

  let body: ReactNode;
  if (isLoading) body = <Spinner />;
  else if (isError)
    body = (
      <NonIdealState
        icon="error"
        title={t('paramConfig.loadFailed')}
        action={<Button text={t('common.retry')} onClick={() => refetch()} />}
      />
    );
  else if (rows.length === 0)
    body = (
      <NonIdealState
        icon="settings"
        title={t('paramConfig.emptyTitle')}
        description={t('paramConfig.emptyText')}
        action={
          editable ? (
            <Button icon="plus" intent={Intent.PRIMARY} text={t('paramConfig.add')} onClick={() => setAdding(true)} />
          ) : undefined
        }
      />
    );
  else
    body = groups.map(([keyType, entries]) => (
      <Card key={keyType} className="param-config-group" compact>
        {/* a group WaterOps names (paramLabels.ts) shows its name in the reader's language; its code, which a
            reader has no use for on screen, is the heading's tooltip for the administrator who configures by code */}
        <H5 title={keyType}>{paramGroupName(keyType, locale) ?? keyType}</H5>
        <HTMLTable
          compact
          striped
          className="param-config-table"
          aria-label={paramGroupName(keyType, locale) ?? keyType}
        >
          <thead>
            <tr>
              <th>{t('paramConfig.code')}</th>
              <th>{t('paramConfig.name')}</th>
              <th>{t('paramConfig.value')}</th>
              <th>{t('paramConfig.enabled')}</th>
              {editable && <th aria-label={t('resource.actions')} />}
            </tr>
          </thead>
          <tbody>
            {entries.map((r) => (
              <tr key={r.id}>
                <td>{r.code}</td>
                <td>{r.name}</td>
                <td>
                  {editable ? (
                    <InputGroup
                      small
                      aria-label={`${t('paramConfig.value')} ${r.name}`}
                      value={draft[r.id] ?? r.value ?? ''}
                      maxLength={500}
                      onValueChange={(v) => setDraft((d) => ({ ...d, [r.id]: v }))}
                    />
                  ) : (
                    (r.value ?? '')
                  )}
                </td>
                <td>
                  <Switch
                    aria-label={`${t('paramConfig.enabled')} ${r.name}`}
                    checked={r.enabled}
                    disabled={!editable}
                    onChange={(e) => setEnabled({ id: r.id, enabled: e.currentTarget.checked })}
                  />
                </td>
                {editable && (
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      aria-label={`${t('resource.delete')} ${r.name}`}
                      onClick={() => setDeleting(r)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    ));

  return (
    <div className="wo-page param-config-page">
      <div className="wo-page-head">
        <h1>{t('paramConfig.title')}</h1>
      </div>
      {toolbar}
      {body}
      {adding && (
        <ParamConfigDialog
          keyTypes={groups.map(([k]) => k)}
          onClose={() => setAdding(false)}
          onSave={async (row) => {
            await saveBatch([row]).unwrap();
            setAdding(false);
          }}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('common.ok')}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove(deleting.id);
          setDeleting(null);
        }}
      >
        {t('paramConfig.deleteConfirm', { name: deleting?.name ?? '' })}
      </Alert>
    </div>
  );
}
