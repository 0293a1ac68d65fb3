/**
 * Recent Blogs under New Blog in the sidebar (01 §2; preview of 4 with 'View All' at 4 or more, 01 §9), from the
 * real GET /api/longBlog/list of the in-process backend.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { SHELL_MESSAGES } from '@/features/shell/messages';
import { RECENT_BLOGS_MESSAGES as M } from '@/features/shell/recent-blogs';
import type { AppServices } from '@/core/services';

const backend = useTestBackend();

async function createBlog(services: AppServices, title: string) {
  const { response } = await services.api.POST('/api/longBlog/createOutline', { body: { user_input_title: title }, parseAs: 'text' });
  expect(response.status).toBe(200);
}

async function sidebarFor(services: AppServices) {
  renderRoute('/home', services);
  return screen.findByRole('complementary', { name: 'Sidebar' });
}

describe('Recent Blogs', () => {
  it('is not shown while the user has no blog', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    const sidebar = await sidebarFor(services);
    await within(sidebar).findByRole('link', { name: 'New Blog' });
    expect(within(sidebar).queryByRole('region', { name: SHELL_MESSAGES.recentBlogs })).toBeNull();
  });

  it('lists the newest blogs linking to the writer; View All appears at 4', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'plus@demo.test');
    await createBlog(services, 'Sourdough for beginners');
    await createBlog(services, 'Cold brew at home');
    await createBlog(services, 'Pasta from scratch');
    const view = renderRoute('/home', services);
    let recent = await screen.findByRole('region', { name: SHELL_MESSAGES.recentBlogs }, { timeout: 5000 });
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Pasta from scratch', 'Cold brew at home', 'Sourdough for beginners']);
    expect(links[0].getAttribute('href')).toMatch(/^\/blog-writer\?blog_id=\d+$/);
    expect(within(recent).queryByRole('link', { name: M.viewAll })).toBeNull();
    view.unmount();

    await createBlog(services, 'Knife skills');
    await createBlog(services, 'Weeknight curries');
    // a later visit (a fresh page: new client and cache, same session)
    const later = createTestServices(backend);
    later.tokens.set(services.tokens.get()!);
    renderRoute('/home', later);
    recent = await screen.findByRole('region', { name: SHELL_MESSAGES.recentBlogs }, { timeout: 5000 });
    const blogLinks = within(recent).getAllByRole('link').filter((l) => l.textContent !== M.viewAll);
    expect(blogLinks).toHaveLength(4);
    expect(blogLinks[0]).toHaveTextContent('Weeknight curries');
    expect(within(recent).getByRole('link', { name: M.viewAll })).toHaveAttribute('href', '/blog-library');
  });
});
