// "Send command" for a concentrator or collector: a menu of its commands (parameters, clock, report rate, server
// address, archives; upload frequency, IP address, archives), confirmed, then sent with the stored settings.
import { Alert, Button, Intent, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { COLLECTOR_COMMANDS, CONCENTRATOR_COMMANDS } from '@waterops/shared/command';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { batchSummary, commandText } from './CommandTags.tsx';
import { useSendDeviceCommandMutation } from './commandApi.ts';

type DeviceCommandButtonProps = {
  /** which kind of device */
  kind: 'concentrator' | 'collector';
  /** the device's id */
  deviceId: number;
  /** its code, named in the confirmation */
  code: string;
};

export function DeviceCommandButton({ kind, deviceId, code }: DeviceCommandButtonProps) {
  const { t } = useTranslation();
  const allowed = usePermission()(['device:command:edit']);
  const [asked, setAsked] = useState<string | null>(null);
  const [send, { isLoading }] = useSendDeviceCommandMutation();
  if (!allowed) return null;
  const commands: readonly string[] = kind === 'concentrator' ? CONCENTRATOR_COMMANDS : COLLECTOR_COMMANDS;
  const handleConfirm = async () => {
    if (!asked) return;
    const result = await send(
      kind === 'concentrator'
        ? { kind, id: deviceId, body: { command: asked as (typeof CONCENTRATOR_COMMANDS)[number] } }
        : { kind, id: deviceId, body: { command: asked as (typeof COLLECTOR_COMMANDS)[number] } },
    );
    if ('data' in result && result.data) {
      const summary = batchSummary(result.data);
      showMessage(summary.text, summary.allSent ? 'success' : 'warning');
    }
    setAsked(null);
  };
  return (
    <>
      <PopoverNext
        placement="bottom-start"
        content={
          <Menu>
            {commands.map((c) => (
              <MenuItem key={c} text={commandText(c)} onClick={() => setAsked(c)} />
            ))}
          </Menu>
        }
      >
        <Button icon="send-message" endIcon="caret-down" text={t('command.send')} size="small" />
      </PopoverNext>
      <Alert
        isOpen={asked !== null}
        icon="send-message"
        intent={Intent.PRIMARY}
        confirmButtonText={t('command.send')}
        cancelButtonText={t('common.cancel')}
        loading={isLoading}
        onConfirm={handleConfirm}
        onCancel={() => setAsked(null)}
      >
        <p>{t('command.deviceConfirm', { code, command: asked ? commandText(asked) : '' })}</p>
      </Alert>
    </>
  );
}
