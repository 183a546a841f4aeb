// The own company's profile (names, contact, phone, address, logo name and image) and its code rules. Saving the
// profile refreshes the top bar's logo and name (the company query shares the 'Company' tag). Read-only without
// sys:company:edit.
import { Button, Card, Classes, FormGroup, Intent, Tag } from '@blueprintjs/core';
import { type CompanyDetail, CompanyProfileSave, validateCompanyProfile } from '@waterops/shared/company';
import { maxLengthOf } from '@waterops/shared/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormField } from '../../components/FormField.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { CodeRuleEditor } from './CodeRuleEditor.tsx';
import { CompanyKindTag, LogoImageInput } from './CompanyParts.tsx';
import { useCompanyProfileQuery, useSaveCompanyProfileMutation } from './companyApi.ts';

type ProfileKey = keyof CompanyProfileSave;
type Values = Record<ProfileKey, string>;

// each field's limit as the save schema declares it
const TEXT_FIELDS = (['name', 'nameEn', 'contact', 'phone', 'address', 'logoName', 'logoNameEn'] as const).map(
  (key) => ({
    key,
    maxLength: maxLengthOf(CompanyProfileSave, key),
  }),
);

const valuesOf = (c: CompanyDetail): Values => ({
  name: c.name,
  nameEn: c.nameEn ?? '',
  contact: c.contact ?? '',
  phone: c.phone ?? '',
  address: c.address ?? '',
  logoName: c.logoName,
  logoNameEn: c.logoNameEn ?? '',
  logoImg: c.logoImg ?? '',
});

const toSave = (v: Values): CompanyProfileSave => {
  const orNull = (s: string) => s.trim() || null;
  return {
    name: v.name.trim(),
    nameEn: orNull(v.nameEn),
    contact: orNull(v.contact),
    phone: orNull(v.phone),
    address: orNull(v.address),
    logoName: orNull(v.logoName),
    logoNameEn: orNull(v.logoNameEn),
    logoImg: orNull(v.logoImg),
  };
};

export function CompanyProfilePage() {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can(['sys:company:edit']);
  const { data: company } = useCompanyProfileQuery();
  const [save, { isLoading }] = useSaveCompanyProfileMutation();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProfileKey, string>>>({});
  useEffect(() => {
    if (company) setValues(valuesOf(company));
  }, [company]);

  const submit = useDebouncedAction(async () => {
    if (!values) return;
    const body = toSave(values);
    const found: Partial<Record<ProfileKey, string>> = {};
    for (const v of validateCompanyProfile(body)) found[v.field as ProfileKey] ??= t(v.message);
    setErrors(found);
    if (Object.keys(found).length) return false;
    try {
      await save(body).unwrap();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field && f.field in values) setErrors({ [f.field]: f.message });
      else showMessage(f.message);
      return;
    }
    showMessage(t('resource.saved'), 'success');
  });

  const set = (key: ProfileKey) => (value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));

  return (
    <div className="wo-page wo-company-profile">
      <Card elevation={0}>
        <h2>
          {t('companyProfile.title')}{' '}
          {company && (
            <>
              <CompanyKindTag kind={company.kind} />{' '}
              <Tag minimal>{t('companyProfile.codeIs', { code: company.code ?? '—' })}</Tag>
            </>
          )}
        </h2>
        {values && (
          <form
            className="wo-company-profile-form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {TEXT_FIELDS.map((f) => (
              <FormField
                key={f.key}
                label={t(`company.${f.key}`)}
                value={values[f.key]}
                maxLength={f.maxLength}
                readOnly={!editable}
                onChange={editable ? set(f.key) : undefined}
                error={errors[f.key]}
              />
            ))}
            <FormGroup label={t('company.logoImg')}>
              {editable ? (
                <LogoImageInput id="logoImg" value={values.logoImg} onChange={set('logoImg')} error={errors.logoImg} />
              ) : values.logoImg ? (
                <img className="wo-company-logo" src={values.logoImg} alt={t('company.logoImg')} />
              ) : (
                <span className={Classes.TEXT_MUTED}>—</span>
              )}
            </FormGroup>
            {editable && (
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="floppy-disk"
                loading={isLoading}
                text={t('common.save')}
              />
            )}
          </form>
        )}
      </Card>
      <Card elevation={0}>
        <CodeRuleEditor />
      </Card>
    </div>
  );
}
