import { useContext, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QueryClientContext } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { useServices } from '@/core/services';
import { BLOG_HISTORY_PAGE_SIZE } from '@machines/constants';
import { paths } from '@/core/paths';

/** Texts of the sidebar's Recent Blogs list (01 §2; 'View All' and the preview of 4 are 01 §9). */
export const RECENT_BLOGS_MESSAGES = {
  viewAll: 'View All',
  untitled: 'Untitled blog',
} as const;

const M = RECENT_BLOGS_MESSAGES;

const list = css({ display: 'flex', flexDirection: 'column', gap: '0.5', listStyle: 'none', m: '0', p: '0' });
const link = css({
  display: 'block',
  px: '3',
  py: '1',
  fontSize: 'sm',
  color: 'fg.muted',
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderRadius: 'md',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
  '&[aria-current=page]': { color: 'accent.text', fontWeight: 'medium' },
});
const viewAll = css({ px: '3', py: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'accent.text', textDecoration: 'none', _hover: { textDecoration: 'underline' } });

/**
 * Recent Blogs under New Blog (01 §2 "Library and Add New / New Blog (with a Recent Blogs list)"): the newest
 * long blogs from GET /api/longBlog/list, a preview of BLOG_HISTORY_PAGE_SIZE (4) with 'View All' → the blog
 * library at 4 or more (01 §9). Nothing is shown when there are none; a failed listing is ignored (01 §8).
 */
export function RecentBlogs({ frame }: { frame: (content: ReactNode) => ReactNode }) {
  const queryClient = useContext(QueryClientContext);
  if (!queryClient) return null;
  return <RecentBlogsInner frame={frame} />;
}

function RecentBlogsInner({ frame }: { frame: (content: ReactNode) => ReactNode }) {
  const { $api } = useServices();
  const { search, pathname } = useLocation();
  const query = $api.useQuery('get', '/api/longBlog/list', { params: { query: { per_page: BLOG_HISTORY_PAGE_SIZE } } }, { retry: false, staleTime: 30_000 });
  const blogs = query.data?.data ?? [];
  if (blogs.length === 0) return null;
  const openId = pathname === paths.newBlog ? new URLSearchParams(search).get('blog_id') : null;
  return frame(
    <>
      <ul className={list}>
        {blogs.map((b) => (
          <li key={b.id}>
            <Link
              className={link}
              to={`${paths.newBlog}?blog_id=${encodeURIComponent(String(b.id))}`}
              aria-current={openId === String(b.id) ? 'page' : undefined}
              title={b.title || M.untitled}
            >
              {b.title || M.untitled}
            </Link>
          </li>
        ))}
      </ul>
      {blogs.length >= BLOG_HISTORY_PAGE_SIZE && (
        <Link className={viewAll} to={paths.blogLibrary}>
          {M.viewAll}
        </Link>
      )}
    </>,
  );
}
