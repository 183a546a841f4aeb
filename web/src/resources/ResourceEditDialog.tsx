// Create or edit one row of a descriptor page: the form's fields with their rules (messages under the fields,
// checked on blur and on submit), required fields marked, text limits from the save schema, trimmed values, `exist`
// checks before saving, a debounced submit, and the server's 400 shown on the field it names or as a message. A
// refused submit brings the first field in error into view and focuses it.
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { maxLengthOf } from '@waterops/shared/rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../api/message.ts';
import { type RequestFailure, request } from '../api/request.ts';
import { FormDialog } from '../components/FormDialog.tsx';
import { FormField, REQUIRED_CLASS } from '../components/FormField.tsx';
import { useResourceMutationMutation } from './resourceApi.ts';
import type { FieldDef, FormDef, OptionDef } from './types.ts';
import { useDebouncedAction } from './useDebouncedAction.ts';

export type ResourceEditDialogProps<Row> = {
  /** the resource id (its lists are refreshed after a save) */
  resource: string;
  /** the form (its `itemKey` names one item in the title: 新增水表 / Edit water meter) */
  form: FormDef<Row>;
  /** whether the dialog shows */
  isOpen: boolean;
  /** the row being edited; undefined to create one */
  editing: Row | undefined;
  /** called when the dialog closes (cancel or after a save) */
  onClose: () => void;
};

type Values = Record<string, string>;

/** An option's text: its own label from the server, or its i18n key translated. */
export const optionLabel = (o: OptionDef, t: (key: string) => string) =>
  o.label ?? (o.labelKey ? t(o.labelKey) : o.value);
/** field → message key (from the rules) or text (from the server) */
type Errors = Record<string, string | undefined>;
/** A broken rule: its message key, and the values the message names (the text limit). */
export type FieldProblem = { key: string; params?: Record<string, number> };

/** The longest text a field takes: its own `maxLength`, else its save schema's limit for its key. */
export const fieldMaxLength = <Row,>(form: Pick<FormDef<Row>, 'schema'>, f: FieldDef<Row>): number | undefined =>
  f.maxLength ?? (form.schema && f.kind !== 'select' && !f.render ? maxLengthOf(form.schema, f.key) : undefined);

/**
 * Whether a field is marked required: as declared, else when its rules refuse it empty on an empty form (so a rule
 * that asks for a value only given another one does not mark it).
 */
export const isRequired = <Row,>(f: FieldDef<Row>, empty: Values, values: Values = empty): boolean =>
  typeof f.required === 'function'
    ? f.required(values)
    : (f.required ?? (f.rules ?? []).some((rule) => rule('', empty) !== null));

const initialValues = <Row,>(fields: readonly FieldDef<Row>[], row: Row | undefined): Values =>
  Object.fromEntries(
    fields.map((f) => {
      if (!row) return [f.key, f.kind === 'select' ? (f.options?.[0]?.value ?? '') : ''];
      const value = f.initial ? f.initial(row) : (row as Record<string, unknown>)[f.key];
      return [f.key, value == null ? '' : String(value)];
    }),
  );

const trimmed = (values: Values): Values => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));

/**
 * The first broken rule of each field, then its text limit (a value saved before the limit, or typed past an input
 * that does not stop it, is longer): `rules.text.tooLong`, the server's message for the same refusal.
 */
export const checkFields = <Row,>(
  form: Pick<FormDef<Row>, 'schema'>,
  fields: readonly FieldDef<Row>[],
  values: Values,
): Record<string, FieldProblem | undefined> => {
  const clean = trimmed(values);
  const errors: Record<string, FieldProblem | undefined> = {};
  for (const f of fields) {
    const value = clean[f.key] ?? '';
    for (const rule of f.rules ?? []) {
      const message = rule(value, clean);
      if (message) {
        errors[f.key] = { key: message };
        break;
      }
    }
    const max = fieldMaxLength(form, f);
    if (!errors[f.key] && max !== undefined && value.length > max)
      errors[f.key] = { key: 'rules.text.tooLong', params: { max } };
  }
  return errors;
};

