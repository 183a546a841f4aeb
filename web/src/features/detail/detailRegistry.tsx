// The drawer body of each detail kind, loaded when first opened. Each body receives the id and renders the record
// with its links (DetailLink) to the records it points at; a kind without a body yet shows "not found".
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { DetailKind } from './detailLink.ts';

export type DetailBodyProps = {
  /** the record's id */
  id: number;
};

export type DetailEntry = {
  /** the drawer's title (i18n key), e.g. 'meter.detailTitle' */
  titleKey: string;
  Body: LazyExoticComponent<ComponentType<DetailBodyProps>>;
};

// Add an entry per kind, e.g.
//   meter: { titleKey: 'meter.detailTitle', Body: lazy(() => import('../device/MeterDetail.tsx').then((m) => ({ default: m.MeterDetail }))) },
export const detailRegistry: Partial<Record<DetailKind, DetailEntry>> = {
  resident: {
    titleKey: 'resident.detailTitle',
    Body: lazy(() => import('../customer/ResidentDetail.tsx').then((m) => ({ default: m.ResidentDetail }))),
  },
  concentrator: {
    titleKey: 'concentrator.detailTitle',
    Body: lazy(() => import('../device/ConcentratorDetail.tsx').then((m) => ({ default: m.ConcentratorDetail }))),
  },
  collector: {
    titleKey: 'collector.detailTitle',
    Body: lazy(() => import('../device/CollectorDetail.tsx').then((m) => ({ default: m.CollectorDetail }))),
  },
  area: {
    titleKey: 'place.detailTitle',
    Body: lazy(() => import('../place/AreaDetail.tsx').then((m) => ({ default: m.AreaDetail }))),
  },
  meter: {
    titleKey: 'meter.detailTitle',
    Body: lazy(() => import('../device/MeterDetail.tsx').then((m) => ({ default: m.MeterDetail }))),
  },
  complaint: {
    titleKey: 'complaintPage.detail.title',
    Body: lazy(() => import('../complaint/ComplaintDetail.tsx').then((m) => ({ default: m.ComplaintDetail }))),
  },
};
