// Per-table column preferences (spec §2): which columns are shown, stored locally per table id and column label.
// Columns may be hidden by default; a stored choice wins over the default.
import { useCallback, useState } from 'react';

export type ColumnSpec = {
  /** the column's label: its identity in the stored preferences */
  label: string;
  /** hidden until the user shows it */
  hiddenByDefault?: boolean;
};

/** label → shown */
export type ColumnPreferences = Record<string, boolean>;

export const columnStorageKey = (tableId: string) => `columns:${tableId}`;

export const loadColumnPreferences = (tableId: string): ColumnPreferences => {
  try {
    const raw = localStorage.getItem(columnStorageKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as ColumnPreferences;
  } catch {
    return {};
  }
};

export const saveColumnPreferences = (tableId: string, prefs: ColumnPreferences): void =>
  localStorage.setItem(columnStorageKey(tableId), JSON.stringify(prefs));

export const isColumnShown = (prefs: ColumnPreferences, column: ColumnSpec): boolean =>
  prefs[column.label] ?? !column.hiddenByDefault;

/** The preferences of one table with setters that persist. */
export const useColumnPreferences = (tableId: string, columns: readonly ColumnSpec[]) => {
  const [prefs, setPrefs] = useState<ColumnPreferences>(() => loadColumnPreferences(tableId));
  const setShown = useCallback(
    (label: string, shown: boolean) =>
      setPrefs((p) => {
        const next = { ...p, [label]: shown };
        saveColumnPreferences(tableId, next);
        return next;
      }),
    [tableId],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(columnStorageKey(tableId));
    setPrefs({});
  }, [tableId]);
  const shown = (label: string) => {
    const column = columns.find((c) => c.label === label);
    return column ? isColumnShown(prefs, column) : true;
  };
  return { prefs, shown, setShown, reset };
};
