// The pieces every detail drawer body is made of: labelled values in a definition list, '—' for an empty one.
import type { ReactNode } from 'react';

/** A value as the drawers show it: '—' when empty. */
export const show = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' ? '—' : String(v);

export type DetailFieldProps = {
  /** the field's name */
  label: string;
  children: ReactNode;
};

/** One labelled value of a drawer (inside a `<dl className="wo-detail-fields">`). */
export function DetailField({ label, children }: DetailFieldProps) {
  return (
    <div className="wo-detail-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
