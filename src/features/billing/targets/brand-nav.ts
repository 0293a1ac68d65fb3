import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SetupStep } from './brand-form';

/**
 * How the brand views (list, setup steps, details: brands-target.tsx, brand-editor.tsx) move between each other: a
 * module of its own, so both read it without importing each other.
 */
export interface BrandNav {
  /** Whether the user moved between brand views (then the new view takes focus). */
  moved: boolean;
  href(view: { brand?: number | 'new'; step?: SetupStep }): string;
  list(opts?: { page?: number; search?: string; replace?: boolean }): void;
  detail(id: number, opts?: { replace?: boolean }): void;
  setup(id: number | 'new', step: SetupStep, opts?: { replace?: boolean }): void;
}

/** Moves between the brand views by rewriting the address (target, page, search and the way back to a blog stay). */
export function useBrandNav(moved: boolean): BrandNav {
  const [params, setParams] = useSearchParams();
  const build = useCallback(
    (view: { brand?: number | 'new'; step?: SetupStep; page?: number; search?: string }) => {
      const next = new URLSearchParams();
      next.set('target', 'brand');
      next.set('page', String(view.page ?? (Math.max(1, Number(params.get('page')) || 1))));
      const search = view.search ?? params.get('search') ?? '';
      if (search) next.set('search', search);
      for (const k of ['blog_id', 'easy_blog_id']) if (params.get(k)) next.set(k, params.get(k)!);
      if (view.brand !== undefined) next.set('brand', String(view.brand));
      if (view.step !== undefined) next.set('step', String(view.step));
      return next;
    },
    [params],
  );
  return useMemo(() => {
    const go = (next: URLSearchParams, replace = false) => setParams(next, { replace });
    return {
      moved,
      href: (view) => `?${build(view).toString()}`,
      list: (o = {}) => go(build({ page: o.page, search: o.search }), o.replace),
      detail: (id, o = {}) => go(build({ brand: id }), o.replace),
      setup: (id, step, o = {}) => go(build({ brand: id, step: id === 'new' ? undefined : step }), o.replace),
    };
  }, [build, moved, setParams]);
}
