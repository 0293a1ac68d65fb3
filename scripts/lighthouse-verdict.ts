/**
 * How the Lighthouse step judges its runs — pure functions, shared by scripts/lighthouse.ts (which records the runs)
 * and scripts/bench.ts (which prints the table), and unit-tested in tests/meta/lighthouse-verdict.test.ts.
 *
 * A run that failed is an error, never a score. Lighthouse reports a page it could not load in three ways: a
 * `runtimeError` (NO_FCP, ERRORED_DOCUMENT_REQUEST, …), a category whose score is null, or scores of 0 computed from a
 * trace with nothing in it. Counting such a run as a 0 inside a median hides it: the median of 0, 100 and 100 is 100.
 * So a run with any of these is recorded as an error, kept out of the median, and fails the bench on its own.
 * A score of 0 is treated as a failed load in every category, not only performance: no page that loaded scores 0
 * on accessibility or best practices, and a real 0 would be below the budget anyway.
 */

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];
export type Scores = Record<LighthouseCategory, number>;

/** The part of a Lighthouse result (LHR) these checks read. */
export interface LhrLike {
  runtimeError?: { code?: string; message?: string } | null;
  categories: Partial<Record<string, { score: number | null } | undefined>>;
}

/** One measured run: its scores (0–100), or why it does not count. */
export type RunOutcome = { scores: Scores } | { error: string };

export const isError = (run: RunOutcome): run is { error: string } => 'error' in run;

/** A run's scores, or the error that makes it not a measurement. */
export function checkRun(lhr: LhrLike): RunOutcome {
  if (lhr.runtimeError) {
    const { code, message } = lhr.runtimeError;
    return { error: `runtimeError ${code ?? 'unknown'}${message ? `: ${message}` : ''}` };
  }
  const scores: Partial<Scores> = {};
  const problems: string[] = [];
  for (const c of LIGHTHOUSE_CATEGORIES) {
    const score = lhr.categories[c]?.score;
    if (score === null || score === undefined || !Number.isFinite(score)) problems.push(`${c} has no score`);
    else if (score === 0) problems.push(`${c} scored 0 (a failed load)`);
    else scores[c] = Math.round(score * 100);
  }
  return problems.length ? { error: problems.join('; ') } : { scores: scores as Scores };
}

/** The median (the mean of the two middle values for an even count); null for no values. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export interface RouteSummary {
  /** each category's median over the runs that succeeded (null when none did) */
  median: Record<LighthouseCategory, number | null>;
  /** one line per failed run: "run 2: runtimeError NO_FCP …" */
  errors: string[];
  /** how many runs counted */
  validRuns: number;
}

/** Medians over the valid runs only; every failed run listed as an error. */
export function summarizeRuns(runs: readonly RunOutcome[]): RouteSummary {
  const valid = runs.filter((r): r is { scores: Scores } => !isError(r));
  const errors = runs.flatMap((r, i) => (isError(r) ? [`run ${i + 1}: ${r.error}`] : []));
  const med = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(valid.map((r) => r.scores[c]))])) as RouteSummary['median'];
  return { median: med, errors, validRuns: valid.length };
}

/** .bench/lighthouse.json, as scripts/lighthouse.ts writes it. */
export interface LighthouseJson {
  budget: number;
  runs: number;
  routes: { route: string; runs: RunOutcome[]; median: RouteSummary['median']; errors: string[] }[];
}

export type BenchRow = [figure: string, budget: string, measured: string, verdict: string];

/**
 * The bench table's Lighthouse rows. A category passes only when its median meets the budget AND every run of its
 * route succeeded; a route with failed runs gets an extra row naming them, marked ERROR. `failed` is true when any
 * row did not pass, or when the file describes no route at all.
 */
export function lighthouseRows(json: LighthouseJson): { rows: BenchRow[]; failed: boolean } {
  const rows: BenchRow[] = [];
  let failed = json.routes.length === 0;
  for (const r of json.routes) {
    const errors = r.errors ?? r.runs.flatMap((x, i) => (isError(x) ? [`run ${i + 1}: ${x.error}`] : []));
    if (errors.length) {
      failed = true;
      rows.push([`Lighthouse mobile, ${r.route}: failed runs`, 'none', `${errors.length} of ${r.runs.length} — ${errors.join('; ')}`, 'ERROR']);
    }
    for (const c of LIGHTHOUSE_CATEGORIES) {
      const score = r.median[c];
      const perRun = r.runs.map((x) => (isError(x) ? 'error' : String(x.scores[c]))).join(', ');
      const valid = r.runs.filter((x) => !isError(x)).length;
      const ok = score !== null && score >= json.budget && errors.length === 0;
      failed ||= !ok;
      const measured =
        score === null
          ? `no valid run (${perRun})`
          : `${score} (median of ${valid === r.runs.length ? valid : `${valid} valid of ${r.runs.length}`}: ${perRun})`;
      rows.push([`Lighthouse mobile, ${r.route}: ${c}`, `≥ ${json.budget}`, measured, ok ? 'pass' : 'FAIL']);
    }
  }
  return { rows, failed };
}
