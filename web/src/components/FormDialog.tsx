// A dialog around a form: its fields in the body, the server's refusal under them, Cancel and OK (the submit, busy
// while saving) in the footer. The browser's own submit (a page load) never happens. A refused submit brings the first
// field in error into view and focuses it, so a long form never fails out of sight.
import { Button, Classes, Dialog, DialogBody, DialogFooter, type IconName, Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useRef } from 'react';
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
  /**
   * How many submits were refused with messages under fields: each new count scrolls the first field in error (in
   * the order shown) into view and focuses its input.
   */
  invalidSubmits?: number;
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
  invalidSubmits = 0,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (invalidSubmits > 0 && formRef.current) revealFirstError(formRef.current);
  }, [invalidSubmits]);
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
        ref={formRef}
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

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Scrolls the first form group in the danger intent into view and focuses its first input. */
export const revealFirstError = (form: HTMLElement): void => {
  const group = form.querySelector<HTMLElement>(`.${Classes.FORM_GROUP}.${Classes.INTENT_DANGER}`);
  if (!group) return;
  // centred: the dialog's header and footer do not cover it (jsdom has no scrolling, hence the optional call)
  group.scrollIntoView?.({ block: 'center' });
  group.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
};
