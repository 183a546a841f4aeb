// The resident page's dialogs: a resident's meters (bind from the unbound meters with the remote selector, unbind
// or take off each bound one), the confirmation of a batch (delete, close by clearance), and the generated app
// accounts, whose initial passwords are shown once here and nowhere else.
import { Alert, Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from '@blueprintjs/core';
import { type AppAccount, CUSTOMER_PATHS, type Resident } from '@waterops/shared/customer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { type SelectorItem, searchOf } from '../../components/selectors/remoteSelector.ts';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import {
  useBindMetersMutation,
  useCloseResidentsMutation,
  useDeleteResidentsMutation,
  useGenerateAppAccountsMutation,
  useResidentWaterQuery,
  useUnbindMeterMutation,
} from './customerApi.ts';

/** The bind dialog offers only meters bound to nobody (spec §7 unBoundWaterMeter), searched by body code. */
const searchUnbound = searchOf({
  path: CUSTOMER_PATHS.unbound,
  queryField: 'meterCode',
  idField: 'id',
  labelField: 'meterCode',
});

export type ResidentMetersDialogProps = {
  /** whose meters */
  resident: Resident;
  onClose: () => void;
};

export function ResidentMetersDialog({ resident, onClose }: ResidentMetersDialogProps) {
  const { t } = useTranslation();
  const { data: meters = [] } = useResidentWaterQuery(resident.id);
  const [bind, { isLoading: binding }] = useBindMetersMutation();
  const [unbind, { isLoading: unbinding }] = useUnbindMeterMutation();
  const [chosen, setChosen] = useState<SelectorItem[]>([]);
  const handleBind = useDebouncedAction(async () => {
    if (chosen.length === 0) return false;
    try {
      await bind({ residentId: resident.id, meterIds: chosen.map((m) => m.id) }).unwrap();
    } catch {
      return; // the request layer shows the server's message (a meter bound already…)
    }
    setChosen([]);
    showMessage(t('resident.bound'), 'success');
  });
  const handleUnbind = async (meterId: number, kind: 'relieve' | 'takeOff') => {
    try {
      await unbind({ meterId, kind }).unwrap();
    } catch {
      return;
    }
    showMessage(t(kind === 'takeOff' ? 'resident.takenOff' : 'resident.relieved'), 'success');
  };
  const closed = resident.status === 3;
  return (
    <Dialog
      isOpen
      title={t('resident.metersTitle', { code: resident.residentCode, name: resident.residentName })}
      icon="dashboard"
      onClose={onClose}
      style={{ width: 620 }}
    >
      <DialogBody>
        <h4 className={Classes.HEADING}>{t('resident.boundMeters')}</h4>
        {meters.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('resident.noMeters')}</p>
        ) : (
          <HTMLTable compact striped className="wo-detail-table" aria-label={t('resident.boundMeters')}>
            <thead>
              <tr>
                <th>{t('resident.meterCode')}</th>
                <th>{t('resident.boundAt')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {meters.map((m) => (
                <tr key={m.meterId}>
                  <td>{m.meterCode}</td>
                  <td>{formatDateTime(new Date(m.boundAt))}</td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.PRIMARY}
                      text={t('resident.relieve')}
                      disabled={unbinding}
                      onClick={() => void handleUnbind(m.meterId, 'relieve')}
                    />
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.WARNING}
                      text={t('resident.takeOff')}
                      disabled={unbinding}
                      onClick={() => void handleUnbind(m.meterId, 'takeOff')}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {closed ? (
          <p className={Classes.TEXT_MUTED}>{t('resident.closedNoBind')}</p>
        ) : (
          <div className="wo-resident-bind">
            <RemoteSelect<SelectorItem>
              multiple
              search={searchUnbound}
              itemKey={(item) => item.id}
              itemLabel={(item) => item.label}
              label={t('resident.bindMeters')}
              value={chosen}
              onChange={setChosen}
            />
            <Button
              intent={Intent.PRIMARY}
              icon="link"
              text={t('resident.bind')}
              disabled={chosen.length === 0}
              loading={binding}
              onClick={() => void handleBind()}
            />
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}

/** A batch waiting for its confirmation (delete, close) or its result (app accounts). */
export type BatchChoice = { kind: 'delete' | 'close' | 'appAccounts'; rows: Resident[] };

export type BatchConfirmProps = { choice: BatchChoice; onClose: () => void };

export function BatchConfirm({ choice, onClose }: BatchConfirmProps) {
  const { t } = useTranslation();
  const [remove, { isLoading: deleting }] = useDeleteResidentsMutation();
  const [close, { isLoading: closing }] = useCloseResidentsMutation();
  const ids = choice.rows.map((r) => r.id);
  const handleConfirm = async () => {
    try {
      if (choice.kind === 'delete') await remove(ids).unwrap();
      else await close(ids).unwrap();
    } catch {
      onClose();
      return;
    }
    showMessage(t(choice.kind === 'delete' ? 'resident.deleted' : 'resident.closedDone'), 'success');
    onClose();
  };
  const codes = choice.rows.map((r) => r.residentCode).join(', ');
  return (
    <Alert
      isOpen
      icon={choice.kind === 'delete' ? 'trash' : 'disable'}
      intent={choice.kind === 'delete' ? Intent.DANGER : Intent.WARNING}
      confirmButtonText={t(choice.kind === 'delete' ? 'resident.batchDelete' : 'resident.close')}
      cancelButtonText={t('common.cancel')}
      loading={deleting || closing}
      onConfirm={() => void handleConfirm()}
      onCancel={onClose}
    >
      <p>{t(choice.kind === 'delete' ? 'resident.deleteConfirm' : 'resident.closeConfirm', { codes })}</p>
    </Alert>
  );
}

export type AppAccountsDialogProps = { rows: Resident[]; onClose: () => void };

/** Asks, then generates the accounts and shows the passwords once; closing forgets them. */
export function AppAccountsDialog({ rows, onClose }: AppAccountsDialogProps) {
  const { t } = useTranslation();
  const [generate, { isLoading }] = useGenerateAppAccountsMutation();
  const [accounts, setAccounts] = useState<AppAccount[]>([]);
  const handleGenerate = useDebouncedAction(async () => {
    try {
      setAccounts(await generate(rows.map((r) => r.id)).unwrap());
    } catch {
      // the request layer shows the server's message
    }
  });
  const done = accounts.length > 0;
  return (
    <Dialog
      isOpen
      title={t('resident.appAccounts')}
      icon="mobile-phone"
      onClose={onClose}
      canOutsideClickClose={false}
      style={{ width: 520 }}
    >
      <DialogBody>
        {done ? (
          <>
            <p>{t('resident.passwordOnce')}</p>
            <HTMLTable compact striped aria-label={t('resident.appAccounts')}>
              <thead>
                <tr>
                  <th>{t('resident.code')}</th>
                  <th>{t('resident.appUsername')}</th>
                  <th>{t('resident.initialPassword')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => (
                  <tr key={a.residentId}>
                    <td>{a.residentCode}</td>
                    <td>{a.username}</td>
                    <td>
                      <code>{a.password}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        ) : (
          <p>
            {t('resident.generateConfirm', { count: rows.length, codes: rows.map((r) => r.residentCode).join(', ') })}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          done ? (
            <Button intent={Intent.PRIMARY} text={t('common.close')} onClick={onClose} />
          ) : (
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button
                intent={Intent.PRIMARY}
                text={t('resident.generate')}
                loading={isLoading}
                onClick={() => void handleGenerate()}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
