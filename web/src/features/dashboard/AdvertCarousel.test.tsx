// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings } from '../../app/settings.ts';
import { AdvertCarousel, type AdvertItem } from './AdvertCarousel.tsx';

const ADVERTS: AdvertItem[] = [
  { title: '12月10日东区管网检修停水通知', url: '/notice' },
  { title: '阶梯水价调整说明', url: 'https://example.com/price' },
  { title: '冬季水表防冻提示', url: 'javascript:alert(1)' },
];

const ui = {
  strip: () => screen.getByRole('region', { name: '公告' }),
  // the items out of view are hidden from assistive technology: only the one in view is found
  inView: () => screen.getByRole('listitem').textContent,
};

const show = (items: readonly AdvertItem[], onOpen?: (item: AdvertItem) => void) =>
  render(
    <MemoryRouter>
      <AdvertCarousel items={items} label="公告" onOpen={onOpen} />
    </MemoryRouter>,
  );

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  // the carousel's clock only: Testing Library's own waits (setTimeout) stay real, so userEvent is not left hanging
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the advert carousel', () => {
  it('moves on to the next advert every 3 s (spec §9), back to the first after the last', () => {
    expect(settings.advertIntervalMs).toBe(3000);
    show(ADVERTS);
    expect(ui.inView()).toBe('12月10日东区管网检修停水通知');
    wait(2999);
    expect(ui.inView()).toBe('12月10日东区管网检修停水通知');
    wait(1);
    expect(ui.inView()).toBe('阶梯水价调整说明');
    wait(3000);
    expect(ui.inView()).toBe('冬季水表防冻提示');
    wait(3000);
    expect(ui.inView()).toBe('12月10日东区管网检修停水通知');
  });

  it('holds while the pointer is on it', async () => {
    const user = userEvent.setup();
    show(ADVERTS);
    await user.hover(ui.strip());
    // (not a multiple of the round: a carousel that ran on would show another advert)
    wait(7000);
    expect(ui.inView()).toBe('12月10日东区管网检修停水通知');
    await user.unhover(ui.strip());
    wait(3000);
    expect(ui.inView()).toBe('阶梯水价调整说明');
  });

  it('links an app page in place and a web address in a new window, and never a script', () => {
    show(ADVERTS);
    expect(screen.getByRole('link', { name: '12月10日东区管网检修停水通知' }).getAttribute('href')).toBe('/notice');
    wait(3000);
    const web = screen.getByRole('link', { name: '阶梯水价调整说明' });
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toContain('noopener');
    wait(3000);
    expect(ui.inView()).toBe('冬季水表防冻提示');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing without adverts, and one advert stays put', () => {
    const { container, unmount } = show([]);
    expect(container.textContent).toBe('');
    unmount();
    show(ADVERTS.slice(0, 1));
    wait(9000);
    expect(ui.inView()).toBe('12月10日东区管网检修停水通知');
  });

  it('opens a notice in place: its title is a button handing the notice over', async () => {
    const notice = { title: '停水通知', url: '', content: '今晚 22:00 起检修', createTime: '2026-12-07T02:00:00Z' };
    const opened: AdvertItem[] = [];
    show([notice], (item) => opened.push(item));
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '停水通知' }));
    expect(opened).toEqual([notice]);
  });
});
