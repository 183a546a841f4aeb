// A table cell showing a client text by its key (a meter kind, yes / no) in the UI language: descriptors are data
// built outside components, so the translation happens when the cell renders.
import { useTranslation } from 'react-i18next';

export type KeyTextProps = {
  /** the i18n key */
  textKey: string;
};

export function KeyText({ textKey }: KeyTextProps) {
  const { t } = useTranslation();
  return <>{t(textKey)}</>;
}
