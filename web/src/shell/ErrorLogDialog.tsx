// The error-log panel: every caught error with its route, message, details and web-search links.
import { AnchorButton, Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { errorLogDismissed } from './errorLogSlice.ts';
import { dialogClosed } from './layoutSlice.ts';

const searches = [
  { name: 'Bing', url: (q: string) => `https://www.bing.com/search?q=${encodeURIComponent(q)}` },
  { name: 'Google', url: (q: string) => `https://www.google.com/search?q=${encodeURIComponent(q)}` },
  { name: 'Baidu', url: (q: string) => `https://www.baidu.com/s?wd=${encodeURIComponent(q)}` },
];

export function ErrorLogDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'errorLog');
  const entries = useAppSelector((s) => s.errorLog.entries);
  const handleClose = () => dispatch(dialogClosed());
  const handleDismiss = () => {
    dispatch(errorLogDismissed());
    handleClose();
  };
  return (
    <Dialog
      isOpen={open}
      onClose={handleClose}
      title={t('errorLog.title')}
      icon="error"
      style={{ width: 'min(960px, 96vw)' }}
    >
      <DialogBody className="wo-error-log">
        <HTMLTable compact striped className="wo-full-width">
          <thead>
            <tr>
              <th>{t('errorLog.url')}</th>
              <th>{t('errorLog.message')}</th>
              <th>{t('errorLog.details')}</th>
              <th>{t('errorLog.search')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td className="wo-nowrap">
                  <code>{e.url}</code>
                  <div className={Classes.TEXT_MUTED}>{new Date(e.time).toLocaleTimeString()}</div>
                </td>
                <td className="wo-error-message">{e.message}</td>
                <td>
                  <pre className="wo-error-details">{e.details}</pre>
                </td>
                <td className="wo-nowrap">
                  {searches.map((s) => (
                    <AnchorButton
                      key={s.name}
                      variant="minimal"
                      size="small"
                      href={s.url(e.message)}
                      target="_blank"
                      rel="noopener noreferrer"
                      text={s.name}
                    />
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter actions={<Button text={t('errorLog.dismiss')} onClick={handleDismiss} />} />
    </Dialog>
  );
}
