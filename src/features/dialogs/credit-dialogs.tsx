/**
 * Credit dialogs: credit (buy add-on credits), credits-detail (the credit matrix), credit-purchase-
 * details (the purchase history), credits-intro ('We're moving to credits') and plagiarism-checker.
 */
import { useState, type UIEvent } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { PLAN_ID } from '@machines/constants';
import { useServices } from '@/core/services';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ProgressBar } from '@/ui/progress-bar';
import { Spinner } from '@/ui/spinner';
import type { components } from '@contract/schema.gen';
import { openBlankTab, pointTab } from './browser';
import type { DialogActions } from './dialog-actions';
import { CREDIT_HISTORY_LOAD_MORE_WITHIN_PX, CREDIT_HISTORY_MIN_ROWS, CREDIT_HISTORY_TABLE_HEIGHT_PX } from '@machines/constants';
import { ConfirmFrame } from './confirm-frame';
import { Frame, styles } from './frame';
import { CREDIT_TEXT, DIALOG_MESSAGES } from './messages';
import { formatCount, formatUsd, planById, useSwapDialog } from './use-dialog-data';
import { usePlans } from '@/core/plans';
import { lazyIntl } from '@/ui/lazy-intl';
import { useCurrentUser } from '@/core/current-user';
import { accountPaths } from '@/core/paths';

type CreditPurchase = components['schemas']['CreditPurchase'];

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
      <p role="alert" className={styles.error}>
        {message}
      </p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {CREDIT_TEXT.retry}
      </Button>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className={styles.center}>
      <Spinner label={label} />
    </div>
  );
}

/**
 * 01 §2 credit: the packs of GET /api/credits/credits-payment-list; 'Buy Credits' posts
 * /api/stripe/credits {credits, price}; a short_url in the reply is opened in a new tab (01 §7),
 * otherwise the purchase was charged at once and the balance is refetched. A failure shows
 * 'Operation failed. Please try again!!!' (01 §8).
 */
