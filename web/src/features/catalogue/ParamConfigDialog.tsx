// The add-parameter dialog: group (typed, or one of the existing groups), code, name, value, with the shared rules;
// the server's refusal (a code taken in its group) stays in the dialog's toast and the dialog stays open.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type ParamConfigSave, validateParamBatch } from '@waterops/shared/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ParamConfigDialogProps = {
  /** the existing groups, offered while typing the group */
  keyTypes: readonly string[];
  onClose: () => void;
  /** saves the row; rejects when the server refuses it */
  onSave: (row: ParamConfigSave) => Promise<void>;
};

const FIELDS = ['keyType', 'code', 'name', 'value'] as const;
type Field = (typeof FIELDS)[number];

export function ParamConfigDialog({ keyTypes, onClose, onSave }: ParamConfigDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ keyType: '', code: '', name: '', value: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const handleSubmit = async () => {
    const row = {
      keyType: values.keyType.trim(),
      code: values.code.trim(),
      name: values.name.trim(),
      value: values.value.trim() || null,
    };
    const found: Partial<Record<Field, string>> = {};
    for (const v of validateParamBatch([row])) {
      const field = v.field.replace(/^0\./, '') as Field;
      found[field] ??= t(v.message);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSave(row);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('paramConfig.addTitle')}
      style={{ width: 460 }}
      canOutsideClickClose={false}
    >
      <DialogBody>
        {FIELDS.map((f) => (
          <FormGroup
            key={f}
            label={t(`paramConfig.${f}`)}
            labelFor={`param-${f}`}
            intent={errors[f] ? Intent.DANGER : Intent.NONE}
            helperText={errors[f]}
          >
            <InputGroup
              id={`param-${f}`}
              value={values[f]}
              maxLength={f === 'value' ? 500 : 50}
              intent={errors[f] ? Intent.DANGER : Intent.NONE}
              list={f === 'keyType' ? 'param-key-types' : undefined}
              onValueChange={(v) => setValues((s) => ({ ...s, [f]: v }))}
            />
          </FormGroup>
        ))}
        <datalist id="param-key-types">
          {keyTypes.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('common.ok')} loading={busy} onClick={handleSubmit} />
          </>
        }
      />
    </Dialog>
  );
}
