// The remote search selector of spec §2/§5/§9: searches the server only from 3 typed characters (a hint asks for
// more below that), debounced (300 ms unless told), 50 a page with the next page loaded when the list is scrolled
// near its bottom; single (Suggest) or multiple (MultiSelect). The concrete selectors (collector, meter, area…)
// are thin wrappers that pass their `search`.
import { Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { type ItemListRendererProps, type ItemRendererProps, MultiSelect, Suggest } from '@blueprintjs/select';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_SEARCH_CHARS = 3;
export const DEFAULT_DEBOUNCE_MS = 300;
/** How close to the bottom (px) the list must be scrolled to load the next page. */
const NEAR_BOTTOM_PX = 40;

export type SearchPage<T> = { items: T[]; count: number };
export type RemoteSearch<T> = (query: string, page: number) => Promise<SearchPage<T>>;

/** The search state: the typed query, the items of the pages loaded so far, and loading the next page. */
export const useRemoteSearch = <T,>(
  search: RemoteSearch<T>,
  debounceMs = DEFAULT_DEBOUNCE_MS,
  minChars = MIN_SEARCH_CHARS,
) => {
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);

  const load = useCallback(
    async (q: string, p: number) => {
      const mine = generation.current;
      setLoading(true);
      try {
        const result = await search(q, p);
        if (mine !== generation.current) return; // a newer query owns the list
        setItems((old) => (p === 1 ? result.items : [...old, ...result.items]));
        setCount(result.count);
        setPage(p);
      } catch {
        // the request layer has shown the message; keep what is listed
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [search],
  );

  useEffect(() => {
    generation.current += 1;
    setItems([]);
    setCount(0);
    setPage(0);
    setLoading(false);
    const q = query.trim();
    if (q.length < minChars) return;
    const timer = setTimeout(() => void load(q, 1), debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs, minChars, load]);

  const loadMore = () => {
    if (loading || page === 0 || items.length >= count) return;
    void load(query.trim(), page + 1);
  };
  const tooShort = query.trim().length < minChars;
  return { query, setQuery, items, count, loading, tooShort, loadMore };
};

/** The multi-select choice with an exclusive empty entry: choosing it clears the others, and the others clear it. */
export const toggleExclusive = <T,>(
  selected: readonly T[],
  item: T,
  same: (a: T, b: T) => boolean,
  isEmpty: (item: T) => boolean,
): T[] => {
  if (selected.some((s) => same(s, item))) return selected.filter((s) => !same(s, item));
  if (isEmpty(item)) return [item];
  return [...selected.filter((s) => !isEmpty(s)), item];
};

type CommonProps<T> = {
  /** one page of matches for the query (pages from 1) */
  search: RemoteSearch<T>;
  /** a stable key of an item */
  itemKey: (item: T) => string | number;
  /** what an item shows */
  itemLabel: (item: T) => string;
  /** the input's accessible name */
  label: string;
  /** ms between the last key and the search (300–500, spec §9) */
  debounceMs?: number;
  placeholder?: string;
  /** entries always offered first (the area selector's empty entry); not searched */
  fixedItems?: T[];
};

export type RemoteSelectProps<T> = CommonProps<T> &
  (
    | { multiple?: false; value: T | null; onChange: (value: T | null) => void }
    | {
        multiple: true;
        value: T[];
        onChange: (value: T[]) => void;
        /** an entry that excludes all others (and they it) */
        isExclusive?: (item: T) => boolean;
      }
  );

export function RemoteSelect<T>(props: RemoteSelectProps<T>) {
  const { t } = useTranslation();
  const { search, itemKey, itemLabel, label, debounceMs, placeholder, fixedItems = [] } = props;
  const state = useRemoteSearch(search, debounceMs);
  const same = (a: T, b: T) => itemKey(a) === itemKey(b);
  const offered = [...fixedItems, ...state.items.filter((i) => !fixedItems.some((f) => same(f, i)))];

  const handleScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) state.loadMore();
  };

  const hint = state.tooShort
    ? t('remoteSelect.typeMore', { min: MIN_SEARCH_CHARS })
    : state.loading && state.items.length === 0
      ? t('remoteSelect.searching')
      : t('remoteSelect.noResults');

  const renderList = ({ items, renderItem }: ItemListRendererProps<T>) => {
    const rendered = items.map((item, index) => renderItem(item, index)).filter(Boolean);
    return (
      <Menu className="wo-remote-select-menu" role="listbox" aria-label={label} onScroll={handleScroll}>
        {rendered.length > 0 ? rendered : null}
        {(rendered.length === 0 || state.tooShort) && <MenuItem disabled text={hint} roleStructure="listoption" />}
        {state.loading && state.items.length > 0 && (
          <MenuItem
            disabled
            icon={<Spinner size={14} />}
            text={t('remoteSelect.loadingMore')}
            roleStructure="listoption"
          />
        )}
      </Menu>
    );
  };

  const isSelected = (item: T) =>
    props.multiple ? props.value.some((v) => same(v, item)) : props.value !== null && same(props.value, item);

  const renderItem = (item: T, { handleClick, handleFocus, modifiers }: ItemRendererProps) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={itemKey(item)}
        text={itemLabel(item)}
        roleStructure="listoption"
        active={modifiers.active}
        selected={isSelected(item)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

  const common = {
    items: offered,
    query: state.query,
    onQueryChange: state.setQuery,
    itemListRenderer: renderList,
    itemRenderer: renderItem,
    itemsEqual: same,
    resetOnSelect: props.multiple === true,
    popoverProps: { minimal: true, matchTargetWidth: true },
  };

  if (props.multiple) {
    const { value, onChange, isExclusive = () => false } = props;
    return (
      <MultiSelect<T>
        {...common}
        selectedItems={value}
        onItemSelect={(item) => onChange(toggleExclusive(value, item, same, isExclusive))}
        onRemove={(item) => onChange(value.filter((v) => !same(v, item)))}
        tagRenderer={itemLabel}
        placeholder={placeholder ?? t('remoteSelect.placeholder')}
        tagInputProps={{ inputProps: { 'aria-label': label } }}
        fill
      />
    );
  }
  const { value, onChange } = props;
  return (
    <Suggest<T>
      {...common}
      selectedItem={value}
      onItemSelect={(item) => onChange(item)}
      inputValueRenderer={itemLabel}
      closeOnSelect
      inputProps={{ 'aria-label': label, placeholder: placeholder ?? t('remoteSelect.placeholder') }}
      fill
    />
  );
}
