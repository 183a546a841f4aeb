// The advert strip (spec §2) on the home page: the `adverts` widget's items in a carousel, a notice opened in place
// when clicked; nothing at all when there are none (or none yet), so an empty strip never takes room.
import { Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeShownDialog, type ShownNotice } from '../notice/NoticeShownDialog.tsx';
import { AdvertCarousel } from './AdvertCarousel.tsx';
import type { WidgetProps } from './LiveWidget.tsx';
import { useWidgetFigures } from './useWidgetFigures.ts';

export function AdvertsWidget(_props: WidgetProps) {
  const { t } = useTranslation();
  const { item, status } = useWidgetFigures('adverts');
  const [shown, setShown] = useState<ShownNotice | null>(null);
  const items = item?.figures.items ?? [];
  if (items.length === 0) return null;
  const stale = status === 'degraded' || status === 'offline';
  return (
    <div className={`wo-dash-adverts${stale ? ' wo-dash-stale' : ''}`}>
      <Icon icon="volume-up" className="wo-dash-adverts-icon" />
      <AdvertCarousel
        items={items}
        label={t('dashboard.widget.adverts')}
        onOpen={(advert) =>
          setShown({ title: advert.title, content: advert.content ?? '', createTime: advert.createTime ?? '' })
        }
      />
      <NoticeShownDialog notice={shown} onClose={() => setShown(null)} />
    </div>
  );
}
