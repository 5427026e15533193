/**
 * The analysis board's engine, run in the browser (as lichess runs its engine locally): the
 * position asked is searched one depth deeper at a time, each depth's lines posted as found,
 * until nothing deeper can be found. The page stops it by ending the worker (a search in progress
 * cannot read a message): no server cost, and a stop takes at once.
 */
import { deepen, type DeepenAsk, type DepthNews } from './deepen.js';

export type WorkerNews = DepthNews | { error: string };

// The worker's global scope (the DOM library's `self` is a window's).
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<DeepenAsk>) => void) | null;
  postMessage(news: WorkerNews): void;
};

scope.onmessage = (e) => {
  try {
    for (const news of deepen(e.data)) scope.postMessage(news);
  } catch (err) {
    scope.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
