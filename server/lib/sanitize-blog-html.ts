/**
 * The HTML a long blog's part may hold (03 §4 "the blog editor": heading, bold, italic, strike, rule, quote,
 * lists, task list, table, image, link). Saved HTML is cleaned on the way in, so what is stored is safe for any
 * reader of it (an export, a WordPress publish, another client), not only for the app's own renderer: scripts,
 * event handlers, styles, frames and javascript:/data: links go; the editor's own markup stays.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'strike', 'code', 'pre', 'mark',
    'hr', 'blockquote', 'ul', 'ol', 'li', 'label', 'input', 'div', 'span',
    'table', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    // the task list (a list of checkable items)
    ul: [{ name: 'data-type', multiple: false, values: ['taskList'] }],
    li: [{ name: 'data-type', multiple: false, values: ['taskItem'] }, 'data-checked'],
    input: ['type', 'checked', 'disabled'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // pictures the editor compressed in the browser arrive as data: URLs; in <img> they cannot run script
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // links open in a new tab (03 §4), never with a handle on this page
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    // the only input the editor makes is a task item's checkbox
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, type: 'checkbox' } }),
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
