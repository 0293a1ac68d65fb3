import { useCallback, useEffect, useRef, useState, type FormEvent, type UIEvent } from 'react';
import { Link } from 'react-router-dom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import {
  CREDIT_HISTORY_LOAD_MORE_WITHIN_PX,
  CREDIT_HISTORY_MIN_ROWS,
  CREDIT_HISTORY_TABLE_HEIGHT_PX,
  PLAN_ID,
} from '@machines/constants';
import { useServices } from '@/core/services';
import type { components } from '@contract/schema.gen';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { ProgressBar } from '@/ui/progress-bar';
import { Spinner } from '@/ui/spinner';
import { snackbar } from '@/ui/toast';
import { formatCount, formatDate, formatUsd, parseAmount, usagePercent } from '../format';
import { CREDITS_TEXT as t, SUBSCRIPTION_TEXT } from '../messages';
import { Panel, alertText, mutedText, stack } from '../panel';
import { useCurrentUser } from '@/core/current-user';
import { browser } from '../use-plan-checkout';
import { paths } from '@/core/paths';

type CalcType = components['schemas']['CreditCalculationRequest']['type'];
type Purchase = components['schemas']['CreditPurchase'];

/** Whether a scroll container is within `px` of its end (01 §5: the next page loads within 100 px). */
export function nearEnd(el: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>, px = CREDIT_HISTORY_LOAD_MORE_WITHIN_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= px;
}

const skeletonLine = css({ h: '5', w: '40%', bg: 'bg.subtle', borderRadius: 'sm' });
const skeletonBar = css({ h: '2', bg: 'bg.subtle', borderRadius: 'full' });

function Balance() {
  const { $api } = useServices();
  const details = useQuery($api.queryOptions('get', '/api/subscription/details'));
  const d = details.data?.data;
  // The panel keeps its place while the numbers load: it used to appear only once they arrived, pushing the
  // credit packs below it down under the pointer, so a click meant for a pack could land on the balance.
  if (!d)
    return (
      <Panel title={t.balanceTitle}>
        <div aria-hidden="true" className={skeletonLine} />
        <div aria-hidden="true" className={skeletonBar} />
      </Panel>
    );
  const total = (d.plan.total_plan_credits ?? 0) + d.total_add_on_credits + d.earned_bonus;
  return (
    <Panel title={t.balanceTitle}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
        <span>{SUBSCRIPTION_TEXT.credits}</span>
        <span className={css({ fontVariantNumeric: 'tabular-nums', color: 'fg.muted' })}>
          {SUBSCRIPTION_TEXT.of(formatCount(d.plan_total_credit_usage), formatCount(total))}
        </span>
      </div>
      <ProgressBar value={usagePercent(d.plan_total_credit_usage, total)} label={SUBSCRIPTION_TEXT.credits} hideLabel />
      {d.total_add_on_credits > 0 && <p className={mutedText}>{SUBSCRIPTION_TEXT.addOns(formatCount(d.total_add_on_credits))}</p>}
    </Panel>
  );
}

const packGrid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } });
const pack = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  textAlign: 'start',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
  cursor: 'pointer',
  transition: 'border-color {durations.fast}, box-shadow {durations.fast}',
  _hover: { borderColor: 'border.strong' },
  '&[aria-checked=true]': { borderColor: 'accent.default', boxShadow: '0 0 0 1px {colors.accent.default}', bg: 'accent.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
});

/** 01 §3 credit payment options (GET /api/credits/credits-payment-list) and POST /api/stripe/credits (01 §7). */
function Packs({ paidPlan }: { paidPlan: boolean }) {
  const { api, $api } = useServices();
  const options = useQuery($api.queryOptions('get', '/api/credits/credits-payment-list'));
  const list = options.data?.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const selected = list.find((o) => o.credit === chosen) ?? null;

  async function buy() {
    if (!selected || paying) return;
    setPaying(true);
    // The new tab is opened inside the click (pop-up blockers allow that), then sent to the checkout.
    const tab = browser.openPending();
    try {
      // 01 §5: the amount shown is parsed by stripping the dollar sign and commas.
      const price = parseAmount(formatUsd(selected.price));
      const { data } = await api.POST('/api/stripe/credits', { body: { credits: selected.credit, price } });
      if (data?.short_url) tab.go(data.short_url);
      else tab.close();
    } catch {
      tab.close();
      snackbar(t.operationFailed, { type: 'error' }); // 01 §8, 6 seconds
    } finally {
      setPaying(false);
    }
  }

  return (
    <Panel title={t.optionsTitle} description={t.optionsDescription}>
      {!paidPlan && (
        <p className={css({ fontSize: 'sm', bg: 'accent.subtle', color: 'accent.text', borderRadius: 'md', px: '3', py: '2' })}>
          {t.freePlanNote}{' '}
          <Link to={paths.pricing} className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}>
            {t.upgrade}
          </Link>
        </p>
      )}
      {options.isLoading ? (
        <Spinner label={t.optionsTitle} />
      ) : options.isError ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
          <span className={alertText}>{t.loadOptionsFailed}</span>
          <Button variant="outline" size="sm" onClick={() => void options.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <div role="radiogroup" aria-label={t.optionsTitle} className={packGrid}>
          {list.map((o) => (
            <button
              key={o.credit}
              type="button"
              role="radio"
              aria-checked={chosen === o.credit}
              className={pack}
              onClick={() => setChosen(o.credit)}
              disabled={!paidPlan || paying}
            >
              <span className={css({ fontWeight: 'bold', fontSize: 'lg' })}>{t.pack(formatCount(o.credit))}</span>
              <span className={css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>{formatUsd(o.price)}</span>
              <span className={mutedText}>{t.perCredit(formatUsd(o.cost_per_credit))}</span>
              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t.about(formatCount(o.limits.words), formatCount(o.limits.images))}</span>
            </button>
          ))}
        </div>
      )}
      <div>
        <Button onClick={() => void buy()} disabled={!paidPlan || !selected} loading={paying} loadingText={t.buying}>
          {t.buy}
        </Button>
      </div>
    </Panel>
  );
}

