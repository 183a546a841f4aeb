// The home page's widgets: the user's layout (from the server, completed; the default while it loads or when it
// cannot be read) filtered to the widgets they may see and chose to show, in its order, in a responsive grid; and the
// customise button that opens the layout dialog.
import { Button, Classes } from '@blueprintjs/core';
import { DEFAULT_HOME_LAYOUT } from '@waterops/shared/dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardLayoutDialog } from './DashboardLayoutDialog.tsx';
import { useHomeLayoutQuery } from './dashboardApi.ts';
import { PageLinkProvider } from './FigureLink.tsx';
import './dashboard.css';
import { widgetsOf } from './layoutDraft.ts';
import { usePageLinker, useWidgetAccess } from './widgetAccess.ts';
import { WIDGETS } from './widgetRegistry.ts';

export function DashboardGrid() {
  const { t } = useTranslation();
  const { allowed, sourcePath } = useWidgetAccess();
  const pageLink = usePageLinker();
  const saved = useHomeLayoutQuery();
  const [customising, setCustomising] = useState(false);
  // while the layout loads, nothing: widgets would otherwise jump from the default order to the user's
  if (saved.isLoading) return null;
  const layout = saved.data ?? DEFAULT_HOME_LAYOUT;
  const shown = widgetsOf(layout, allowed, true);
  return (
    <section className="wo-dash" aria-labelledby="wo-dash-heading">
      <div className="wo-section-head">
        <h2 id="wo-dash-heading">{t('dashboard.title')}</h2>
        {allowed.size > 0 && (
          <Button
            className="wo-dash-customise"
            variant="minimal"
            size="small"
            icon="control"
            text={t('dashboard.customise.open')}
            onClick={() => setCustomising(true)}
          />
        )}
      </div>
      {shown.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('dashboard.noWidgets')}</p>
      ) : (
        // each figure links to the page it comes from (FigureLink)
        <PageLinkProvider value={pageLink}>
          <div className="wo-dash-grid">
            {shown.map(({ id }) => {
              const { Component, fullWidth } = WIDGETS[id];
              return (
                <div key={id} className={`wo-dash-cell${fullWidth ? ' wo-dash-cell-full' : ''}`}>
                  <Component sourcePath={sourcePath[id] ?? null} />
                </div>
              );
            })}
          </div>
        </PageLinkProvider>
      )}
      {customising && <DashboardLayoutDialog layout={layout} allowed={allowed} onClose={() => setCustomising(false)} />}
    </section>
  );
}
