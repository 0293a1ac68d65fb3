import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { BRAND_SEARCH_DEBOUNCE_MS, BRANDS_PAGE_SIZE } from '@machines/brand-constants';
import { useServices } from '@/core/services';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { PlusIcon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import { toast } from '@/ui/toast';
import { ConfirmDialog } from '../confirm-dialog';
import { BRANDS_TEXT as t } from '../messages';
import { Panel, alertText, mutedText } from '../panel';
import { BrandDetail, BrandSetup, useBrandCache } from './brand-editor';
import { isSetupStep, type Business } from './brand-form';
import { useBrandNav, type BrandNav } from './brand-nav';

/**
 * target=brand (03 §2 "Manage Brands lists businesses with create, edit, multi-delete and detail views"; 01 §2
 * /credit-based?target=brand&page=1). The view lives in the address, so Back and reloads keep it:
 *   &page=N[&search=…]          the list (page N, a search)
 *   &brand=new                  the setup of a new brand: its name, step 2 of 7 (03 §4)
 *   &brand=ID&step=S            the setup of brand ID at step S (3 … 7)
 *   &brand=ID                   the brand's details (every field, saved at once)
 */
export function BrandsTarget() {
  const [params] = useSearchParams();
  const brand = params.get('brand');
  const step = Number(params.get('step'));
  // Once the view changed (a button, a link, Back), each new view takes focus; the view the page opened on does not.
  const view = `${brand}|${params.get('step')}`;
  const firstView = useRef(view);
  const moved = useRef(false);
  if (view !== firstView.current) moved.current = true;
  const nav = useBrandNav(moved.current);
  const id = brand && /^\d{1,9}$/.test(brand) ? Number(brand) : null;
  if (brand === 'new') return <BrandSetup brandId={null} step={2} nav={nav} />;
  if (id !== null && isSetupStep(step)) return <BrandSetup brandId={id} step={step} nav={nav} />;
  if (id !== null) return <BrandDetail id={id} nav={nav} />;
  return <BrandList page={Math.max(1, Math.floor(Number(params.get('page'))) || 1)} search={params.get('search') ?? ''} nav={nav} />;
}

const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th': { textAlign: 'start', fontWeight: 'semibold', color: 'fg.muted', py: '2', px: '3', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap' },
  '& td': { py: '2.5', px: '3', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'middle' },
  '& tbody tr:last-child td': { borderBottomWidth: '0' },
});
const srOnly = css({ srOnly: true });
const checkbox = css({
  display: 'block',
  w: '4.5',
  h: '4.5',
  m: '0',
  accentColor: 'accent.default',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});
const nameLink = css({ fontWeight: 'medium', color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { textDecoration: 'none' } });

/**
 * A row's selection: a native checkbox (keyboard, Space, indeterminate and its name for free). Not the Ark
 * checkbox of src/ui: this would be its first use in the app, and that pulls a dom-query helper into the chunk
 * every first page loads, over the /login bundle gate (tests/e2e/bundle-budget.spec.ts) by a few bytes.
 */
function SelectBox({ label, checked, onChange }: { label: string; checked: boolean | 'indeterminate'; onChange: (checked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'indeterminate';
  }, [checked]);
  return <input ref={ref} type="checkbox" className={checkbox} aria-label={label} checked={checked === true} onChange={(e) => onChange(e.target.checked)} />;
}

function setupStatus(b: Business) {
  return b.is_completed ? <Badge tone="new">{t.completed}</Badge> : <Badge tone="neutral">{t.stepOf(b.step, b.total_steps)}</Badge>;
}

