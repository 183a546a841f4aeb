// The tags bar: a tab per visited route, closable unless pinned, with close others / left / right / all.
import { Button, Icon, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../app/hooks.ts';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import {
  allTagsClosed,
  leftTagsClosed,
  otherTagsClosed,
  pathAfterClosing,
  rightTagsClosed,
  type Tag,
  tagClosed,
} from './tagsSlice.ts';

export type TagsBarProps = {
  /** the active route */
  match: AppRoute;
};

export function TagsBar({ match }: TagsBarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const tags = useAppSelector((s) => s.tags.visited);
  const activeRef = useRef<HTMLAnchorElement>(null);

  // a new page's tab is added by the layout's effect, which runs after this one: scroll once the tab is there too
  const activeShown = tags.some((tag) => tag.path === match.path);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the active tab changes or appears
  useEffect(() => {
    if (activeShown) activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [match.path, activeShown]);

  /** Applies a closing action, then leaves the page if its tab went away. */
  const closeWith = (action: UnknownAction) => {
    dispatch(action);
    const next = pathAfterClosing(store.getState().tags.visited, match.path);
    if (next !== null) navigate(next);
  };

  const title = (tag: Tag) => (tag.path === match.path ? match.title : tag.title);

  return (
    <div className="wo-tags-bar">
      <nav className="wo-tags-scroll" aria-label={t('tags.bar')}>
        {tags.map((tag) => {
          const active = tag.path === match.path;
          return (
            <span key={tag.path} className={`wo-tag${active ? ' active' : ''}`}>
              <Link
                ref={active ? activeRef : undefined}
                to={tag.fullPath}
                className="wo-tag-link"
                aria-current={active ? 'page' : undefined}
              >
                {active && <span className="wo-tag-dot" />}
                {title(tag)}
                {tag.affix && <Icon icon="pin" size={11} className="wo-tag-pin" title={t('tags.pinned')} />}
              </Link>
              {!tag.affix && (
                <button
                  type="button"
                  className="wo-tag-close"
                  aria-label={t('tags.close', { title: title(tag) })}
                  onClick={() => closeWith(tagClosed(tag.path))}
                >
                  <Icon icon="small-cross" size={14} />
                </button>
              )}
            </span>
          );
        })}
      </nav>
      <PopoverNext
        placement="bottom-end"
        animation="minimal"
        arrow={false}
        content={
          <Menu>
            <MenuItem
              icon="cross-circle"
              text={t('tags.closeOthers')}
              onClick={() => closeWith(otherTagsClosed(match.path))}
            />
            <MenuItem
              icon="arrow-left"
              text={t('tags.closeLeft')}
              onClick={() => closeWith(leftTagsClosed(match.path))}
            />
            <MenuItem
              icon="arrow-right"
              text={t('tags.closeRight')}
              onClick={() => closeWith(rightTagsClosed(match.path))}
            />
            <MenuItem icon="disable" text={t('tags.closeAll')} onClick={() => closeWith(allTagsClosed())} />
          </Menu>
        }
      >
        <Button
          variant="minimal"
          size="small"
          icon="more"
          endIcon="caret-down"
          text={t('tags.more')}
          className="wo-tags-more"
        />
      </PopoverNext>
    </div>
  );
}
