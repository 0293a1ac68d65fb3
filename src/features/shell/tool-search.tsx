/**
 * The tool search modal (01 §2 Header "tool search", 01 §4 "Tool search modal closes by clearing results and
 * query after 300 ms", 01 §9 search debounce 300 ms, 03 §2 "Search tools button opens a search modal. The modal
 * shows 'No Result Found' when empty", 03 §4 "Search results load page by page").
 *
 * Data: GET /api/prompt-multi-prompt/combined-data?search=…&page=… (03 §7), 10 tools a page, with 'Load More'.
 * Loaded lazily by the shell on the first open, so the first route does not carry the dialog's code.
 *
 * Choices where the spec is silent:
 *  - an empty query lists the catalogue's most liked tools (a useful start instead of an empty box);
 *    'No Result Found' shows when a search finds nothing — and when the listing fails, which the spec says is
 *    ignored silently (no error dialog);
 *  - while the 300 ms debounce runs the previous results stay (no flicker);
 *  - reopening within the 300 ms cleanup keeps the query (the user changed their mind);
 *  - ArrowDown from the input moves into the results, ArrowUp/ArrowDown move between them; Enter in the input
 *    opens the first result.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { css } from 'styled-system/css';
import type { components } from '@contract/schema.gen';
import { useServices } from '@/core/services';
import { KitBadge, NewBadge, ProBadge } from '@/ui/badge';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { SearchIcon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import { TOOL_NEW_BADGE_DAYS, TOOL_SEARCH_CLEANUP_MS, TOOL_SEARCH_DEBOUNCE_MS } from '@machines/constants';
import { formatCount } from './format-count';
import { TOOL_SEARCH_MESSAGES as M } from './messages';

export type Tool = components['schemas']['Tool'];

/** Where a result leads (03 §2 routes): a kit to /kit/{multipromptId}, a tool to /content/new. */
export function toolHref(tool: Pick<Tool, 'id' | 'category_id' | 'is_multiprompt'>): string {
  return tool.is_multiprompt === 1 ? `/kit/${tool.id}` : `/content/new?category=${tool.category_id}&prompt=${tool.id}`;
}

/** 03 §9 'New' badge: created within the last 30 days. */
export function isNewTool(createdAt: string, now: number): boolean {
  const t = Date.parse(createdAt);
  return Number.isFinite(t) && now - t >= 0 && now - t < TOOL_NEW_BADGE_DAYS * 86_400_000;
}

/** The value after it stopped changing for `ms` (01 §9 search debounce). */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

const inputRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  h: '11',
  px: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.control',
  bg: 'bg.canvas',
  color: 'fg.muted',
  _focusWithin: { borderColor: 'accent.default', boxShadow: 'focusRing' },
  '& > svg': { flexShrink: 0, width: '4.5', height: '4.5' },
});
const input = css({
  flex: '1',
  minW: '0',
  h: 'full',
  bg: 'transparent',
  color: 'fg.default',
  fontSize: 'md',
  outline: 'none',
  _placeholder: { color: 'fg.subtle' },
  '&::-webkit-search-cancel-button': { cursor: 'pointer' },
});
const listHeading = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', letterSpacing: '0.02em', mb: '1' });
const list = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '0.5' });
const resultLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  borderRadius: 'md',
  textDecoration: 'none',
  color: 'fg.default',
  outline: 'none',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { bg: 'accent.subtle', boxShadow: 'focusRing' },
});
const resultText = css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0', gap: '0.5' });
const resultTitle = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', fontWeight: 'semibold', flexWrap: 'wrap' });
const resultMeta = css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const views = css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', flexShrink: 0 });
const empty = css({ py: '8', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' });
const status = css({ srOnly: true });
const body = css({ minH: '40', maxH: { base: '60dvh', sm: '420px' }, overflowY: 'auto', mx: '-2', px: '2' });
const more = css({ display: 'flex', justifyContent: 'center', pt: '2' });

export interface ToolSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The modal. Keep it mounted once opened: the 300 ms cleanup runs after it closes. */
export function ToolSearchDialog({ open, onOpenChange }: ToolSearchDialogProps) {
  const { $api } = useServices();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const term = useDebounced(query.trim(), TOOL_SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [now] = useState(() => Date.now());

  // 01 §4: closing clears results and query after 300 ms (reopening before that keeps them).
  const [cleared, setCleared] = useState(true);
  useEffect(() => {
    if (open) {
      setCleared(false);
      return;
    }
    const id = setTimeout(() => {
      setQuery('');
      setCleared(true);
    }, TOOL_SEARCH_CLEANUP_MS);
    return () => clearTimeout(id);
  }, [open]);

  const results = $api.useInfiniteQuery(
    'get',
    '/api/prompt-multi-prompt/combined-data',
    { params: { query: term ? { search: term } : {} } },
    {
      enabled: open || !cleared,
      pageParamName: 'page',
      initialPageParam: 1,
      getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
      placeholderData: keepPreviousData,
      // Failed listings are ignored silently (01 §8): no retries, no error dialog.
      retry: false,
    },
  );

  const tools = cleared ? [] : (results.data?.pages.flatMap((p) => p.data) ?? []);
  const total = results.data?.pages[0]?.total ?? 0;
  const settled = !results.isPending && !results.isPlaceholderData && query.trim() === term;
  const showEmpty = !cleared && settled && (results.isError || tools.length === 0);

  function close() {
    onOpenChange(false);
  }

  function onInputKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      const first = listRef.current?.querySelector<HTMLAnchorElement>('a');
      if (first) {
        e.preventDefault();
        first.focus();
      }
    } else if (e.key === 'Enter' && tools[0]) {
      e.preventDefault();
      navigate(toolHref(tools[0]));
      close();
    }
  }

  function onListKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const i = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (i < 0) return;
    e.preventDefault();
    if (e.key === 'ArrowDown') links[Math.min(i + 1, links.length - 1)]?.focus();
    else if (i === 0) inputRef.current?.focus();
    else links[i - 1]?.focus();
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      initialFocusEl={() => inputRef.current}
    >
      <Dialog.Portal>
        <Dialog.Backdrop />
        {/* near the top like a command palette (utilities override the recipe: later cascade layer) */}
        <Dialog.Positioner className={css({ alignItems: { sm: 'flex-start' }, pt: { sm: '[12vh]' } })}>
          <Dialog.Content className={css({ gap: '3' })}>
            <Dialog.Header>
              <Dialog.Title>{M.title}</Dialog.Title>
            </Dialog.Header>
            <div className={inputRow}>
              <SearchIcon aria-hidden="true" />
              <input
                ref={inputRef}
                type="search"
                className={input}
                aria-label={M.inputLabel}
                placeholder={M.placeholder}
                value={query}
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="search"
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onInputKeyDown}
              />
              {results.isFetching && <Spinner size="xs" />}
            </div>
            <div className={body}>
              <p role="status" className={status}>
                {!settled ? (results.isFetching ? M.searching : '') : showEmpty ? M.noResult : term ? M.found(total) : ''}
              </p>
              {showEmpty ? (
                <p className={empty}>{M.noResult}</p>
              ) : (
                tools.length > 0 && (
                  <section aria-labelledby="tool-search-list-heading">
                    <h3 id="tool-search-list-heading" className={listHeading}>
                      {term ? M.results : M.popular}
                    </h3>
                    <ul ref={listRef} className={list} onKeyDown={onListKeyDown}>
                      {tools.map((tool) => (
                        <li key={`${tool.is_multiprompt}-${tool.id}`}>
                          <Link to={toolHref(tool)} className={resultLink} onClick={close}>
                            <span className={resultText}>
                              <span className={resultTitle}>
                                {tool.title}
                                {tool.plan_id === '1' && <ProBadge />}
                                {tool.is_multiprompt === 1 && <KitBadge />}
                                {isNewTool(tool.created_at, now) && <NewBadge />}
                              </span>
                              <span className={resultMeta}>
                                {tool.category_name} · {tool.description}
                              </span>
                            </span>
                            <span className={views}>
                              {formatCount(tool.usage)} {M.views}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                )
              )}
              {!showEmpty && results.hasNextPage && (
                <div className={more}>
                  <Button
                    variant="outline"
                    size="sm"
                    loading={results.isFetchingNextPage}
                    onClick={() => void results.fetchNextPage()}
                  >
                    {M.loadMore}
                  </Button>
                </div>
              )}
            </div>
            <Dialog.CloseTrigger />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
