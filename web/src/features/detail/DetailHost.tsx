// The one detail drawer of the shell: it shows the record `?detail=<kind>:<id>` names, over any page. Closing it
// removes the parameter; a link inside replaces the record shown (back returns to the previous one).
import { Button, Drawer, NonIdealState, Position, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../shell/ErrorBoundary.tsx';
import { type DetailRef, detailOf, useOpenDetail } from './detailLink.ts';
import { detailRegistry } from './detailRegistry.tsx';

export function DetailHost() {
  const { t } = useTranslation();
  const location = useLocation();
  const open = useOpenDetail();
  const ref = detailOf(location.search);
  const entry = ref ? detailRegistry[ref.kind] : undefined;
  return (
    <Drawer
      isOpen={ref !== null}
      onClose={() => open(null)}
      position={Position.RIGHT}
      size="min(560px, 100vw)"
      title={entry ? t(entry.titleKey) : t('detail.title')}
      icon="info-sign"
      className="wo-detail-drawer"
    >
      <div className="wo-detail-body">
        {ref && entry ? (
          <ErrorBoundary>
            <Suspense fallback={<Spinner size={28} />}>
              <entry.Body key={`${ref.kind}:${ref.id}`} id={ref.id} />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <NonIdealState icon="search" title={t('detail.notFound')} />
        )}
      </div>
    </Drawer>
  );
}

export type DetailLinkProps = {
  /** the record to open */
  to: DetailRef;
  /** the text shown (a code, a name) */
  text: string;
};

/** A link to another record's detail: opens it in the same drawer. */
export function DetailLink({ to, text }: DetailLinkProps) {
  const open = useOpenDetail();
  return <Button variant="minimal" size="small" intent="primary" text={text} onClick={() => open(to)} />;
}
