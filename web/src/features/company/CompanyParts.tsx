// The company pages' own pieces: the kind tag, the enabled switch of a row (not for the own company) and the logo
// image input (one image through the upload service).
import { Intent, Switch, Tag } from '@blueprintjs/core';
import type { CompanyDetail, CompanyKind } from '@waterops/shared/company';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { usePermission } from '../../components/Permission.tsx';
import type { FieldInputProps } from '../../resources/types.ts';
import { useUploadImageMutation } from '../user/userApi.ts';
import { useCompanyEnabledMutation } from './companyApi.ts';

export type CompanyKindTagProps = {
  /** water company or meter maker */
  kind: CompanyKind;
};

/** The kind as a tag: water companies blue, meter makers green. */
export function CompanyKindTag({ kind }: CompanyKindTagProps) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={kind === 'meter' ? Intent.SUCCESS : Intent.PRIMARY}>
      {t(`company.kinds.${kind}`)}
    </Tag>
  );
}

export type CompanyEnabledSwitchProps = {
  /** the company shown in the row */
  row: CompanyDetail;
};

/**
 * Enabled / disabled; a switch for those holding sys:company:edit, except on the own company (nobody disables
 * their own). Disabling ends the sessions of the company's users.
 */
export function CompanyEnabledSwitch({ row }: CompanyEnabledSwitchProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const [setEnabled, { isLoading }] = useCompanyEnabledMutation();
  const label = t(row.enabled ? 'company.enabled' : 'company.disabled');
  if (row.own || !can(['sys:company:edit'])) return <span>{label}</span>;
  const handleChange = async () => {
    try {
      await setEnabled({ id: row.id, enabled: !row.enabled }).unwrap();
      showMessage(t('resource.saved'), 'success');
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
  };
  return (
    <Switch
      className="wo-inline-switch"
      checked={row.enabled}
      disabled={isLoading}
      label={label}
      role="switch"
      aria-checked={row.enabled}
      aria-label={t('company.enabledOf', { name: row.name })}
      onChange={() => void handleChange()}
    />
  );
}

/** The logo image of a form: one uploaded image (under 2 MB); the value is its URL, empty for none. */
export function LogoImageInput({ value, onChange, error }: FieldInputProps) {
  const { t } = useTranslation();
  const [uploadImage] = useUploadImageMutation();
  return (
    <>
      <ImageUploader
        label={t('company.logoImg')}
        value={value ? [value] : []}
        onChange={(urls) => onChange(urls[0] ?? '')}
        onUpload={async (file) => (await uploadImage(file).unwrap()).url}
      />
      {error && <div className="wo-field-error">{error}</div>}
    </>
  );
}
