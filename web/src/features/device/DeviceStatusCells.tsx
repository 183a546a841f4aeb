// Cells of the device status lists (设备状态 and the status board's drill-down): a device's online state as a tag,
// and its code as a link to its detail drawer.
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { type DetailKind, useOpenDetail } from '../detail/detailLink.ts';

/** Online (green) or offline (red). */
export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={online ? 'success' : 'danger'}>
      {t(online ? 'deviceStatus.online' : 'deviceStatus.offline')}
    </Tag>
  );
}

export type DeviceCodeLinkProps = {
  /** which detail drawer opens */
  kind: DetailKind;
  /** the device's id */
  id: number;
  /** the code shown */
  code: string;
};

/** The device's code as a link to its detail drawer. */
export function DeviceCodeLink({ kind, id, code }: DeviceCodeLinkProps) {
  const open = useOpenDetail();
  return (
    <Button variant="minimal" size="small" intent="primary" onClick={() => open({ kind, id })}>
      {code}
    </Button>
  );
}