/** POST /api/credits/calculation for text, image, both or voice (01 §7). */
function Calculator() {
  const { api } = useServices();
  const [type, setType] = useState<CalcType>('text');
  const [words, setWords] = useState('1000');
  const [images, setImages] = useState('10');
  const [voice, setVoice] = useState('60');
  const [result, setResult] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const num = (v: string) => Math.max(0, Math.floor(Number(v) || 0));

  async function calculate(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const body =
        type === 'text'
          ? { type, word_count: num(words) }
          : type === 'image'
            ? { type, image_count: num(images) }
            : type === 'both'
              ? { type, word_count: num(words), image_count: num(images) }
              : { type, voice_count: num(voice) };
      const { data } = await api.POST('/api/credits/calculation', { body });
      setResult(data!.data.credits);
    } catch {
      setResult(null);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const types = Object.entries(t.types) as [CalcType, string][];
  return (
    <Panel title={t.calculatorTitle} description={t.calculatorDescription}>
      <form onSubmit={calculate} noValidate className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} aria-label={t.calculatorTitle}>
        <div role="radiogroup" aria-label={t.type} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {types.map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={type === value}
              onClick={() => {
                setType(value);
                setResult(null);
              }}
              className={cx(
                css({
                  px: '3',
                  py: '1.5',
                  borderRadius: 'full',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  fontSize: 'sm',
                  cursor: 'pointer',
                  '&[aria-checked=true]': { bg: 'accent.default', color: 'accent.fg', borderColor: 'accent.default' },
                  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
                }),
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end' })}>
          {(type === 'text' || type === 'both') && (
            <Field.Root className={css({ w: '40' })}>
              <Field.Label>{t.wordCount}</Field.Label>
              <Field.Input type="number" min={0} inputMode="numeric" value={words} onChange={(e) => setWords(e.target.value)} />
            </Field.Root>
          )}
          {(type === 'image' || type === 'both') && (
            <Field.Root className={css({ w: '40' })}>
              <Field.Label>{t.imageCount}</Field.Label>
              <Field.Input type="number" min={0} inputMode="numeric" value={images} onChange={(e) => setImages(e.target.value)} />
            </Field.Root>
          )}
          {type === 'voice' && (
            <Field.Root className={css({ w: '40' })}>
              <Field.Label>{t.voiceCount}</Field.Label>
              <Field.Input type="number" min={0} inputMode="numeric" value={voice} onChange={(e) => setVoice(e.target.value)} />
            </Field.Root>
          )}
          <Button type="submit" variant="outline" loading={busy}>
            {t.calculate}
          </Button>
        </div>
        <output aria-live="polite" className={css({ fontSize: 'lg', fontWeight: 'semibold', minH: '7' })}>
          {result !== null ? t.result(formatCount(result)) : failed ? <span className={alertText}>{t.operationFailed}</span> : null}
        </output>
      </form>
    </Panel>
  );
}

/** GET /api/credits/details: what things cost; 01 §8 'Unable to load credit details. Please try again.' with Retry. */
function CreditDetails() {
  const { $api } = useServices();
  const details = useQuery({ ...$api.queryOptions('get', '/api/credits/details'), retry: false });
  const d = details.data?.data;
  return (
    <Panel title={t.detailsTitle}>
      {details.isLoading ? (
        <Spinner label={t.detailsTitle} />
      ) : details.isError || !d ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <span className={alertText}>{t.detailsFailed}</span>
          <Button variant="outline" size="sm" onClick={() => void details.refetch()} loading={details.isFetching}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <ul className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, fontSize: 'sm' })}>
          {d.text.map((e) => (
            <li key={`text-${e.type}`} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', p: '2.5', bg: 'bg.subtle', borderRadius: 'md' })}>
              <span>
                {t.types.text} · {e.type}
              </span>
              <span className={css({ color: 'fg.muted' })}>{t.textRate(formatCount(e.credit))}</span>
            </li>
          ))}
          {d.image.map((e) => (
            <li key={`image-${e.type}-${e.source}`} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', p: '2.5', bg: 'bg.subtle', borderRadius: 'md' })}>
              <span>
                {t.types.image} · {e.type}
              </span>
              <span className={css({ color: 'fg.muted' })}>{t.imageRate(formatCount(e.credit_per_image))}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const statusTone: Record<Purchase['status'], 'new' | 'neutral' | 'danger'> = { Active: 'new', Exhausted: 'neutral', Expired: 'danger' };
const historyTable = css({
  w: 'full',
  borderCollapse: 'separate',
  borderSpacing: '0',
  fontSize: 'sm',
  '& th': {
    position: 'sticky',
    top: '0',
    bg: 'bg.surface',
    textAlign: 'start',
    fontWeight: 'semibold',
    color: 'fg.muted',
    py: '2',
    px: '3',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
    whiteSpace: 'nowrap',
  },
  '& td': { py: '2.5', px: '3', borderBottomWidth: '1px', borderColor: 'border.default', h: '10' },
});

/**
 * The credit purchase history (GET /api/credits/histroy, 01 §7): a 400 px table of at least 10 rows that loads
 * the next page when scrolled within 100 px of its end (01 §5, §9); records Active, Exhausted or Expired, valid
 * one year. 01 §8: 'Failed to load credit purchase history', 'No purchase history available'.
 */
export function CreditHistory() {
  const { api } = useServices();
  const history = useInfiniteQuery({
    queryKey: ['get', '/api/credits/histroy', 'infinite'],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (await api.GET('/api/credits/histroy', { params: { query: { page: pageParam, per_page: CREDIT_HISTORY_MIN_ROWS } }, signal })).data!,
    getNextPageParam: (last) => (last.next_page_url && last.current_page < last.last_page ? last.current_page + 1 : undefined),
    retry: false,
  });
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];
  const box = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const maybeLoadMore = useCallback(
    (el: HTMLElement | null) => {
      if (el && hasNextPage && !isFetchingNextPage && nearEnd(el)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  // A short first page may not fill the 400 px box: keep loading until it scrolls (or the list ends).
  useEffect(() => maybeLoadMore(box.current), [rows.length, maybeLoadMore]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => maybeLoadMore(e.currentTarget);

  return (
    <Panel title={t.historyTitle} description={t.validOneYear}>
      {history.isError ? (
        <p role="alert" className={alertText}>
          {t.historyFailed}
        </p>
      ) : history.isLoading ? (
        <Spinner label={t.historyTitle} />
      ) : rows.length === 0 ? (
        <p className={mutedText}>{t.historyEmpty}</p>
      ) : (
        <div
          ref={box}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label={t.historyTable}
          data-testid="credit-history-scroll"
          className={css({ overflowY: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg' })}
          // 01 §9 "table height 400 px" caps the box; "minimum row count 10" is the rows asked for per page
          // (per_page), never padding: a short history shows its rows and no empty ones.
          style={{ maxHeight: CREDIT_HISTORY_TABLE_HEIGHT_PX }}
        >
          <table className={historyTable}>
            <thead>
              <tr>
                <th scope="col">{t.columns.date}</th>
                <th scope="col">{t.columns.credits}</th>
                <th scope="col">{t.columns.amount}</th>
                <th scope="col">{t.columns.used}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.expires}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id ?? `${r.purchase_date}-${i}`}>
                  <td>{formatDate(r.purchase_date)}</td>
                  <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatCount(r.credit)}</td>
                  <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatUsd(r.credit_amount)}</td>
                  <td className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatCount(r.total_usage)}</td>
                  <td>
                    <Badge tone={statusTone[r.status]}>{r.status}</Badge>
                  </td>
                  <td>{formatDate(r.expired_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {isFetchingNextPage && (
            <div className={css({ display: 'flex', justifyContent: 'center', py: '2' })}>
              <Spinner label={t.historyTitle} />
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}

/** target=topup-credits (01 §2, §7 Credits). */
export function TopupCreditsTarget() {
  const { user } = useCurrentUser();
  const paidPlan = !!user && user.user_subscription.plan_id !== PLAN_ID.free;
  return (
    <div className={stack}>
      {paidPlan && <Balance />}
      <Packs paidPlan={paidPlan} />
      <Calculator />
      <CreditDetails />
      <CreditHistory />
    </div>
  );
}
