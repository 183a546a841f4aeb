// A dialog around a form: its fields in the body, the server's refusal under them, Cancel and OK (the submit, busy
// while saving) in the footer. The browser's own submit (a page load) never happens. Once a submit has been handled,
// the first field left in error (the form's rules, or a server refusal naming a field) is brought into view and
// focused, so a long form never fails out of sight — every dialog built on this one does it, none wires it itself.
import { Button, Classes, Dialog, DialogBody, DialogFooter, type IconName, Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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
  /**
   * Called when the form is submitted (OK or Enter). An asynchronous handler returns its promise: the first field in
   * error is sought once it has settled (after the server's answer), not before.
   */
  onSubmit: (event: React.FormEvent) => unknown;
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
  const formRef = useRef<HTMLFormElement>(null);
  // bumped when a submit has been handled; the effect runs after the render that shows its messages
  const [handledSubmits, setHandledSubmits] = useState(0);
  useEffect(() => {
    if (handledSubmits > 0 && formRef.current) revealFirstError(formRef.current);
  }, [handledSubmits]);
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
          void Promise.resolve(onSubmit(event)).finally(() => setHandledSubmits((n) => n + 1));
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
