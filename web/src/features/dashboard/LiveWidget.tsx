// A widget fed by the live topic `dashboard`: its card around the figures, the body drawn by `children` once the
// first figures arrived.
import type { WidgetFigures, WidgetId } from '@waterops/shared/dashboard';
import type { ReactNode } from 'react';
import { useWidgetFigures } from './useWidgetFigures.ts';
import { WidgetCard } from './WidgetCard.tsx';

export type WidgetProps = {
  /** the source page's route, null when the user cannot open it */
  sourcePath: string | null;
};

export type LiveWidgetProps<W extends WidgetId> = WidgetProps & {
  /** which widget's figures */
  widget: W;
  /** extra class of the card */
  className?: string;
  /** the body for the figures */
  children: (figures: WidgetFigures[W]) => ReactNode;
};

export function LiveWidget<W extends WidgetId>({ widget, sourcePath, className, children }: LiveWidgetProps<W>) {
  const { item, status, error } = useWidgetFigures(widget);
  return (
    <WidgetCard
      widget={widget}
      sourcePath={sourcePath}
      state={{ status, error }}
      asOf={item?.asOf ?? null}
      ready={item !== null}
      className={className}
    >
      {item && children(item.figures)}
    </WidgetCard>
  );
}
