/**
 * The Bot API guide (docs/BOT-API.md) as a page of the site (GET /bot-api), so the tokens page
 * can link it: rendered from the repository's Markdown once, when first asked for. The text is
 * ours (no user input reaches it); the page takes the site's stylesheet-free defaults.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { marked } from 'marked';

const PAGE = (body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Bot API - Damas</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  pre, code { background: #f4f4f4; border-radius: 4px; }
  pre { padding: 0.75rem; overflow-x: auto; }
  table { border-collapse: collapse; display: block; overflow-x: auto; }
  th, td { border: 1px solid #ddd; padding: 0.3rem 0.5rem; vertical-align: top; }
  a { color: #0b5cad; }
</style>
</head>
<body>
<p><a href="/">Damas</a> · <a href="/?page=tokens">API tokens</a> · <a href="/docs">OpenAPI</a></p>
${body}
</body>
</html>`;

let cached: Promise<string | null> | null = null;

/** The guide as HTML, or null when the repository's docs are not here (an image without them). */
export function botApiGuide(file = resolve('docs/BOT-API.md')): Promise<string | null> {
  cached ??= readFile(file, 'utf8').then(
    async (md) => PAGE(await marked.parse(md, { gfm: true })),
    () => null,
  );
  return cached;
}
