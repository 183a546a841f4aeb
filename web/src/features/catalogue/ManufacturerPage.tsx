// Manufacturers (厂家管理) as a descriptor: name, code, contact, phone, address; filters by name and code; create /
// edit with the shared rules (name required and unique, code unique, phone a mobile or landline); delete (POST
// {id}; the server refuses one still in use); export; a row action lists the areas where its meters are installed.

import { Callout, Classes, Dialog, DialogBody, Spinner, Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import {
  CATALOGUE_PATHS,
  type Manufacturer,
  type ManufacturerArea,
  ManufacturerSave,
  validateManufacturer,
} from '@waterops/shared/catalogue';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { MANUFACTURER_RESOURCE } from './catalogueApi.ts';

export type ManufacturerFilters = { name: string; code: string };

const VIEW = ['data:manufacturer:view'];
const EDIT = ['data:manufacturer:edit'];

const rule =
  (field: 'name' | 'phone'): FieldRule =>
  (_value, values) =>
    validateManufacturer(values).find((v) => v.field === field)?.message ?? null;

const exist = (field: 'name' | 'code') => (value: string, editing: Manufacturer | undefined) => ({
  url: CATALOGUE_PATHS.manufacturerExist,
  params: { field, value, ...(editing ? { id: editing.id } : {}) },
});

type AreasDialogProps = {
  /** the manufacturer whose meters' areas are shown */
  row: Manufacturer;
  onClose: () => void;
};

/** The areas where the manufacturer's meters are installed (spec §7 findArea), inside the user's data scope. */
function ManufacturerAreasDialog({ row, onClose }: AreasDialogProps) {
  const { t } = useTranslation();
  const [areas, setAreas] = useState<ManufacturerArea[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    request<{ datas: ManufacturerArea[] }>({ url: CATALOGUE_PATHS.manufacturerAreas, params: { id: row.id } })
      .then((r) => setAreas(r.datas))
      .catch(() => setFailed(true));
  }, [row.id]);
  return (
    <Dialog isOpen onClose={onClose} title={t('manufacturer.areasTitle', { name: row.name })} style={{ width: 480 }}>
      <DialogBody>
        {failed ? (
          <Callout intent="danger">{t('manufacturer.areasFailed')}</Callout>
        ) : areas === null ? (
          <Spinner size={24} />
        ) : areas.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('manufacturer.noAreas')}</p>
        ) : (
          <div className="catalogue-area-tags">
            {areas.map((a) => (
              <Tag key={a.id} minimal large icon="map-marker">
                {a.areaName}
              </Tag>
            ))}
          </div>
        )}
      </DialogBody>
    </Dialog>
  );
}

export const manufacturerResource: ResourceDescriptor<Manufacturer, ManufacturerFilters> = {
  id: MANUFACTURER_RESOURCE,
  titleKey: 'manufacturer.title',
  icon: 'office',
  list: { path: CATALOGUE_PATHS.manufacturers },
  rowKey: (row) => row.id,
  initialFilters: { name: '', code: '' },
  filters: [
    { kind: 'text', key: 'name', labelKey: 'manufacturer.name', placeholderKey: 'manufacturer.namePlaceholder' },
    { kind: 'text', key: 'code', labelKey: 'manufacturer.code', placeholderKey: 'manufacturer.codePlaceholder' },
  ],
  columns: [
    { key: 'name', titleKey: 'manufacturer.name', width: 180, sortable: true },
    { key: 'code', titleKey: 'manufacturer.code', width: 110, sortable: true, text: (r) => r.code ?? '' },
    { key: 'contact', titleKey: 'manufacturer.contact', width: 110, text: (r) => r.contact ?? '' },
    { key: 'phone', titleKey: 'manufacturer.phone', width: 140, text: (r) => r.phone ?? '' },
    { key: 'address', titleKey: 'manufacturer.address', width: 180, grow: true, text: (r) => r.address ?? '' },
    { key: 'remark', titleKey: 'catalogue.remark', width: 160, hiddenByDefault: true, text: (r) => r.remark ?? '' },
    {
      key: 'createTime',
      titleKey: 'catalogue.createTime',
      width: 170,
      sortable: true,
      text: (r) => formatDateTime(new Date(r.createTime)),
    },
  ],
  emptyIcon: 'office',
  form: {
    itemKey: 'resourceItem.manufacturer',
    schema: ManufacturerSave,
    fields: [
      { key: 'name', labelKey: 'manufacturer.name', rules: [rule('name')], exist: exist('name') },
      { key: 'code', labelKey: 'manufacturer.code', exist: exist('code') },
      { key: 'contact', labelKey: 'manufacturer.contact' },
      { key: 'phone', labelKey: 'manufacturer.phone', rules: [rule('phone')] },
      { key: 'address', labelKey: 'manufacturer.address' },
      { key: 'remark', labelKey: 'catalogue.remark' },
    ],
    save: (values, editing) => ({
      url: editing ? CATALOGUE_PATHS.manufacturerUpdate : CATALOGUE_PATHS.manufacturerSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        name: values.name,
        code: values.code || null,
        contact: values.contact || null,
        phone: values.phone || null,
        address: values.address || null,
        remark: values.remark || null,
      },
      // emptied fields are sent as null so the server clears them
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: CATALOGUE_PATHS.manufacturerDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
  actions: [
    {
      id: 'areas',
      labelKey: 'manufacturer.areas',
      icon: 'map-marker',
      permissions: VIEW,
      dialog: ({ row, onClose }) => <ManufacturerAreasDialog row={row} onClose={onClose} />,
    },
  ],
  exportPath: sheetPaths(CATALOGUE_PATHS.manufacturers).export,
  exportPermissions: VIEW,
};

export function ManufacturerPage() {
  return <ResourceListPage descriptor={manufacturerResource} />;
}