export function ResourceEditDialog<Row>({ resource, form, isOpen, editing, onClose }: ResourceEditDialogProps<Row>) {
  const { t } = useTranslation();
  const baseId = useId();
  const [save, { isLoading }] = useResourceMutationMutation();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Errors>({});
  const [checking, setChecking] = useState(false);
  const fields = useMemo(() => form.fields.filter((f) => !(editing && f.createOnly)), [form.fields, editing]);
  const requiredKeys = useMemo(() => {
    const empty = Object.fromEntries(fields.map((f) => [f.key, '']));
    return new Set(fields.filter((f) => isRequired(f, empty, values)).map((f) => f.key));
  }, [fields, values]);

  // Reset on opening (and on another row) only: a descriptor rebuilt from data that loads while the dialog is open
  // (the district page's parent choices, the valve page's areas) must not wipe what the user has typed.
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  useEffect(() => {
    if (isOpen) {
      setValues(initialValues(fieldsRef.current, editing));
      setErrors({});
    }
  }, [isOpen, editing]);

  const translated = (found: Record<string, FieldProblem | undefined>): Errors =>
    Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v ? t(v.key, v.params) : undefined]));
  const handleBlur = (key: string) =>
    setErrors((e) => ({ ...e, [key]: translated(checkFields(form, fields, values))[key] }));

  /** Runs the `exist` calls of changed values; an error per taken value. */
  const checkUnique = async (clean: Values): Promise<Errors> => {
    const found: Errors = {};
    const before = initialValues(fields, editing);
    for (const f of fields) {
      if (!f.exist || clean[f.key] === '' || (editing && clean[f.key] === before[f.key]?.trim())) continue;
      const answer = await request<{ datas?: unknown }>({ ...f.exist(clean[f.key] ?? '', editing), not_msg: true });
      if (answer.datas === true) found[f.key] = t('resource.exists', { label: t(f.labelKey) });
    }
    return found;
  };

  const submit = useDebouncedAction(async () => {
    const clean = trimmed(values);
    const found = translated(checkFields(form, fields, clean));
    setErrors(found);
    // refused by the form's rules, nothing sent: an immediate corrected submit is not a double click
    if (Object.values(found).some(Boolean)) return false;
    try {
      setChecking(true);
      const taken = await checkUnique(clean);
      if (Object.keys(taken).length > 0) {
        setErrors(taken);
        return;
      }
    } catch (error) {
      showMessage((error as { message?: string }).message ?? t('request.unknown'));
      return;
    } finally {
      setChecking(false);
    }
    try {
      await save({ resource, config: { ...form.save(clean, editing), not_msg: true } }).unwrap();
    } catch (error) {
      const failure = error as RequestFailure;
      if (failure.field && fields.some((f) => f.key === failure.field)) {
        setErrors({ [failure.field]: failure.message });
      } else showMessage(failure.message);
      return;
    }
    showMessage(t('resource.saved'), 'success');
    onClose();
  });

  const errorOf = (key: string) => errors[key];
  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <FormDialog
      isOpen={isOpen}
      title={t(editing ? 'resource.editItem' : 'resource.createItem', { item: t(form.itemKey) })}
      icon={editing ? 'edit' : 'add'}
      width={form.width ?? 520}
      canOutsideClickClose={false}
      busy={isLoading || checking}
      onClose={onClose}
      // its promise: FormDialog brings the first field in error into view once the submit has settled
      onSubmit={() => submit()}
    >
      {fields.map((f) => {
        const required = requiredKeys.has(f.key);
        if (f.render) {
          const id = `${baseId}-${f.key}`;
          const error = errorOf(f.key);
          return (
            <FormGroup
              key={f.key}
              className={required ? REQUIRED_CLASS : undefined}
              label={t(f.labelKey)}
              labelFor={id}
              helperText={error}
              intent={error ? Intent.DANGER : Intent.NONE}
            >
              {f.render({ id, value: values[f.key] ?? '', onChange: set(f.key), error, required })}
            </FormGroup>
          );
        }
        if (f.kind === 'select') {
          const id = `${baseId}-${f.key}`;
          const error = errorOf(f.key);
          return (
            <FormGroup
              key={f.key}
              className={required ? REQUIRED_CLASS : undefined}
              label={t(f.labelKey)}
              labelFor={id}
              helperText={error}
              intent={error ? Intent.DANGER : Intent.NONE}
            >
              <HTMLSelect
                id={id}
                fill
                required={required}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key)(e.currentTarget.value)}
                options={(f.options ?? []).map((o) => ({ value: o.value, label: optionLabel(o, t) }))}
              />
            </FormGroup>
          );
        }
        return (
          <FormField
            key={f.key}
            label={t(f.labelKey)}
            type={f.kind === 'password' ? 'password' : 'text'}
            value={values[f.key] ?? ''}
            onChange={set(f.key)}
            onBlur={() => handleBlur(f.key)}
            error={errorOf(f.key)}
            placeholder={f.placeholderKey ? t(f.placeholderKey) : undefined}
            maxLength={fieldMaxLength(form, f)}
            required={required}
            readOnly={Boolean(editing && f.readOnlyOnEdit)}
            disabled={Boolean(editing && f.readOnlyOnEdit)}
          />
        );
      })}
    </FormDialog>
  );
}
