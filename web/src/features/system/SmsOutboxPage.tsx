// The SMS outbox as a read-only descriptor: what the built-in sender "sent" (registration codes…), newest first,
// filtered by mobile, 50/100/200 a page. With a real SMS provider configured this stays empty.
import { Tag } from '@blueprintjs/core';
import { REGISTRATION_PATHS, type SmsOutboxEntry } from '@waterops/shared/registration';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';

export type SmsOutboxFilters = { mobile: string };

/** The purpose's label key ('register' → smsOutbox.purposes.register); an unknown purpose shows as sent. */
const purposeKey = (purpose: string) => `smsOutbox.purposes.${purpose}`;

function PurposeTag({ purpose }: { purpose: string }) {
  const { t } = useTranslation();
  return <Tag minimal>{t(purposeKey(purpose), { defaultValue: purpose })}</Tag>;
}

export const smsOutboxResource: ResourceDescriptor<SmsOutboxEntry, SmsOutboxFilters> = {
  id: 'system.smsOutbox',
  titleKey: 'smsOutbox.title',
  list: { path: REGISTRATION_PATHS.smsOutbox },
  rowKey: (row) => row.id,
  initialFilters: { mobile: '' },
  filters: [
    {
      kind: 'text',
      key: 'mobile',
      labelKey: 'smsOutbox.mobile',
      placeholderKey: 'smsOutbox.mobilePlaceholder',
      icon: 'mobile-phone',
    },
  ],
  columns: [
    {
      key: 'createTime',
      titleKey: 'smsOutbox.time',
      width: 170,
      text: (row) => formatDateTime(new Date(row.createTime)),
    },
    { key: 'mobile', titleKey: 'smsOutbox.mobile', width: 130 },
    {
      key: 'purpose',
      titleKey: 'smsOutbox.purpose',
      width: 130,
      render: (row) => <PurposeTag purpose={row.purpose} />,
    },
    { key: 'text', titleKey: 'smsOutbox.text', width: 420, grow: true },
  ],
  emptyKey: 'smsOutbox.empty',
  emptyIcon: 'envelope',
};

export function SmsOutboxPage() {
  return <ResourceListPage descriptor={smsOutboxResource} />;
}
