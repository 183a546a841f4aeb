// The advert strip's carousel (spec §2: a vertical carousel of title + url items changing every 3 s, §9 3000 ms):
// one item in view, the next sliding up every `intervalMs`, held while the pointer or the focus is on it. The items
// out of view are hidden from assistive technology and the tab order. An item with text of its own (a notice) opens
// it in place; a url opens a page of the app ('/…') or, when it is an http(s) address, a new window; anything else
// is shown as text only (never a javascript: link).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { settings } from '../../app/settings.ts';

export type AdvertItem = { title: string; url: string; content?: string; createTime?: string };

export type AdvertCarouselProps = {
  /** the adverts, in order */
  items: readonly AdvertItem[];
  /** how long each stays in view, ms */
  intervalMs?: number;
  /** the strip's accessible name */
  label: string;
  /** an item with text of its own was clicked */
  onOpen?: (item: AdvertItem) => void;
};

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);
const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

function AdvertLink({
  item,
  inView,
  onOpen,
}: {
  item: AdvertItem;
  inView: boolean;
  onOpen?: (item: AdvertItem) => void;
}) {
  const tabIndex = inView ? undefined : -1;
  if (item.content !== undefined && onOpen)
    return (
      <button type="button" className="wo-advert-open" tabIndex={tabIndex} onClick={() => onOpen(item)}>
        {item.title}
      </button>
    );
  if (isAppPath(item.url))
    return (
      <Link to={item.url} tabIndex={tabIndex}>
        {item.title}
      </Link>
    );
  if (isWebAddress(item.url))
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
        {item.title}
      </a>
    );
  return <span>{item.title}</span>;
}

export function AdvertCarousel({ items, intervalMs = settings.advertIntervalMs, label, onOpen }: AdvertCarouselProps) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (held || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [held, count, intervalMs]);
  if (count === 0) return null;
  // the list may have shrunk since the index moved on
  const current = index % count;
  return (
    <section
      className="wo-advert"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <ul className="wo-advert-track" style={{ transform: `translateY(calc(-${current} * var(--wo-advert-height)))` }}>
        {items.map((item, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: adverts have no id; two may share a title and url
            key={i}
            className="wo-advert-item"
            aria-hidden={i !== current}
          >
            <AdvertLink item={item} inView={i === current} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}
