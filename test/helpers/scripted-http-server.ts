import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 (random port) answering from a per-test queue of scripted replies
 * and recording every request. The API-specific servers (`openai-server.ts`, `anthropic-server.ts`)
 * add the wire-format checks a real API makes and builders for its replies.
 */

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  /** Wait before answering (a slow server). */
  delayMs?: number;
  /** Drop the connection without answering (a network reset). */
  reset?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Raw body text, exactly as received. */
  raw: string;
  /** Parsed JSON body (undefined when it was not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the shape its own API sends
  body: any;
}

export interface ScriptedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queue replies; each request takes the next one. */
  reply(...replies: ScriptedReply[]): void;
  /** Replies still queued (a test can assert all were used). */
  pending(): number;
  close(): Promise<void>;
}

/** Returns a reply that rejects a malformed request the way the real API would, or undefined. */
export type RequestValidator = (request: RecordedRequest) => ScriptedReply | undefined;

export async function startScriptedServer(validate: RequestValidator): Promise<ScriptedServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
      };
      requests.push(recorded);
      const invalid = validate(recorded);
      const next: ScriptedReply = invalid ??
        queue.shift() ?? {
          status: 500,
          body: {
            error: { message: `scripted server: no reply queued for request ${requests.length}`, type: 'test_error' },
          },
        };
      const send = () => {
        if (next.reset) {
          req.socket.destroy();
          return;
        }
        const payload = typeof next.body === 'string' ? next.body : JSON.stringify(next.body ?? {});
        res.writeHead(next.status ?? 200, {
          'content-type': typeof next.body === 'string' ? 'text/plain' : 'application/json',
          ...next.headers,
        });
        res.end(payload);
      };
      if (next.delayMs) setTimeout(send, next.delayMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => queue.push(...replies),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
