// Ingestion keys (接入密钥): the keys devices, head-end systems and the simulator sign their data with. The list is a
// descriptor (name, prefix, concentrator or company, enabled switch, created, last used; delete with confirmation).
// Creating is this page's documented exception to the descriptor form: the answer carries the key in clear, once,
// so a dialog of its own shows it with a copy button and the header to send.
import { Button, FormGroup, Intent, Switch, Tag } from '@blueprintjs/core';
import {
  type IngestKey,
  type IngestKeyCreated,
  IngestKeySave,
  ingestAuthHeader,
  validateIngestKey,
} from '@waterops/shared/deviceStatus';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { maxLengthOf } from '@waterops/shared/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { Permission, usePermission } from '../../components/Permission.tsx';
import { SecretShownDialog } from '../../components/SecretShownDialog.tsx';
import { ConcentratorSelect } from '../../components/selectors/ConcentratorSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { requiredFields } from '../../resources/rules.ts';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { INGEST_KEY_RESOURCE, useCreateIngestKeyMutation, useSetIngestKeyEnabledMutation } from './ingestKeyApi.ts';

export type IngestKeyFilters = { name: string; enabled: string };

const EDIT = ['device:ingestKey:edit'];
// the name's limit, as the save schema declares it (spec §5 label length)
const NAME_MAX = maxLengthOf(IngestKeySave, 'name');
const REQUIRED = requiredFields(validateIngestKey({}));
const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');

/** The enabled switch of a row: flips the key at once for those who may edit keys. */
function EnabledSwitch({ row }: { row: IngestKey }) {
  const { t } = useTranslation();
  const can = usePermission();
  const [setEnabled, { isLoading }] = useSetIngestKeyEnabledMutation();
  return (
    <Switch
      className="wo-inline-switch"
      checked={row.enabled}
      disabled={isLoading || !can(EDIT)}
      aria-label={t('ingestKey.enabledOf', { name: row.name })}
      label={t(row.enabled ? 'ingestKey.enabledYes' : 'ingestKey.enabledNo')}
      onChange={() => void setEnabled({ id: row.id, enabled: !row.enabled })}
    />
  );
}

function Reach({ row }: { row: IngestKey }) {
  const { t } = useTranslation();
  return row.concentratorCode ? (
    t('ingestKey.concentratorIs', { code: row.concentratorCode })
  ) : (
    <Tag minimal intent="primary">
      {t('ingestKey.company')}
    </Tag>
  );
}

export const ingestKeyResource: ResourceDescriptor<IngestKey, IngestKeyFilters> = {
  id: INGEST_KEY_RESOURCE,
  titleKey: 'ingestKey.title',
  icon: 'key',
  list: { path: INGEST_PATHS.keys },
  rowKey: (row) => row.id,
  initialFilters: { name: '', enabled: '' },
  filters: [
    { kind: 'text', key: 'name', labelKey: 'ingestKey.name', icon: 'search' },
    {
      kind: 'select',
      key: 'enabled',
      labelKey: 'ingestKey.enabled',
      options: [
        { value: '', labelKey: 'ingestKey.all' },
        { value: 'true', labelKey: 'ingestKey.enabledYes' },
        { value: 'false', labelKey: 'ingestKey.enabledNo' },
      ],
    },
  ],
  columns: [
    { key: 'name', titleKey: 'ingestKey.name', width: 180, text: (r) => r.name },
    { key: 'keyPrefix', titleKey: 'ingestKey.prefix', width: 140, text: (r) => `${r.keyPrefix}…` },
    {
      key: 'reach',
      titleKey: 'ingestKey.reach',
      width: 160,
      text: (r) => r.concentratorCode ?? '',
      render: (r) => <Reach row={r} />,
    },
    {
      key: 'enabled',
      titleKey: 'ingestKey.enabled',
      width: 110,
      text: (r) => (r.enabled ? '✓' : '✗'),
      render: (r) => <EnabledSwitch row={r} />,
    },
    { key: 'createdBy', titleKey: 'ingestKey.createdBy', width: 110, text: (r) => r.createdBy ?? '' },
    { key: 'createTime', titleKey: 'ingestKey.createTime', width: 160, text: (r) => time(r.createTime) },
    { key: 'lastUsedTime', titleKey: 'ingestKey.lastUsed', width: 160, grow: true, text: (r) => time(r.lastUsedTime) },
  ],
  emptyIcon: 'key',
  remove: {
    request: (row) => ({ url: INGEST_PATHS.keyDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
};

export type NewKeyDialogProps = {
  /** whether the dialog shows */
  isOpen: boolean;
  /** called when it is closed (after the key was shown, or cancelled) */
  onClose: () => void;
};

/** Name and reach of a new key, then the key itself — shown this once — with a copy button and the header. */
export function NewKeyDialog({ isOpen, onClose }: NewKeyDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [concentrator, setConcentrator] = useState<SelectorItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<IngestKeyCreated | null>(null);
  const [create, { isLoading }] = useCreateIngestKeyMutation();

  const handleClose = () => {
    setName('');
    setConcentrator(null);
    setError(null);
    setCreated(null);
    onClose();
  };
  const submit = useDebouncedAction(async () => {
    const violation = validateIngestKey({ name })[0];
    if (violation) {
      setError(t(violation.message));
      return false;
    }
    setError(null);
    try {
      setCreated(
        await create({
          name: name.trim(),
          ...(concentrator ? { concentratorId: Number(concentrator.id) } : {}),
        }).unwrap(),
      );
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field === 'name') setError(f.message);
      else showMessage(f.message);
    }
  });

  if (created)
    return (
      <SecretShownDialog
        isOpen={isOpen}
        onClose={handleClose}
        title={t('ingestKey.createdTitle')}
        icon="key"
        shownOnce={t('ingestKey.shownOnce')}
        fields={[
          { id: 'wo-new-key', label: t('ingestKey.key'), value: created.key, copyLabel: t('ingestKey.copyKey') },
          {
            id: 'wo-new-key-header',
            label: t('ingestKey.header'),
            value: `Authorization: ${ingestAuthHeader(created.key)}`,
            copyLabel: null,
          },
        ]}
        doneText={t('ingestKey.done')}
      />
    );

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('ingestKey.createTitle')}
      icon="key"
      width={480}
      busy={isLoading}
      onClose={handleClose}
      onSubmit={() => submit()}
    >
      <FormField
        label={t('ingestKey.name')}
        value={name}
        onChange={setName}
        maxLength={NAME_MAX}
        error={error}
        required={REQUIRED.has('name')}
      />
      <FormGroup label={t('ingestKey.reach')} helperText={t('ingestKey.reachHint')}>
        <ConcentratorSelect label={t('ingestKey.concentrator')} value={concentrator} onChange={setConcentrator} />
      </FormGroup>
    </FormDialog>
  );
}

export function IngestKeyPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <div className="wo-ingest-key-page">
      {/* beside the page's heading (app.css): the list's own create button would open the descriptor form */}
      <Permission any={EDIT}>
        <div className="wo-ingest-key-create">
          <Button intent={Intent.PRIMARY} icon="add" text={t('ingestKey.create')} onClick={() => setCreating(true)} />
        </div>
      </Permission>
      <ResourceListPage descriptor={ingestKeyResource} />
      <NewKeyDialog isOpen={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