export function BuyCreditsDialog({ actions }: { actions: DialogActions }) {
  const { api, $api } = useServices();
  const queryClient = useQueryClient();
  const packs = useQuery($api.queryOptions('get', '/api/credits/credits-payment-list'));
  const [chosen, setChosen] = useState<number | null>(null);
  const [state, setState] = useState<'idle' | 'buying' | 'done' | 'failed'>('idle');
  const list = packs.data?.data ?? [];
  const selected = list.find((p) => p.credit === chosen) ?? list[0];

  async function buy() {
    if (!selected || state === 'buying') return;
    // opened synchronously (a pop-up blocker allows it), pointed at the checkout once it is known
    const win = openBlankTab();
    setState('buying');
    try {
      const { data } = await api.POST('/api/stripe/credits', { body: { credits: selected.credit, price: selected.price } });
      if (data?.short_url) {
        pointTab(win, data.short_url);
        setState('idle');
      } else {
        win?.close();
        setState('done');
        void queryClient.invalidateQueries();
      }
    } catch {
      win?.close();
      setState('failed');
    }
  }

  return (
    <Frame
      title={CREDIT_TEXT.buyTitle}
      description={CREDIT_TEXT.buyDescription}
      busy={state === 'buying'}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button onClick={() => void buy()} loading={state === 'buying'} disabled={!selected || state === 'done'}>
            {CREDIT_TEXT.buy}
          </Button>
        </>
      }
    >
      {packs.isLoading ? (
        <Loading label={CREDIT_TEXT.buyTitle} />
      ) : packs.isError ? (
        <LoadFailed message={CREDIT_TEXT.detailFailed} onRetry={() => void packs.refetch()} />
      ) : (
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} disabled={state === 'buying'}>
          <legend className={styles.visuallyHidden}>{CREDIT_TEXT.buyTitle}</legend>
          {list.map((p) => (
            <label key={p.credit} className={styles.choice}>
              <input type="radio" name="credit-pack" value={p.credit} checked={selected?.credit === p.credit} onChange={() => setChosen(p.credit)} />
              <span className={css({ flex: '1' })}>
                <span className={css({ display: 'block', fontWeight: 'semibold' })}>{CREDIT_TEXT.pack(formatCount(p.credit))}</span>
                <span className={styles.muted}>{CREDIT_TEXT.limits(formatCount(p.limits.words), formatCount(p.limits.images))}</span>
              </span>
              <span className={css({ textAlign: 'right' })}>
                <span className={css({ display: 'block', fontWeight: 'semibold' })}>{formatUsd(p.price)}</span>
                <span className={styles.muted}>{CREDIT_TEXT.perCredit(formatUsd(p.cost_per_credit))}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {state === 'done' && (
        <p role="status" className={styles.success}>
          {CREDIT_TEXT.bought}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          {CREDIT_TEXT.operationFailed}
        </p>
      )}
    </Frame>
  );
}

/**
 * 01 §2 credits-detail: the balance of the period (paid plans) and the credit matrix of
 * GET /api/credits/details (text: credits per 1000 words; images: credits per image by model).
 */
export function CreditsDetailDialog({ actions }: { actions: DialogActions }) {
  const { $api } = useServices();
  const { user } = useCurrentUser();
  const swap = useSwapDialog(actions);
  const matrix = useQuery($api.queryOptions('get', '/api/credits/details'));
  const isPaid = !!user && user.user_subscription.plan_id !== PLAN_ID.free;
  const details = useQuery({ ...$api.queryOptions('get', '/api/subscription/details'), enabled: isPaid });
  const d = details.data?.data;
  const total = d ? (d.plan.total_plan_credits ?? 0) + d.total_add_on_credits + d.earned_bonus : 0;
  const m = matrix.data?.data;
  const section = css({ display: 'flex', flexDirection: 'column', gap: '2' });
  const rows = css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '1.5 4', fontSize: 'sm', '& dd': { color: 'fg.muted', textAlign: 'right' } });
  return (
    <Frame
      title={CREDIT_TEXT.detailTitle}
      description={CREDIT_TEXT.detailDescription}
      footer={
        <>
          <Button variant="outline" onClick={() => swap({ name: 'credit-purchase-details' })}>
            {CREDIT_TEXT.history}
          </Button>
          <Button onClick={() => swap({ name: 'credit' })}>{CREDIT_TEXT.buyTitle}</Button>
        </>
      }
    >
      {d && (
        <ProgressBar
          label={`${CREDIT_TEXT.balance}: ${formatCount(d.plan_total_credit_usage)} / ${formatCount(total)}`}
          value={total > 0 ? (d.plan_total_credit_usage / total) * 100 : 100}
        />
      )}
      {matrix.isLoading ? (
        <Loading label={CREDIT_TEXT.detailTitle} />
      ) : matrix.isError || !m ? (
        <LoadFailed message={CREDIT_TEXT.detailFailed} onRetry={() => void matrix.refetch()} />
      ) : (
        <>
          {m.text.length > 0 && (
            <section className={section} aria-labelledby="credits-text">
              <h3 id="credits-text" className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
                {CREDIT_TEXT.text}
              </h3>
              <dl className={rows}>
                {m.text.map((e) => (
                  <div key={e.type} style={{ display: 'contents' }}>
                    <dt>{e.type}</dt>
                    <dd>{CREDIT_TEXT.textRate(formatCount(e.credit))}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          {m.image.length > 0 && (
            <section className={section} aria-labelledby="credits-image">
              <h3 id="credits-image" className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
                {CREDIT_TEXT.image}
              </h3>
              <dl className={rows}>
                {m.image.map((e) => (
                  <div key={`${e.type}-${e.source}`} style={{ display: 'contents' }}>
                    <dt>
                      {e.type} · {CREDIT_TEXT.models[e.source] ?? e.source}
                    </dt>
                    <dd>{CREDIT_TEXT.imageRate(formatCount(e.credit_per_image))}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </>
      )}
    </Frame>
  );
}

const dateFmt = lazyIntl(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
const formatDate = (iso: string) => dateFmt().format(new Date(iso));
const statusTone = (s: CreditPurchase['status']) => (s === 'Active' ? 'new' : s === 'Expired' ? 'danger' : 'neutral') as 'new' | 'danger' | 'neutral';

/**
 * 01 §2 credit-purchase-details: the add-on purchases of GET /api/credits/histroy, 10 a page, in a
 * 400 px table that loads the next page when scrolled within 100 px of its end (01 §5, §9).
 */
export function CreditPurchaseDetailsDialog({ actions }: { actions: DialogActions }) {
  const { api } = useServices();
  const history = useInfiniteQuery({
    queryKey: ['get', '/api/credits/histroy', 'infinite', CREDIT_HISTORY_MIN_ROWS],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await api.GET('/api/credits/histroy', { params: { query: { page: pageParam, per_page: CREDIT_HISTORY_MIN_ROWS } }, signal });
      return data!;
    },
    getNextPageParam: (last) => (last.next_page_url && last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= CREDIT_HISTORY_LOAD_MORE_WITHIN_PX && history.hasNextPage && !history.isFetchingNextPage) {
      void history.fetchNextPage();
    }
  };
  const c = CREDIT_TEXT.columns;
  const table = css({
    w: 'full',
    fontSize: 'sm',
    borderCollapse: 'collapse',
    '& th': { position: 'sticky', top: 0, bg: 'bg.subtle', textAlign: 'left', fontWeight: 'semibold', px: '3', py: '2', whiteSpace: 'nowrap' },
    '& td': { px: '3', py: '2', borderTopWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap' },
  });
  return (
    <Frame
      size="lg"
      title={CREDIT_TEXT.historyTitle}
      description={CREDIT_TEXT.historyDescription}
      footer={
        <Button variant="outline" onClick={actions.close}>
          {DIALOG_MESSAGES.close}
        </Button>
      }
    >
      {history.isLoading ? (
        <Loading label={CREDIT_TEXT.historyTitle} />
      ) : history.isError && rows.length === 0 ? (
        <LoadFailed message={CREDIT_TEXT.historyFailed} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{CREDIT_TEXT.historyEmpty}</p>
      ) : (
        <div
          className={css({ overflow: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })}
          style={{ maxHeight: CREDIT_HISTORY_TABLE_HEIGHT_PX }}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label={CREDIT_TEXT.historyTitle}
        >
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">{c.date}</th>
                <th scope="col">{c.credits}</th>
                <th scope="col">{c.amount}</th>
                <th scope="col">{c.used}</th>
                <th scope="col">{c.status}</th>
                <th scope="col">{c.expires}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p, i) => (
                <tr key={p.id ?? i}>
                  <td>{formatDate(p.purchase_date)}</td>
                  <td>{formatCount(p.credit)}</td>
                  <td>{formatUsd(p.credit_amount)}</td>
                  <td>{formatCount(p.total_usage)}</td>
                  <td>
                    <Badge tone={statusTone(p.status)}>{p.status}</Badge>
                  </td>
                  <td>{formatDate(p.expired_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {history.isFetchingNextPage && <Loading label={CREDIT_TEXT.loadingMore} />}
        </div>
      )}
    </Frame>
  );
}

/**
 * 01 §2 credits-intro: 'We're moving to credits', comparing the plan's old word/image allowance
 * (word_limit_old, else word_limit; image_limit) with its credits (total_plan_credits).
 */
export function CreditsIntroDialog({ actions }: { actions: DialogActions }) {
  const { user } = useCurrentUser();
  const { plans } = usePlans();
  const t = CREDIT_TEXT.intro;
  const plan = planById(plans, user?.user_subscription.plan_id ?? PLAN_ID.plus);
  const words = plan ? (plan.word_limit_old ?? plan.word_limit) : null;
  const cell = css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '1', p: '4', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default' });
  return (
    <Frame
      title={t.title}
      description={t.body}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => {
              actions.close();
              actions.navigate(accountPaths.subscription);
            }}
          >
            {t.primary}
          </Button>
          <Button onClick={actions.close}>{t.secondary}</Button>
        </>
      }
    >
      {plan && (
        <div className={css({ display: 'flex', gap: '3', flexDirection: { base: 'column', sm: 'row' } })}>
          <div className={cell}>
            <span className={styles.muted}>{t.before}</span>
            {words !== null && <span>{t.words(formatCount(words))}</span>}
            {plan.image_limit !== null && <span>{t.images(formatCount(plan.image_limit))}</span>}
          </div>
          <div className={cell} style={{ borderColor: 'var(--colors-accent-default)' }}>
            <span className={styles.muted}>{t.now}</span>
            <strong>{t.credits(formatCount(plan.total_plan_credits ?? plan.credit_limit ?? 0))}</strong>
          </div>
        </div>
      )}
    </Frame>
  );
}

/**
 * 01 §5 "The plagiarism check asks confirmation before spending credits" (5 credits, 01 §9). The check
 * itself belongs to the feature that asked: it follows the dialog manager's `dialog.confirmed`.
 */
export function PlagiarismCheckerDialog({ actions }: { actions: DialogActions }) {
  const t = CREDIT_TEXT.plagiarism;
  return <ConfirmFrame title={t.title} body={t.body} confirmLabel={t.confirm} tone="solid" actions={actions} />;
}
