// The logo with the company's name beside it (`logoName`, else the company name, else the product name).

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../components/Logo.tsx';
import { useCompanyQuery, useCurrentUserQuery } from '../features/auth/authApi.ts';

export type CompanyBrandProps = {
  /** the mark only */
  compact?: boolean;
};

export function useCompany() {
  const user = useCurrentUserQuery();
  const companyId = user.data?.companyId;
  return useCompanyQuery(companyId ?? 0, { skip: companyId === undefined }).data;
}

export function CompanyBrand({ compact = false }: CompanyBrandProps) {
  const { t } = useTranslation();
  const user = useCurrentUserQuery();
  const company = useCompany();
  const name = company?.logoName || company?.name || user.data?.companyName || t('app.shortTitle');
  return (
    <Link to="/" className="wo-brand" title={name} aria-label={compact ? name : undefined}>
      <Logo size={30} src={company?.logoImg} />
      {!compact && <span className="wo-brand-name">{name}</span>}
    </Link>
  );
}
