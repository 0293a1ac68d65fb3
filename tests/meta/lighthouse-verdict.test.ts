import { describe, expect, test } from 'vitest';
import { checkRun, lighthouseRows, median, summarizeRuns, type LhrLike, type LighthouseJson, type RunOutcome } from '../../scripts/lighthouse-verdict';

/** A Lighthouse result with these category scores (0–1, or null). */
const lhr = (performance: number | null, accessibility: number | null = 1, bestPractices: number | null = 1, runtimeError?: LhrLike['runtimeError']): LhrLike => ({
  runtimeError,
  categories: { performance: { score: performance }, accessibility: { score: accessibility }, 'best-practices': { score: bestPractices } },
});

const ok = (performance: number, accessibility = 100, bestPractices = 100): RunOutcome => ({
  scores: { performance, accessibility, 'best-practices': bestPractices },
});

describe('median', () => {
  test('odd, even and empty', () => {
    expect(median([100, 0, 100])).toBe(100);
    expect(median([93, 99, 96])).toBe(96);
    expect(median([94, 100])).toBe(97);
    expect(median([])).toBeNull();
  });
});

describe('checkRun: a failed run is an error, never a score', () => {
  test('a normal run gives its scores in percent', () => {
    expect(checkRun(lhr(0.97, 1, 0.96))).toEqual({ scores: { performance: 97, accessibility: 100, 'best-practices': 96 } });
  });

  test('a runtimeError is an error, whatever the scores say', () => {
    const run = checkRun(lhr(null, null, null, { code: 'NO_FCP', message: 'The page did not paint any content.' }));
    expect(run).toEqual({ error: 'runtimeError NO_FCP: The page did not paint any content.' });
  });

  test('a category without a score is an error', () => {
    expect(checkRun(lhr(null))).toEqual({ error: 'performance has no score' });
    expect(checkRun({ categories: { performance: { score: 1 }, accessibility: { score: 1 } } })).toEqual({ error: 'best-practices has no score' });
  });

  test('a score of 0 is a failed load, not a measurement', () => {
    // the run of /login that scored performance 0 and best practices 0
    expect(checkRun(lhr(0, 1, 0))).toEqual({ error: 'performance scored 0 (a failed load); best-practices scored 0 (a failed load)' });
  });
});

describe('summarizeRuns', () => {
  test('the median of 0, 100, 100 is not 100: the failed run is an error and stays out of the median', () => {
    const runs = [checkRun(lhr(0, 1, 0)), checkRun(lhr(1)), checkRun(lhr(1))];
    const s = summarizeRuns(runs);
    expect(s.errors).toEqual(['run 1: performance scored 0 (a failed load); best-practices scored 0 (a failed load)']);
    expect(s.validRuns).toBe(2);
    expect(s.median.performance).toBe(100);
  });

  test('no valid run: every median is null', () => {
    const s = summarizeRuns([{ error: 'runtimeError NO_FCP' }]);
    expect(s.median).toEqual({ performance: null, accessibility: null, 'best-practices': null });
    expect(s.errors).toEqual(['run 1: runtimeError NO_FCP']);
  });

  test('all valid: the median of each category', () => {
    const s = summarizeRuns([ok(100), ok(99, 98), ok(100, 100, 96)]);
    expect(s).toEqual({ median: { performance: 100, accessibility: 100, 'best-practices': 100 }, errors: [], validRuns: 3 });
  });
});

describe('lighthouseRows: what the bench prints and whether it fails', () => {
  const json = (runs: RunOutcome[]): LighthouseJson => {
    const s = summarizeRuns(runs);
    return { budget: 95, runs: runs.length, routes: [{ route: '/login', runs, median: s.median, errors: s.errors }] };
  };

  test('three good runs pass, printed as before', () => {
    const { rows, failed } = lighthouseRows(json([ok(100), ok(99), ok(100)]));
    expect(failed).toBe(false);
    expect(rows).toContainEqual(['Lighthouse mobile, /login: performance', '≥ 95', '100 (median of 3: 100, 99, 100)', 'pass']);
    expect(rows.every((r) => r[3] === 'pass')).toBe(true);
  });

  test('one failed run fails the bench even though the other two score 100', () => {
    const { rows, failed } = lighthouseRows(json([{ error: 'performance scored 0 (a failed load)' }, ok(100), ok(100)]));
    expect(failed).toBe(true);
    expect(rows[0]).toEqual(['Lighthouse mobile, /login: failed runs', 'none', '1 of 3 — run 1: performance scored 0 (a failed load)', 'ERROR']);
    expect(rows).toContainEqual(['Lighthouse mobile, /login: performance', '≥ 95', '100 (median of 2 valid of 3: error, 100, 100)', 'FAIL']);
    expect(rows.some((r) => r[3] === 'pass')).toBe(false);
  });

  test('every run failed: no median, the bench fails', () => {
    const { rows, failed } = lighthouseRows(json([{ error: 'runtimeError NO_FCP' }]));
    expect(failed).toBe(true);
    expect(rows).toContainEqual(['Lighthouse mobile, /login: performance', '≥ 95', 'no valid run (error)', 'FAIL']);
  });

  test('a median under the budget fails; a file with no route fails', () => {
    expect(lighthouseRows(json([ok(94), ok(90), ok(99)])).failed).toBe(true);
    expect(lighthouseRows({ budget: 95, runs: 3, routes: [] }).failed).toBe(true);
  });
});
