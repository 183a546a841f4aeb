// The customise dialog's edits of a home layout, pure: show / hide a widget, move it past its neighbour, and the
// widgets a user sees in order. Moves skip widgets the user may not see (they keep their places in the saved layout,
// so a permission granted later brings them back where they were).
import type { HomeLayout, WidgetId } from '@waterops/shared/dashboard';

export const toggleWidget = (layout: HomeLayout, id: WidgetId): HomeLayout => ({
  widgets: layout.widgets.map((w) => (w.id === id ? { ...w, hidden: !w.hidden } : w)),
});

/** Swaps `id` with the nearest widget in `allowed` before it (-1) or after it (1); unchanged at an end. */
export const moveWidget = (
  layout: HomeLayout,
  id: WidgetId,
  step: -1 | 1,
  allowed: ReadonlySet<WidgetId>,
): HomeLayout => {
  const widgets = [...layout.widgets];
  const from = widgets.findIndex((w) => w.id === id);
  if (from < 0) return layout;
  let to = from + step;
  while (to >= 0 && to < widgets.length && !allowed.has((widgets[to] as HomeLayout['widgets'][number]).id)) to += step;
  if (to < 0 || to >= widgets.length) return layout;
  [widgets[from], widgets[to]] = [
    widgets[to] as HomeLayout['widgets'][number],
    widgets[from] as HomeLayout['widgets'][number],
  ];
  return { widgets };
};

/** The widgets of `layout` the user may see, in its order: all of them (the dialog) or only the shown ones. */
export const widgetsOf = (
  layout: HomeLayout,
  allowed: ReadonlySet<WidgetId>,
  shownOnly: boolean,
): HomeLayout['widgets'] => layout.widgets.filter((w) => allowed.has(w.id) && (!shownOnly || !w.hidden));
