/**
 * Long-blog saveContent cleans the HTML on the way in (issue 25): what is stored is safe for any reader of it
 * (exports, WordPress publishing), not only for the app's renderer; the blog editor's own markup (03 §4: heading,
 * bold, italic, strike, rule, quote, lists, task list, table, image, link) is kept.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness';
import { sanitizeBlogHtml } from '@server/lib/sanitize-blog-html';

const s = useTestServer({ reset: 'once' });

async function blogWithOutline(token: string) {
  const r = await s.call('POST', '/api/longBlog/createOutline', { token, body: { user_input_title: 'Baking sourdough at home' } });
  expect(r.status).toBe(200);
  const blogId = Number(r.res.headers.get('x-blog-id'));
  const blog = (await s.call('GET', `/api/longBlog/getBlogData/${blogId}`, { token })).body.data;
  return { blogId, outline: blog.outlines[blog.last_outline_index] };
}

const HOSTILE = [
  '<p>Hi<script>alert(1)</script></p>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  '<svg><script>alert(1)</script></svg>',
  '<object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example"><input type="text" name="pw"></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<img src="//evil.example/pixel.png">',
];

describe('saveContent stores cleaned HTML', () => {
  it('scripts, handlers, styles, frames and javascript:/data: links never reach the database', async () => {
    const token = await s.login('pro@demo.test');
    const { blogId, outline } = await blogWithOutline(token);
    const section = outline.sections[0];
    const content = HOSTILE.join('\n');
    for (const target of [{ type: 'intro' }, { type: 'conclusion' }, { section_id: section.id }]) {
      const r = await s.call('POST', '/api/longBlog/saveContent', { token, body: { blog_id: blogId, outline_id: outline.id, content, ...target } });
      expect(r.status).toBe(200);
    }
    const stored = (await s.call('GET', `/api/longBlog/getBlogData/${blogId}`, { token })).body.data.outlines.find((o: { id: number }) => o.id === outline.id);
    const sectionHtml = stored.sections.find((x: { id: number }) => x.id === section.id).content;
    for (const html of [stored.introduction, stored.conclusion, sectionHtml]) {
      expect(html).toContain('<p>Hi</p>');
      expect(html).toContain('styled');
      expect(html).not.toMatch(/<script|<iframe|<object|<embed|<form|<svg|<math|onerror|onclick|style=|javascript:|data:text|\/\/evil\.example/i);
    }
  });

  it('the editor’s markup is kept as it is', async () => {
    const editor = [
      '<h2>Heading</h2>',
      '<p><strong>bold</strong> <em>italic</em> <s>strike</s> <code>code</code><br></p>',
      '<hr>',
      '<blockquote><p>quote</p></blockquote>',
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>',
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked></label><div><p>done</p></div></li></ul>',
      '<table><tbody><tr><th colspan="2">Head</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>',
      '<img src="https://cdn.example/a.png" alt="A picture" width="640" height="480">',
      '<img src="/media/abc.png" alt="stored">',
      '<img src="data:image/jpeg;base64,/9j/4AAQ" alt="compressed in the browser">',
      '<p><a href="https://example.com/page" target="_blank" rel="noopener noreferrer">link</a></p>',
    ].join('');
    // void elements come back as <br />, the same element
    expect(sanitizeBlogHtml(editor).replace(/ \/>/g, '>')).toBe(editor);
    // a link always opens in a new tab without a handle on the app
    expect(sanitizeBlogHtml('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeBlogHtml('<input type="text" value="x">')).toBe('<input type="checkbox" />');
  });
});
