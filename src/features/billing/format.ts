/** Number and money formatting of the billing pages. */
import { lazyIntl } from '@/ui/lazy-intl';

// made on first use (see lazyIntl): the dialogs that load on every signed-in visit import this module
const usd = lazyIntl(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const cents = lazyIntl(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const inr = lazyIntl(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const count = lazyIntl(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));
const date = lazyIntl(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));

/** Whole dollars without cents ('$15'); any other amount with two decimals ('$0.10', '$12.50', never '$0.1'). */
export const formatUsd = (n: number) => (Number.isInteger(n) ? usd() : cents()).format(n);
export const formatInr = (n: number) => inr().format(n);
export const formatMoney = (n: number, currency: string) => (currency === 'INR' ? formatInr(n) : currency === 'USD' ? formatUsd(n) : `${count().format(n)} ${currency}`);
export const formatCount = (n: number) => count().format(n);
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : date().format(d);
}

/** 01 §5: "The payment amount is parsed by stripping the dollar sign and commas." */
export function parseAmount(shown: string | number): number {
  if (typeof shown === 'number') return shown;
  const n = Number(shown.replace(/[$,]/g, '').trim());
  return Number.isFinite(n) ? n : NaN;
}

/** Usage as a percentage of a limit, capped at 100 (01 §5, §9 "usage bar capped at 100 percent"). */
export function usagePercent(used: number, total: number | null | undefined): number {
  if (!total || total <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / total) * 100));
}
