import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SHELL_MESSAGES } from '@/features/shell/messages';
import { Sidebar } from '@/features/shell/sidebar';

function renderSidebar(props: Parameters<typeof Sidebar>[0] = {}, path = '/home') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar {...props} />
    </MemoryRouter>,
  );
}

const nav = () => screen.getByRole('navigation', { name: SHELL_MESSAGES.mainNav });

describe('Sidebar feature groups (01 §2)', () => {
  it.each([
    ['Examples', '/image-generator?type=example'],
    ['Gallery', '/image-generator?type=gallery'],
    ['Storybook Image Creator Beta', '/storybook-library?page=1'],
    ['Library', '/blog-library'],
    ['New Blog', '/blog-writer'],
    ['AI Video Generator Beta', '/video-generator?type=gallery'],
    ['AI Text Humanizer', '/ai-text-humanizer'],
    ['AI Tools', '/dashboard'],
    ['AI Chat', '/chat'],
  ])('%s links to %s', (name, href) => {
    renderSidebar();
    expect(within(nav()).getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('groups Examples and Gallery under AI Image Generator', () => {
    renderSidebar();
    const group = within(nav()).getByRole('list', { name: 'AI Image Generator' });
    expect(within(group).getAllByRole('link').map((a) => a.textContent)).toEqual(['Examples', 'Gallery']);
  });

  it('names the groups AI Image Generator and AI Blog Writer with headings, not look-alike links (issue 33, finding 5)', () => {
    renderSidebar();
    for (const name of ['AI Image Generator', 'AI Blog Writer']) {
      const heading = within(nav()).getByRole('heading', { name });
      expect(heading.closest('a, button, [tabindex]')).toBeNull();
      expect(within(nav()).queryByRole('link', { name })).toBeNull();
      expect(within(nav()).getByRole('list', { name })).toBeInTheDocument();
    }
  });

  it('marks Storybook Image Creator and AI Video Generator as Beta, and nothing else', () => {
    renderSidebar();
    const betas = within(nav()).getAllByText('Beta');
    expect(betas).toHaveLength(2);
    expect(betas[0].closest('a')).toHaveTextContent('Storybook Image Creator');
    expect(betas[1].closest('a')).toHaveTextContent('AI Video Generator');
  });

  it('marks the current page, telling Gallery from Examples by the query', () => {
    renderSidebar({}, '/image-generator?type=gallery');
    expect(within(nav()).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Examples' })).not.toHaveAttribute('aria-current');
  });

  it('has the search tools button and the History link', async () => {
    const onSearchTools = vi.fn();
    renderSidebar({ onSearchTools });
    await userEvent.click(screen.getByRole('button', { name: SHELL_MESSAGES.searchTools }));
    expect(onSearchTools).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: SHELL_MESSAGES.history })).toHaveAttribute('href', '/history');
  });

  it('renders the favourites, Recent Blogs, Chat History and promotion slots', () => {
    renderSidebar({
      favourites: <a href="/tools/x">Blog Ideas</a>,
      recentBlogs: <a href="/blog-writer?id=1">My first post</a>,
      chatHistory: <a href="/chat?id=2">Launch plan</a>,
      promotion: <p>Get the mobile app</p>,
    });
    expect(within(screen.getByRole('region', { name: SHELL_MESSAGES.favourites })).getByRole('link')).toHaveTextContent('Blog Ideas');
    expect(within(screen.getByRole('region', { name: SHELL_MESSAGES.recentBlogs })).getByRole('link')).toHaveTextContent('My first post');
    expect(within(screen.getByRole('region', { name: SHELL_MESSAGES.chatHistory })).getByRole('link')).toHaveTextContent('Launch plan');
    expect(screen.getByText('Get the mobile app')).toBeInTheDocument();
  });

  it('leaves empty slots out', () => {
    renderSidebar();
    expect(screen.queryByRole('region', { name: SHELL_MESSAGES.favourites })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: SHELL_MESSAGES.chatHistory })).not.toBeInTheDocument();
  });

  it('shows the user-name menu with avatar in the footer', () => {
    renderSidebar({ profile: { userName: 'Ada Lovelace', isPaidPlan: false } });
    const trigger = screen.getByRole('button', { name: /Ada Lovelace/ });
    expect(trigger).toHaveTextContent('AL');
    expect(trigger).toHaveTextContent('Ada Lovelace');
  });
});
