/**
 * A small, safe Markdown renderer for chat replies: Markdown → React elements directly.
 *
 * Safety by construction: no HTML string is ever produced or injected (no dangerouslySetInnerHTML),
 * so raw HTML in a reply is shown as text and can never execute; link targets are kept only for
 * http(s) and mailto (anything else — javascript:, data:, vbscript: … — renders as plain text), and
 * every link opens in a new tab with rel="noopener noreferrer". Images are shown as links (a reply
 * cannot make the browser fetch arbitrary addresses).
 *
 * Supported (what chat models write): ATX headings, paragraphs (single newlines are line breaks, as in
 * chat apps), emphasis / strong / strikethrough, inline code, fenced code blocks, block quotes,
 * ordered and unordered lists with nesting, GFM tables, horizontal rules, links and bare URLs.
 *
 * Swapping in a library (e.g. markdown-it with html:false, or marked + DOMPurify) means replacing
 * `renderMarkdownBlock` here: markdown.tsx only calls this one function per block.
 */
import { Fragment, type ReactNode } from 'react';

export const LINK_REL = 'noopener noreferrer';

/** The only URL schemes a link may have; relative and protocol-relative URLs are refused too. */
export function safeHref(raw: string): string | null {
  const url = raw.trim().replace(/^<|>$/g, '');
  if (/^(https?:\/\/|mailto:)/i.test(url) && !/[\s"'<>`]/.test(url)) return url;
  return null;
}

// ── inline ───────────────────────────────────────────────────────────────────────────────────

const ESCAPABLE = '\\`*_{}[]()#+-.!|~>';

function findClosing(text: string, from: number, delim: string): number {
  let i = from;
  while (i < text.length) {
    const j = text.indexOf(delim, i);
    if (j < 0) return -1;
    if (text[j - 1] !== '\\') return j;
    i = j + 1;
  }
  return -1;
}

/** Finds the `)` that closes a link destination starting at `from` (balanced parentheses). */
function findLinkEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return i;
      depth--;
    } else if (c === '\n') return -1;
  }
  return -1;
}

function link(href: string, children: ReactNode, key: string): ReactNode {
  return (
    <a key={key} href={href} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  );
}

const BARE_URL_RE = /https?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/y;

