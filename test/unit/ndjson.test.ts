/**
 * An NDJSON stream over a real HTTP connection: its lines in order, an empty line while nothing
 * happens (the keep-alive; 6 s in the app, 50 ms here), nothing after close.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { NdjsonStream } from '../../src/bot-api/ndjson.js';

test('lines as sent, keep-alives while idle, and nothing once closed', async () => {
  let stream: NdjsonStream | null = null;
  const app = express();
  app.get('/s', (_req, res) => {
    stream = new NdjsonStream(res, 50);
    stream.send({ type: 'hello' });
  });
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/s`);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Read until three keep-alives have come after the first line.
    while ((text.match(/\n\n/g) ?? []).length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text.startsWith('{"type":"hello"}\n')).toBe(true);
    expect(text.slice('{"type":"hello"}\n'.length)).toMatch(/^\n{3,}$/);
    (stream as NdjsonStream | null)?.close();
    expect((stream as NdjsonStream | null)?.send({ type: 'late' })).toBe(false);
    // The response ends: the rest of the body holds nothing but keep-alives sent before close.
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    expect(rest).toMatch(/^\n*$/);
  } finally {
    server.close();
  }
});
