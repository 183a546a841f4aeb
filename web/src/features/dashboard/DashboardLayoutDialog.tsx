// The customise dialog: the widgets the user may see, each with a show / hide switch and up / down buttons, a
// restore-default button, and save (the whole layout, hidden ones and those the user may not see included, POSTed to
// the user's own layout on the server). Edits stay in the dialog until saved.
import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, Switch } from '@blueprintjs/core';
import { DEFAULT_HOME_LAYOUT, type HomeLayout, type WidgetId } from '@waterops/shared/dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { useSaveHomeLayoutMutation } from './dashboardApi.ts';
import { moveWidget, toggleWidget, widgetsOf } from './layoutDraft.ts';
import { WIDGETS } from './widgetRegistry.ts';

export type DashboardLayoutDialogProps = {
  /** the layout in use (completed) */
  layout: HomeLayout;
  /** the widgets the user may see */
  allowed: ReadonlySet<WidgetId>;
  /** closes the dialog (after a save too) */
  onClose: () => void;
};

export function DashboardLayoutDialog({ layout, allowed, onClose }: DashboardLayoutDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(layout);
  const [save, { isLoading }] = useSaveHomeLayoutMutation();
  const rows = widgetsOf(draft, allowed, false);

  const handleSave = async () => {
    try {
      await save(draft).unwrap();
      showMessage(t('dashboard.customise.saved'), 'success');
      onClose();
    } catch {
      // the request layer showed the reason; the dialog stays open with the edits
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('dashboard.customise.title')}
      icon="control"
      style={{ width: 460, maxWidth: '96vw' }}
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{t('dashboard.customise.hint')}</p>
        <ol className="wo-dash-layout-list">
          {rows.map((w, i) => {
            const title = t(WIDGETS[w.id].titleKey);
            return (
              <li key={w.id} className="wo-dash-layout-row">
                <Switch
                  checked={!w.hidden}
                  label={title}
                  aria-label={t('dashboard.customise.show', { title })}
                  onChange={() => setDraft((d) => toggleWidget(d, w.id))}
                  className="wo-dash-layout-switch"
                />
                <Button
                  variant="minimal"
                  icon="arrow-up"
                  aria-label={t('dashboard.customise.moveUp', { title })}
                  disabled={i === 0}
                  onClick={() => setDraft((d) => moveWidget(d, w.id, -1, allowed))}
                />
                <Button
                  variant="minimal"
                  icon="arrow-down"
                  aria-label={t('dashboard.customise.moveDown', { title })}
                  disabled={i === rows.length - 1}
                  onClick={() => setDraft((d) => moveWidget(d, w.id, 1, allowed))}
                />
              </li>
            );
          })}
        </ol>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('dashboard.customise.restore')} onClick={() => setDraft(DEFAULT_HOME_LAYOUT)} />
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('common.save')} loading={isLoading} onClick={handleSave} />
          </>
        }
      />
    </Dialog>
  );
}
