import type { InspectionEvent, Observer } from 'xstate';

/** What createActor's `inspect` option takes: a callback or an observer of inspection events. */
export type Inspect = ((event: InspectionEvent) => void) | Observer<InspectionEvent>;

/** Whether Stately Inspect was asked for: `?inspect` in the URL or VITE_INSPECT=1. */
export function wantsInspector(search: string, flag: string | undefined): boolean {
  return new URLSearchParams(search).has('inspect') || flag === '1' || flag === 'true';
}

/**
 * Creates the Stately Inspect browser inspector (it opens the inspector window) when asked for.
 * The package is imported dynamically so it stays out of the normal bundle.
 */
export async function loadInspector(search: string, flag: string | undefined): Promise<Inspect | undefined> {
  if (!wantsInspector(search, flag)) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
