// The list toolbar's Export button: downloads the list as .xlsx with the page's current filters and sort; the
// request layer shows the export-failed message (spec §8) when the server refuses or cannot be reached.
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from './downloadFile.ts';

export type ExportButtonProps = {
  /** the export path (GET) */
  path: string;
  /** the list's query (filters, sort) without page and limit; empty values are dropped, 0 and false kept */
  params: Record<string, unknown>;
  /** the file name when the server gives none */
  fallbackName: string;
};

export function ExportButton({ path, params, fallbackName }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await downloadFile({ url: path, params }, `${fallbackName}.xlsx`);
    } catch {
      // the request layer has shown the message
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="export" text={t('resourceSheet.export')} loading={busy} onClick={() => void handleClick()} />;
}
