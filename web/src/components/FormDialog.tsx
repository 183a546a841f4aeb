// A dialog around a form: its fields in the body, the server's refusal under them, Cancel and OK (the submit, busy
// while saving) in the footer. The browser's own submit (a page load) never happens.
import { Button, Dialog, DialogBody, DialogFooter, type IconName, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Refusal } from './Refusal.tsx';

export type FormDialogProps = {
  /** whether the dialog shows */
  isOpen: boolean;
  /** dialog title (also its accessible name) */
  title: string;
  /** icon beside the title */
  icon: IconName;
  /** dialog width in px (never wider than the screen) */
  width: number;
  /** whether a click outside closes it (default yes) */
  canOutsideClickClose?: boolean;
  /** whether OK shows a spinner while the form is being saved */
  busy: boolean;
  /** called on Cancel, Esc, the close button and (if allowed) an outside click */
  onClose: () => void;
  /** called when the form is submitted (OK or Enter) */
  onSubmit: (event: React.FormEvent) => void;
  /** the server's refusal of the last submit, shown under the fields (`useRefusal`) */
  refusal?: string | null;
  /** the form's fields */
  children: ReactNode;
};

export function FormDialog({
  isOpen,
  title,
  icon,
  width,
  canOutsideClickClose = true,
  busy,
  onClose,
  onSubmit,
  refusal = null,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      icon={icon}
      canOutsideClickClose={canOutsideClickClose}
      style={{ width, maxWidth: '96vw' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
        noValidate
      >
        <DialogBody>
          {children}
          <Refusal text={refusal} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('common.ok')} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
