// A menu entry not open for the company (spec §6 "open or not open with an apply-to-open note"): its page is not
// rendered; this note says so, names the entry and tells the user how to apply for it.
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage.tsx';

export type NotOpenedPageProps = {
  /** the menu entry's name, in the current language */
  name: string;
};

export function NotOpenedPage({ name }: NotOpenedPageProps) {
  const { t } = useTranslation();
  return <ErrorPage code="401" title={t('notOpened.title', { name })} text={t('notOpened.note')} />;
}
