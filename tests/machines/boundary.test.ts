/**
 * Boundary of machines/ (ARCHITECTURE.md "Machines"): every machines/*.ts — all machines and their
 * helper modules, whoever wrote them — stays free of UI, storage, network and clock access.
 * Fails when a file imports react (or react-dom / @xstate/react), imports anything from src/ or
 * server/, or mentions window, document, localStorage, sessionStorage, fetch(, Date.now or new Date(.
 * Comments are stripped first (prose like "a 30-minute window" is not a use); code and strings are scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '../../machines');

/** Removes // and /* *\/ comments while keeping string and template literals intact. */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && n === '*') {
      i += 2;
      while (i < src.length && !(src[i] === '*' && src[i + 1] === '/')) i++;
      i += 2;
    } else if (c === '"' || c === "'" || c === '`') {
      const q = c;
      out += src[i++];
      while (i < src.length && src[i] !== q) {
        if (src[i] === '\\') out += src[i++];
        out += src[i++];
      }
      out += src[i++] ?? '';
    } else out += src[i++];
  }
  return out;
}

const rules: Array<[string, RegExp]> = [
  ['imports react', /\bfrom\s+['"](react|react-dom|@xstate\/react)(\/[^'"]*)?['"]|\bimport\s*\(\s*['"](react|react-dom)['"]|\brequire\(\s*['"]react/],
  ['imports from src/ or server/', /\bfrom\s+['"](\.\.\/)+(src|server)(\/|['"])|\bfrom\s+['"](src|server)\/|\bimport\s*\(\s*['"](\.\.\/)+(src|server)\//],
  ['mentions window', /\bwindow\b/],
  ['mentions document', /\bdocument\b/],
  ['mentions localStorage', /\blocalStorage\b/],
  ['mentions sessionStorage', /\bsessionStorage\b/],
  ['calls fetch(', /\bfetch\s*\(/],
  ['mentions Date.now', /\bDate\s*\.\s*now\b/],
  ['mentions new Date(', /\bnew\s+Date\s*\(/],
];

export function violations(source: string): string[] {
  const code = stripComments(source);
  return rules.filter(([, re]) => re.test(code)).map(([name]) => name);
}

describe('machines/ boundary', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();

  it('finds the machine files', () => {
    expect(files.filter((f) => f.endsWith('.machine.ts')).length).toBeGreaterThanOrEqual(8);
  });

  for (const f of files) {
    it(`${f} has no react, src/, server/, DOM, storage, fetch or clock access`, () => {
      expect(violations(readFileSync(join(dir, f), 'utf8'))).toEqual([]);
    });
  }

  it('the scanner catches each forbidden use (and ignores prose in comments)', () => {
    expect(violations("import { useState } from 'react';")).toEqual(['imports react']);
    expect(violations("import { useActor } from '@xstate/react';")).toEqual(['imports react']);
    expect(violations("import { api } from '../src/api/client';")).toEqual(['imports from src/ or server/']);
    expect(violations("import { db } from '../server/db';")).toEqual(['imports from src/ or server/']);
    expect(violations('const w = window.innerWidth;')).toEqual(['mentions window']);
    expect(violations('document.title = "x";')).toEqual(['mentions document']);
    expect(violations("localStorage.getItem('t');")).toEqual(['mentions localStorage']);
    expect(violations("sessionStorage.clear();")).toEqual(['mentions sessionStorage']);
    expect(violations("await fetch('/api');")).toEqual(['calls fetch(']);
    expect(violations('const t = Date.now();')).toEqual(['mentions Date.now']);
    expect(violations('const d = new Date();')).toEqual(['mentions new Date(']);
    expect(violations("const s = 'x'; // a 30-minute window, Date.now() in prose\n/* new Date( */")).toEqual([]);
    expect(violations('refetchTitle(); const documents = 1;')).toEqual([]);
  });
});
