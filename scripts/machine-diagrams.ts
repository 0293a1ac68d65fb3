/**
 * Renders every machine of machines/*.machine.ts (found by listing the folder, so new machines
 * appear without edits) as a Mermaid stateDiagram-v2, from the machine definition itself, into
 * machines/README.md.
 *
 *   npx tsx scripts/machine-diagrams.ts          # writes machines/README.md
 *   npx tsx scripts/machine-diagrams.ts --check  # exits 1 when machines/README.md is stale
 *
 * tests/machines/diagrams.test.ts fails when the README is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyNode = any;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const machinesDir = join(root, 'machines');
export const readmePath = join(machinesDir, 'README.md');

const mid = (node: AnyNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function guardText(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return (guard as { name?: string }).name || 'guard';
  const g = guard as { type?: string; guards?: unknown[] };
  if (g.type === 'xstate.and' || g.type === 'xstate.or') return g.guards!.map(guardText).join(g.type === 'xstate.and' ? ' and ' : ' or ');
  if (g.type === 'xstate.not') return `not ${guardText(g.guards?.[0])}`;
  return g.type ?? 'guard';
}

function eventText(t: AnyNode): string {
  const e: string = t.eventType;
  if (e === '') return 'always';
  let m = /^xstate\.after\.([^.]+)\./.exec(e);
  if (m) return `after ${m[1]}`;
  m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e);
  if (m) return `${m[1]} ${m[2]}`;
  m = /^xstate\.done\.state\./.exec(e);
  if (m) return 'done';
  return e;
}

function label(t: AnyNode): string {
  const g = guardText(t.guard);
  return (g ? `${eventText(t)} [${g}]` : eventText(t)).replace(/[:;#]/g, ' ');
}

function renderNode(node: AnyNode, indent: string, lines: string[]): void {
  const children = Object.values(node.states ?? {}) as AnyNode[];
  const parallel = node.type === 'parallel';
  children.forEach((child, i) => {
    lines.push(`${indent}state "${child.key}" as ${mid(child)}`);
    const grand = Object.values(child.states ?? {});
    if (grand.length) {
      lines.push(`${indent}state ${mid(child)} {`);
      renderNode(child, indent + '  ', lines);
      lines.push(`${indent}}`);
    }
    if (parallel && i < children.length - 1) lines.push(`${indent}--`);
  });
  if (!parallel && node.initial?.target?.length) {
    for (const t of node.initial.target) lines.push(`${indent}[*] --> ${mid(t)}`);
  }
}

function edges(node: AnyNode, lines: string[]): void {
  const all: AnyNode[] = [...[...(node.transitions as Map<string, AnyNode[]>).values()].flat(), ...(node.always ?? [])];
  for (const t of all) {
    const targets: AnyNode[] = t.target?.length ? t.target : [node];
    for (const target of targets) lines.push(`  ${mid(node)} --> ${mid(target)}: ${label(t)}`);
  }
  if (node.type === 'final') lines.push(`  ${mid(node)} --> [*]`);
  for (const child of Object.values(node.states ?? {})) edges(child, lines);
}

/** Mermaid stateDiagram-v2 of one machine definition. */
export function toMermaid(machine: AnyNode): string {
  const lines = ['stateDiagram-v2'];
  renderNode(machine.root, '  ', lines);
  edges(machine.root, lines);
  return lines.join('\n');
}

function eventsOf(machine: AnyNode): string[] {
  const out = new Set<string>();
  const walk = (n: AnyNode) => {
    for (const e of (n.transitions as Map<string, unknown>).keys()) if (!e.startsWith('xstate.')) out.add(e);
    for (const c of Object.values(n.states ?? {})) walk(c);
  };
  walk(machine.root);
  return [...out].sort();
}

function isMachine(v: unknown): v is AnyNode {
  return !!v && typeof v === 'object' && 'root' in v && 'config' in v && typeof (v as AnyNode).transition === 'function';
}

/** Loads every machines/*.machine.ts and renders the README text. */
export async function renderReadme(): Promise<string> {
  const files = readdirSync(machinesDir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const sections: string[] = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(join(machinesDir, file)).href);
    const machines = Object.entries(mod)
      .filter(([, v]) => isMachine(v))
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [name, machine] of machines) {
      const m = machine as AnyNode;
      const actors = Object.keys(m.implementations?.actors ?? {}).sort();
      const delays = Object.entries(m.implementations?.delays ?? {})
        .map(([k, v]) => `\`${k}\` = ${typeof v === 'number' ? `${v} ms` : 'computed'}`)
        .sort();
      const guards = Object.keys(m.implementations?.guards ?? {}).sort();
      sections.push(
        [
          `## ${m.id}`,
          '',
          `\`${name}\` in [${file}](./${file})`,
          '',
          `- Events: ${eventsOf(m).map((e) => `\`${e}\``).join(', ') || '(none: runs from its input)'}`,
          `- Actor slots: ${actors.map((a) => `\`${a}\``).join(', ') || '(none)'}`,
          `- Delays: ${delays.join(', ') || '(none)'}`,
          `- Guards: ${guards.map((g) => `\`${g}\``).join(', ') || '(none)'}`,
          '',
          '```mermaid',
          toMermaid(m),
          '```',
          '',
        ].join('\n'),
      );
    }
  }
  return [
    '# Machines',
    '',
    'Generated by `npx tsx scripts/machine-diagrams.ts` from the machine definitions; do not edit by hand.',
    '`tests/machines/diagrams.test.ts` fails when this file is stale.',
    '',
    'Every machine is an XState v5 `setup({ … }).createMachine({ … })` with typed input, named actor',
    'slots (placeholders that throw "not provided"; the app provides them in `src/actors/`, tests with',
    '`machine.provide`), named delays from `machines/constants.ts` and no DOM, storage, network or clock',
    'access (`tests/machines/boundary.test.ts`). Edge labels: event `[guard]`; `after X` is a named delay;',
    '`done X` / `error X` are the outcomes of the invoked actor X; `always` is an eventless transition.',
    '',
    ...sections,
  ].join('\n');
}

async function main() {
  const text = await renderReadme();
  if (process.argv.includes('--check')) {
    const current = readFileSync(readmePath, 'utf8');
    if (current !== text) {
      console.error('machines/README.md is stale: run npx tsx scripts/machine-diagrams.ts');
      process.exit(1);
    }
    return;
  }
  writeFileSync(readmePath, text);
  console.log(`wrote ${readmePath}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
