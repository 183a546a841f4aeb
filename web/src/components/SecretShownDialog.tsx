// A secret shown this once (an ingestion key, a display token and its screen address): a warning that it cannot be
// seen again, each value read-only with a copy button, and a "saved it" button. The server keeps only a hash, so
// closing forgets the values.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../api/message.ts';

export type SecretField = {
  /** the input's id (its label points at it) */
  id: string;
  label: string;
  value: string;
  /** the copy button's accessible name; null: no copy button */
  copyLabel: string | null;
};

export type SecretShownDialogProps = {
  isOpen: boolean;
  title: string;
  icon: IconName;
  /** the warning that this is the only time the secret shows */
  shownOnce: string;
  fields: readonly SecretField[];
  /** the closing button's text ("I have saved it") */
  doneText: string;
  onClose: () => void;
};

/** Copies text, saying whether it worked (a browser may refuse the clipboard: the text is then selected by hand). */
const useCopy = () => {
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showMessage(t('common.copied'), 'success');
    } catch {
      showMessage(t('common.copyFailed'));
    }
  };
};

export function SecretShownDialog({
  isOpen,
  title,
  icon,
  shownOnce,
  fields,
  doneText,
  onClose,
}: SecretShownDialogProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon={icon} canOutsideClickClose={false}>
      <DialogBody>
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {shownOnce}
        </Callout>
        {fields.map((f) => (
          <FormGroup key={f.id} label={f.label} labelFor={f.id}>
            <InputGroup
              id={f.id}
              readOnly
              value={f.value}
              onFocus={(e) => e.currentTarget.select()}
              rightElement={
                f.copyLabel === null ? undefined : (
                  <Button
                    icon="duplicate"
                    variant="minimal"
                    text={t('common.copy')}
                    aria-label={f.copyLabel}
                    onClick={() => void copy(f.value)}
                  />
                )
              }
            />
          </FormGroup>
        ))}
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={doneText} onClick={onClose} />} />
    </Dialog>
  );
}
