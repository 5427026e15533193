/**
 * A task repeated every `ms` on every process (sweeps, heartbeats, lease renewals): never two
 * runs at once (a beat is skipped while one still runs), never keeping the process alive, and a
 * failure reported to `onError` only while the loop runs (a failure while shutting down is
 * expected: the database is going away).
 */
export interface Loop {
  stop(): void;
}

export function every(
  ms: number,
  run: () => unknown,
  onError: (e: unknown) => void = () => undefined,
): Loop {
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    Promise.resolve()
      .then(run)
      .catch((e: unknown) => {
        if (!stopped) onError(e);
      })
      .finally(() => (busy = false));
  }, ms);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
