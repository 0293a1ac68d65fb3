// Fast structural checks of the OpenAPI description, on the generated dereferenced bundles,
// plus the Redocly lint (the same command as `npm run lint:api`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; tags?: { name: string }[] };

const bundles: [string, Doc][] = [
  ['openapi.bundle.gen.json', JSON.parse(readFileSync(join(root, 'openapi/generated/openapi.bundle.gen.json'), 'utf8'))],
  ['queue.bundle.gen.json', JSON.parse(readFileSync(join(root, 'openapi/generated/queue.bundle.gen.json'), 'utf8'))],
];

function operations(doc: Doc) {
  const out: { where: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) if (item[m]) out.push({ where: `${m.toUpperCase()} ${path}`, op: item[m] });
  }
  return out;
}

describe.each(bundles)('%s', (_name, doc) => {
  const ops = operations(doc);

  it('gives every operation a unique camelCase operationId, a summary and a declared tag', () => {
    const declared = new Set((doc.tags ?? []).map((t) => t.name));
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { where, op } of ops) {
      if (!op.operationId || !/^[a-z][A-Za-z0-9]*$/.test(op.operationId)) problems.push(`${where}: operationId`);
      else if (seen.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} also on ${seen.get(op.operationId)}`);
      else seen.set(op.operationId, where);
      if (!op.summary) problems.push(`${where}: summary`);
      if (!op.tags?.length || op.tags.some((t) => !declared.has(t))) problems.push(`${where}: tags`);
    }
    expect(problems).toEqual([]);
  });

  it('declares parameters on operations, not on path items (the server reads operation parameters only)', () => {
    const withPathLevel = Object.entries(doc.paths)
      .filter(([, item]) => 'parameters' in item)
      .map(([path]) => path);
    expect(withPathLevel).toEqual([]);
  });

  it('gives every 2XX response with a body a schema, and every operation a 4XX', () => {
    const problems: string[] = [];
    for (const { where, op } of ops) {
      const codes = Object.keys(op.responses ?? {});
      if (!codes.some((c) => c.startsWith('4'))) problems.push(`${where}: no 4XX`);
      for (const [code, res] of Object.entries(op.responses ?? {})) {
        if (!code.startsWith('2')) continue;
        for (const [type, media] of Object.entries(res.content ?? {})) {
          if (!media.schema) problems.push(`${where} ${code} ${type}: no schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('redocly lint', () => {
  it('reports no problems (npm run lint:api)', () => {
    let output: string;
    try {
      output = execFileSync(
        join(root, 'node_modules/.bin/redocly'),
        ['lint', 'openapi/openapi.yaml', 'openapi/queue.yaml', '--config', 'openapi/redocly.yaml', '--format', 'summary'],
        {
          cwd: root,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
          encoding: 'utf8',
        },
      );
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: err });
    }
    // --format summary lists one line per rule with problems ("error rule: n" / "warning rule: n").
    expect(output.split('\n').filter((l) => /^(error|warning) /.test(l.trim()))).toEqual([]);
  });
});

describe('bundled schemas', () => {
  it('compile with Ajv 2020 in strict mode (the server validates request bodies with them)', async () => {
    const { default: Ajv2020 } = await import('ajv/dist/2020.js');
    const { default: addFormats } = await import('ajv-formats');
    const problems: string[] = [];
    for (const [name, doc] of bundles) {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      addFormats(ajv);
      for (const { where, op } of operations(doc)) {
        const body = (op as { requestBody?: { content?: Record<string, { schema?: object }> } }).requestBody;
        const media = [
          ...Object.entries(body?.content ?? {}).map(([t, m]) => [`request ${t}`, m.schema] as const),
          ...Object.entries(op.responses ?? {}).flatMap(([code, r]) =>
            Object.entries(r.content ?? {}).map(([t, m]) => [`${code} ${t}`, m.schema as object | undefined] as const),
          ),
        ];
        for (const [what, schema] of media) {
          if (!schema) continue;
          try {
            ajv.compile(schema);
          } catch (err) {
            problems.push(`${name} ${where} ${what}: ${(err as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
