/**
 * The built client's files as a browser should get them: compressed (the .br or .gz file the
 * build wrote beside each text file, see vite.config.ts: nothing compressed per request), and
 * cached for a year when their name carries their content's hash (/assets/), while the shell
 * (index.html) is revalidated on every visit, so that a new version is seen at once.
 */
import { stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The types of the files the build compresses (vite.config.ts writes .br and .gz for them). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

const YEAR = 'public, max-age=31536000, immutable';

const isFile = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The encodings the request accepts, best first, of those the build writes: a coding named in
 * Accept-Encoding (or `*`), not refused by `q=0`.
 */
export function encodings(acceptEncoding: string | undefined): { ext: string; name: string }[] {
  const q = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((w) => w);
    q.set(coding, weight === undefined ? 1 : Number(weight));
  }
  const ok = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return [
    { ext: '.br', name: 'br' },
    { ext: '.gz', name: 'gzip' },
  ].filter((e) => ok(e.name));
}

/**
 * Sends `file` (a path inside `dir`) in the best encoding the request accepts that was built;
 * calls next() when there is no such file.
 */
export async function sendClientFile(
  dir: string,
  file: string,
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const root = resolve(dir);
  const path = resolve(join(root, file));
  if (!path.startsWith(root + sep) || !(await isFile(path))) return next();
  const type = TYPES[extname(path)];
  const headers: Record<string, string> = {
    'Cache-Control':
      file.startsWith(`assets${sep}`) || file.startsWith('assets/') ? YEAR : 'no-cache',
  };
  let sent = path;
  if (type) {
    headers['Content-Type'] = type;
    headers['Vary'] = 'Accept-Encoding';
    for (const e of encodings(req.headers['accept-encoding']))
      if (await isFile(path + e.ext)) {
        sent = path + e.ext;
        headers['Content-Encoding'] = e.name;
        break;
      }
  }
  // Relative to `root`: `send` denies dot-names in the path it is given, and the install's own
  // path may hold one (~/.local/..., a CI cache); inside the client, none is served.
  res.sendFile(
    relative(root, sent),
    { root, headers, cacheControl: false, dotfiles: 'deny' },
    (err) => {
      if (err && !res.headersSent) next(err);
    },
  );
}

/** Express middleware: the client's files (`/` its index.html), before anything else answers. */
export function clientFiles(dir: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (file.includes('\0')) return next();
    file = file === '/' ? 'index.html' : file.replace(/^\/+/, '');
    sendClientFile(dir, file, req, res, next).catch(next);
  };
}
