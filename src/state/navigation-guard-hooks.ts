/**
 * What features use of the navigation guard (01 §4 / 03 §4): report what runs on their page, and navigate
 * through the guard. The guard's wiring to the router is src/app/navigation-guard.tsx.
 */
import { useCallback, useEffect } from 'react';
import type { BlogId, NavFlags } from '@machines/navigation-guard.machine';
import { useAppActors } from './app-actors';

/** The flags a feature reports: what is generating or loading on its page. */
export type GenerationFlags = Pick<
  NavFlags,
  'generationRunning' | 'outlineInProgress' | 'blogContentGenerating' | 'loadingImagesPending' | 'storyboardInProgress'
>;

/**
 * For features: report what runs on the page (`nav.update`). The flags are sent whenever they change
 * and reset to false when the reporting component unmounts (a page that is gone generates nothing).
 *
 *   useReportGeneration({ generationRunning: isStreaming });
 */
export function useReportGeneration(flags: Partial<GenerationFlags>) {
  const { navigationGuard: guard } = useAppActors();
  const key = JSON.stringify(flags);
  useEffect(() => {
    const reported = JSON.parse(key) as Partial<GenerationFlags>;
    guard.send({ type: 'nav.update', flags: reported });
    return () => {
      const cleared = Object.fromEntries(Object.keys(reported).map((k) => [k, false])) as Partial<GenerationFlags>;
      guard.send({ type: 'nav.update', flags: cleared });
    };
  }, [guard, key]);
}

/**
 * For features that navigate with guard options (a history row that opens another blog, a "new blog"
 * with reset): asks the guard, which then navigates, loads the blog or opens its dialog.
 */
export function useGuardedNavigate() {
  const { navigationGuard: guard } = useAppActors();
  return useCallback(
    (to: string, options: { blogId?: BlogId | null; reset?: boolean } = {}) =>
      guard.send({ type: 'nav.request', to, blogId: options.blogId ?? null, reset: options.reset ?? false }),
    [guard],
  );
}