/** Inline Markdown → React nodes. `k` prefixes keys so siblings stay unique. */
export function renderInline(text: string, k = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let buf = '';
  let n = 0;
  const flush = () => {
    if (buf) out.push(buf);
    buf = '';
  };
  const key = () => `${k}.${n++}`;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    // escapes
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.includes(text[i + 1])) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    // inline code: `code` or ``code``
    if (c === '`') {
      let ticks = 1;
      while (text[i + ticks] === '`') ticks++;
      const fence = '`'.repeat(ticks);
      const end = text.indexOf(fence, i + ticks);
      if (end > 0) {
        flush();
        out.push(<code key={key()}>{text.slice(i + ticks, end).replace(/^ (.*) $/s, '$1')}</code>);
        i = end + ticks;
        continue;
      }
      buf += fence;
      i += ticks;
      continue;
    }
    // links and images: [text](url) / ![alt](url)
    if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const start = c === '!' ? i + 1 : i;
      const close = findClosing(text, start + 1, ']');
      if (close > 0 && text[close + 1] === '(') {
        const end = findLinkEnd(text, close + 2);
        if (end > 0) {
          const label = text.slice(start + 1, close);
          const dest = text.slice(close + 2, end).trim().split(/\s+"/)[0];
          const href = safeHref(dest);
          flush();
          if (c === '!') {
            // an image becomes a link to it (no remote fetch from a reply)
            out.push(href ? link(href, label || href, key()) : label);
          } else if (href) {
            out.push(link(href, renderInline(label, key()), key()));
          } else {
            out.push(<Fragment key={key()}>{renderInline(label, `${k}.${n}`)}</Fragment>);
          }
          i = end + 1;
          continue;
        }
      }
    }
    // autolink <https://…>
    if (c === '<') {
      const end = text.indexOf('>', i + 1);
      if (end > 0) {
        const href = safeHref(text.slice(i + 1, end));
        if (href) {
          flush();
          out.push(link(href, href.replace(/^mailto:/i, ''), key()));
          i = end + 1;
          continue;
        }
      }
    }
    // bare URL
    if ((c === 'h' || c === 'H') && /^https?:\/\//i.test(text.slice(i, i + 8)) && !/[\w/]$/.test(buf)) {
      BARE_URL_RE.lastIndex = i;
      const m = BARE_URL_RE.exec(text);
      if (m) {
        flush();
        out.push(link(m[0], m[0], key()));
        i += m[0].length;
        continue;
      }
    }
    // strong / emphasis / strikethrough
    if (c === '*' || c === '_' || c === '~') {
      let run = 1;
      while (text[i + run] === c) run++;
      const prev = i > 0 ? text[i - 1] : ' ';
      const next = text[i + run] ?? ' ';
      // `_` inside a word (snake_case) is not emphasis; a delimiter must touch non-space text
      const opens = !/\s/.test(next) && !(c === '_' && /\w/.test(prev));
      if (c === '~') {
        if (run === 2 && opens) {
          const end = findClosing(text, i + 2, '~~');
          if (end > i + 2 && !/\s/.test(text[end - 1])) {
            flush();
            out.push(<del key={key()}>{renderInline(text.slice(i + 2, end), `${k}.${n}`)}</del>);
            i = end + 2;
            continue;
          }
        }
        buf += c.repeat(run);
        i += run;
        continue;
      }
      if (opens) {
        const len = run >= 3 ? 3 : run;
        const delim = c.repeat(len);
        let end = findClosing(text, i + len, delim);
        // the closing run must touch text on its left and (for `_`) not continue a word
        while (end > 0 && (/\s/.test(text[end - 1]) || (c === '_' && /\w/.test(text[end + len] ?? '')))) {
          end = findClosing(text, end + 1, delim);
        }
        if (end > i + len) {
          const inner = text.slice(i + len, end);
          flush();
          const kk = key();
          const body = renderInline(inner, kk);
          out.push(
            len === 3 ? (
              <strong key={kk}>
                <em>{body}</em>
              </strong>
            ) : len === 2 ? (
              <strong key={kk}>{body}</strong>
            ) : (
              <em key={kk}>{body}</em>
            ),
          );
          i = end + len;
          continue;
        }
      }
      buf += c.repeat(run);
      i += run;
      continue;
    }
    // hard line break / newline (chat: every newline inside a paragraph is a line break)
    if (c === '\n') {
      buf = buf.replace(/ +$|\\$/, '');
      flush();
      out.push(<br key={key()} />);
      i++;
      continue;
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

// ── blocks ───────────────────────────────────────────────────────────────────────────────────

const FENCE_RE = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING_RE = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const HR_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE_RE = /^ {0,3}> ?/;
const LIST_RE = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const TABLE_SEP_RE = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

const blank = (l: string) => l.trim() === '';
const indentOf = (l: string) => /^ */.exec(l.replace(/\t/g, '    '))![0].length;

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (s[i] === '|') {
      cells.push(cur.trim());
      cur = '';
    } else cur += s[i];
  }
  cells.push(cur.trim());
  return cells;
}

function startsBlock(line: string): boolean {
  return FENCE_RE.test(line) || HEADING_RE.test(line) || HR_RE.test(line) || QUOTE_RE.test(line) || LIST_RE.test(line);
}

function isTableStart(lines: string[], i: number): boolean {
  return lines[i].includes('|') && i + 1 < lines.length && TABLE_SEP_RE.test(lines[i + 1]) && lines[i + 1].includes('-');
}

type Align = 'left' | 'center' | 'right' | undefined;

function renderList(lines: string[], start: number, k: string): { node: ReactNode; next: number } {
  const first = LIST_RE.exec(lines[start])!;
  const baseIndent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items: { lines: string[] }[] = [];
  let i = start;
  let loose = false;
  while (i < lines.length) {
    const m = LIST_RE.exec(lines[i]);
    if (!m || m[1].length > baseIndent + 1 || /\d/.test(m[2]) !== ordered || (m[1].length < baseIndent && items.length)) break;
    const contentIndent = m[1].length + m[2].length + 1;
    const item = { lines: [m[3] ?? ''] };
    items.push(item);
    i++;
    while (i < lines.length) {
      const l = lines[i];
      if (blank(l)) {
        // look ahead: the item (or the list) goes on after blank lines only with indented text or a sibling item
        let j = i;
        while (j < lines.length && blank(lines[j])) j++;
        if (j >= lines.length) {
          i = j;
          break;
        }
        const nm = LIST_RE.exec(lines[j]);
        if (indentOf(lines[j]) >= contentIndent) {
          item.lines.push(...lines.slice(i, j).map(() => ''));
          loose = true;
          i = j;
          continue;
        }
        if (nm && nm[1].length <= baseIndent + 1 && /\d/.test(nm[2]) === ordered) {
          loose = true;
          i = j;
        }
        break;
      }
      const ind = indentOf(l);
      const lm = LIST_RE.exec(l);
      if (lm && lm[1].length <= baseIndent + 1) break; // a sibling (or a shallower list)
      if (ind >= baseIndent + 2) {
        item.lines.push(l.replace(/\t/g, '    ').slice(Math.min(ind, contentIndent)));
      } else if (startsBlock(l)) {
        break;
      } else {
        item.lines.push(l.trim()); // lazy continuation of the item's paragraph
      }
      i++;
    }
    if (i < lines.length && blank(lines[i])) break;
  }
  const startNo = ordered ? Number.parseInt(first[2], 10) : 1;
  const children = items.map((it, idx) => {
    const inner = renderBlocks(it.lines, `${k}.${idx}`, !loose);
    return <li key={idx}>{inner}</li>;
  });
  const node = ordered ? (
    <ol key={k} start={startNo !== 1 ? startNo : undefined}>
      {children}
    </ol>
  ) : (
    <ul key={k}>{children}</ul>
  );
  return { node, next: i };
}