/** The list: a page of brands (GET /api/businesses), a search, selection and a confirmed multi-delete. */
function BrandList({ page, search, nav }: { page: number; search: string; nav: BrandNav }) {
  const { $api, api } = useServices();
  const cache = useBrandCache();
  const list = useQuery({
    ...$api.queryOptions('get', '/api/businesses', {
      params: { query: { page, paginate: BRANDS_PAGE_SIZE, products_count: 1, ...(search ? { search } : {}) } },
    }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // 03 §8 'Failed to fetch brands list.' once per failure; the list shows a retry.
  useEffect(() => {
    if (list.isError) toast.error(t.fetchListFailed);
  }, [list.isError, list.errorUpdatedAt]);

  // A page past the end (brands deleted elsewhere, an old link) shows the last page instead.
  const data = list.isPlaceholderData ? undefined : list.data;
  useEffect(() => {
    if (data && data.current_page > data.last_page) nav.list({ page: data.last_page, replace: true });
  }, [data, nav]);

  // Search as the user types, 300 ms after the last key (03 §9), from page 1.
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => nav.list({ page: 1, search: text.trim(), replace: true }), BRAND_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, nav]);

  // The selection belongs to the page it was made on: a new page or search starts with none.
  const scope = `${page}|${search}`;
  const [selection, setSelection] = useState<{ scope: string; ids: Set<number> }>({ scope, ids: new Set() });
  const selected = selection.scope === scope ? selection.ids : new Set<number>();
  const rows = list.data?.data ?? [];
  const toggle = (id: number, on: boolean) => {
    const ids = new Set(selected);
    if (on) ids.add(id);
    else ids.delete(id);
    setSelection({ scope, ids });
  };
  const allChecked = rows.length > 0 && rows.every((b) => selected.has(b.id)) ? true : selected.size > 0 ? 'indeterminate' : false;

  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  async function remove() {
    setDeleting(true);
    try {
      const ids = [...selected];
      const { data: reply } = await api.POST('/api/businesses/multi-destroy', { body: { ids } });
      ids.forEach(cache.forget);
      await cache.refreshLists();
      setSelection({ scope, ids: new Set() });
      toast.success(reply!.message);
    } catch {
      toast.error(t.deleteFailed); // 03 §8
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  const last = list.data?.last_page ?? 1;
  return (
    <Panel
      title={t.title}
      description={t.description}
      focusHeading={nav.moved}
      actions={
        <Button onClick={() => nav.setup('new', 2)}>
          <PlusIcon aria-hidden width={16} height={16} />
          {t.add}
        </Button>
      }
    >
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap', justifyContent: 'space-between' })}>
        <Field.Root className={css({ flex: '1', minW: '56', maxW: 'sm' })}>
          <Field.Label>{t.search}</Field.Label>
          <Field.Input type="search" placeholder={t.searchPlaceholder} value={text} onChange={(e) => setText(e.target.value)} />
        </Field.Root>
        {selected.size > 0 && (
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
            <span className={mutedText} aria-live="polite">
              {t.selected(selected.size)}
            </span>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t.deleteSelected(selected.size)}
            </Button>
          </div>
        )}
      </div>

      {list.isLoading ? (
        <div className={css({ display: 'flex', justifyContent: 'center', py: '6' })}>
          <Spinner label={t.loading} />
        </div>
      ) : list.isError && !list.data ? (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <p role="alert" className={alertText}>
            {t.fetchListFailed}
          </p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className={mutedText}>{search ? t.noResult : t.empty}</p>
      ) : (
        <div className={css({ overflowX: 'auto' })} aria-busy={list.isFetching || undefined}>
          <table className={table}>
            <caption className={srOnly}>{t.table}</caption>
            <thead>
              <tr>
                <th scope="col" className={css({ w: '10' })}>
                  <SelectBox label={t.selectAll} checked={allChecked} onChange={(on) => setSelection({ scope, ids: new Set(on ? rows.map((b) => b.id) : []) })} />
                </th>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.website}</th>
                <th scope="col">{t.columns.products}</th>
                <th scope="col">{t.columns.setup}</th>
                <th scope="col">
                  <span className={srOnly}>{t.edit}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  <td>
                    <SelectBox label={t.select(b.name)} checked={selected.has(b.id)} onChange={(on) => toggle(b.id, on)} />
                  </td>
                  <td className={css({ overflowWrap: 'anywhere', minW: '40' })}>
                    <Link to={nav.href({ brand: b.id })} className={nameLink}>
                      {b.name}
                    </Link>
                  </td>
                  <td className={css({ maxW: '64', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{b.url ?? t.noWebsite}</td>
                  <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{b.products_count}</td>
                  <td>{setupStatus(b)}</td>
                  <td>
                    <Button asChild variant="ghost" size="sm">
                      <Link to={nav.href({ brand: b.id })} aria-label={t.editBrand(b.name)}>
                        {t.edit}
                      </Link>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {last > 1 && (
        <nav aria-label={t.pages} className={css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'flex-end' })}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => nav.list({ page: page - 1 })}>
            {t.previous}
          </Button>
          <span className={mutedText} aria-current="page">
            {t.pageOf(Math.min(page, last), last)}
          </span>
          <Button variant="outline" size="sm" disabled={page >= last} onClick={() => nav.list({ page: page + 1 })}>
            {t.next}
          </Button>
        </nav>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !deleting && setConfirming(o)}
        title={t.deleteTitle(selected.size)}
        description={t.deleteText}
        confirmLabel={t.deleteConfirm}
        cancelLabel={t.cancel}
        onConfirm={() => void remove()}
        busy={deleting}
        danger
      >
        <ul className={css({ listStyle: 'disc', pl: '5', fontSize: 'sm' })}>
          {rows.filter((b) => selected.has(b.id)).map((b) => (
            <li key={b.id}>{b.name}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </Panel>
  );
}
