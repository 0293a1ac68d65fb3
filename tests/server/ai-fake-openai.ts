// A small OpenAI-compatible chat-completions server for tests: node:http on an ephemeral port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeOpenAi {
  /** Base URL including /v1, as AI_BASE_URL would be. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Resolves when the connection of the n-th request (0-based) closes before its response ended. */
  clientGone(n: number): Promise<void>;
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One SSE event carrying a chat.completion.chunk with the given delta. */
export function chunkEvent(delta: Record<string, unknown>, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;
}

export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  const gone: { promise: Promise<void>; resolve: () => void }[] = [];
  const goneAt = (n: number) => {
    while (gone.length <= n) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      gone.push({ promise, resolve });
    }
    return gone[n];
  };
  let handler: FakeHandler = (_req, res) => {
    res.writeHead(500).end('no handler');
  };

  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const text = Buffer.concat(parts).toString('utf8');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    const index = requests.length;
    const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    requests.push(recorded);
    res.on('error', () => undefined);
    res.on('close', () => {
      if (!res.writableEnded) goneAt(index).resolve();
    });
    try {
      await handler(recorded, res);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    clientGone: (n) => goneAt(n).promise,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