/**
 * Block Markdown (as lines) → React nodes. `tight`: a lone paragraph is rendered without <p>
 * (the content of a tight list item).
 */
export function renderBlocks(lines: string[], k = 'b', tight = false): ReactNode[] {
  const out: ReactNode[] = [];
  let i = 0;
  let n = 0;
  const key = () => `${k}.${n++}`;
  const paragraphs: number[] = [];
  while (i < lines.length) {
    const line = lines[i];
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE_RE.exec(line);
    if (fence) {
      const [, indent, marker, lang] = fence;
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const l = lines[i];
        const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
        if (close.test(l)) {
          i++;
          break;
        }
        body.push(indent ? l.replace(new RegExp(`^ {0,${indent.length}}`), '') : l);
        i++;
      }
      out.push(
        <pre key={key()} data-language={lang || undefined}>
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = HEADING_RE.exec(line);
    if (heading) {
      const level = heading[1].length;
      const kk = key();
      const content = renderInline(heading[2] ?? '', kk);
      // Reply headings sit below the page's own h1/h2: h3…h6 keep the document outline valid.
      const Tag = (['h3', 'h3', 'h4', 'h5', 'h6', 'h6'] as const)[level - 1];
      out.push(
        <Tag key={kk} data-level={level}>
          {content}
        </Tag>,
      );
      i++;
      continue;
    }
    if (HR_RE.test(line)) {
      out.push(<hr key={key()} />);
      i++;
      continue;
    }
    if (QUOTE_RE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i]) && (QUOTE_RE.test(lines[i]) || !startsBlock(lines[i]))) {
        body.push(lines[i].replace(QUOTE_RE, ''));
        i++;
      }
      const kk = key();
      out.push(<blockquote key={kk}>{renderBlocks(body, kk)}</blockquote>);
      continue;
    }
    if (LIST_RE.test(line)) {
      const { node, next } = renderList(lines, i, key());
      out.push(node);
      i = next;
      continue;
    }
    if (isTableStart(lines, i)) {
      const head = splitRow(lines[i]);
      const aligns: Align[] = splitRow(lines[i + 1]).map((c) =>
        c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : undefined,
      );
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && !blank(lines[i]) && lines[i].includes('|')) {
        rows.push(splitRow(lines[i]));
        i++;
      }
      const kk = key();
      out.push(
        <div key={kk} data-table-scroll="">
          <table>
            <thead>
              <tr>
                {head.map((c, ci) => (
                  <th key={ci} style={aligns[ci] ? { textAlign: aligns[ci] } : undefined}>
                    {renderInline(c, `${kk}.h${ci}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, ri) => (
                <tr key={ri}>
                  {head.map((_, ci) => (
                    <td key={ci} style={aligns[ci] ? { textAlign: aligns[ci] } : undefined}>
                      {renderInline(r[ci] ?? '', `${kk}.${ri}.${ci}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    // paragraph: until a blank line or the start of another block
    const body: string[] = [line];
    i++;
    while (i < lines.length && !blank(lines[i]) && !startsBlock(lines[i]) && !isTableStart(lines, i)) {
      body.push(lines[i]);
      i++;
    }
    const kk = key();
    paragraphs.push(out.length);
    out.push(<p key={kk}>{renderInline(body.map((l) => l.trimStart()).join('\n').trimEnd(), kk)}</p>);
  }
  if (tight) {
    // content of a tight list item: paragraphs without <p> margins
    return out.map((node, idx) =>
      paragraphs.includes(idx) && node && typeof node === 'object' && 'props' in node ? (
        <Fragment key={`t${idx}`}>{(node as { props: { children: ReactNode } }).props.children}</Fragment>
      ) : (
        node
      ),
    );
  }
  return out;
}

/** One block of Markdown source → React nodes (the one function markdown.tsx calls). */
export function renderMarkdownBlock(source: string, key = 'b'): ReactNode[] {
  return renderBlocks(source.split('\n'), key);
}
