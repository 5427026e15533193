/**
 * The bots bench's HTTP client: node:http, no fetch. Requests go over one keep-alive agent with
 * room for every bot's request at once (so none waits for a socket); each NDJSON stream has a
 * connection of its own. Times are read with performance.now() when the answer's last byte (a
 * stream line's chunk) reaches this process.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  /** The body as JSON (null if it is not). */
  body: unknown;
  text: string;
  /** Request written -> whole answer read, ms. */
  ms: number;
  /** performance.now() when the answer was read. */
  at: number;
}

export interface Stream {
  /** Resolves with the status once the response's headers are in (200: lines follow). */
  opened: Promise<number>;
  close(): void;
}

export class HttpClient {
  private readonly host: string;
  private readonly port: number;
  private readonly agent: http.Agent;

  constructor(url: string, sockets: number) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  request(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { 'content-length': data?.length ?? 0 };
    if (token) headers.authorization = `Bearer ${token}`;
    if (data) headers['content-type'] = 'application/json';
    const t = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const at = performance.now();
            const text = Buffer.concat(chunks).toString();
            let json: unknown = null;
            try {
              json = JSON.parse(text);
            } catch {
              // not JSON: kept as text
            }
            resolve({ status: res.statusCode ?? 0, body: json, text, ms: at - t, at });
          });
        },
      );
      req.setNoDelay(true);
      req.on('error', reject);
      req.end(data);
    });
  }

  /**
   * GET an NDJSON stream: `onLine` for each non-empty line (parsed; a line that is not JSON is
   * given as a string) with the time its chunk arrived; `onEnd` once, when the stream ends or
   * fails for any reason other than close(); `onAny` for every line, keep-alives too.
   */
  stream(
    path: string,
    token: string,
    onLine: (line: unknown, at: number) => void,
    onEnd: (why: string) => void,
    onAny: (at: number) => void = () => undefined,
  ): Stream {
    let closed = false;
    let ended = false;
    const end = (why: string) => {
      if (ended) return;
      ended = true;
      if (!closed) onEnd(why);
    };
    let req: http.ClientRequest;
    const opened = new Promise<number>((resolve, reject) => {
      req = http.request(
        {
          host: this.host,
          port: this.port,
          method: 'GET',
          path,
          headers: { authorization: `Bearer ${token}` },
          agent: false, // a connection of its own, closed with the stream
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.setEncoding('utf8');
          let buffered = '';
          res.on('data', (chunk: string) => {
            const at = performance.now();
            buffered += chunk;
            let nl: number;
            while ((nl = buffered.indexOf('\n')) >= 0) {
              const text = buffered.slice(0, nl).trim();
              buffered = buffered.slice(nl + 1);
              onAny(at);
              if (!text) continue; // keep-alive
              let line: unknown;
              try {
                line = JSON.parse(text);
              } catch {
                line = text;
              }
              onLine(line, at);
            }
          });
          res.on('end', () => end(`ended (HTTP ${res.statusCode})`));
          res.on('error', (e) => end(String(e)));
          res.on('close', () => end('closed'));
        },
      );
      req.setNoDelay(true);
      req.on('error', (e) => {
        reject(e);
        end(String(e));
      });
      req.end();
    });
    return {
      opened,
      close: () => {
        closed = true;
        req.destroy();
      },
    };
  }

  destroy(): void {
    this.agent.destroy();
  }
}
