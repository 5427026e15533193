import { every } from '../../src/common/every.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('every(ms, run): the sweeps and heartbeats', () => {
  test('a run still going skips the beats that come meanwhile (never two at once)', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const loop = every(5, async () => {
      runs++;
      most = Math.max(most, ++running);
      await sleep(40);
      running--;
    });
    await sleep(130);
    loop.stop();
    expect(most).toBe(1);
    // Beats came every 5 ms; runs of 40 ms took only some of them.
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(4);
  });

  test('a failure is reported while the loop runs, and the loop goes on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const loop = every(
      5,
      () => {
        runs++;
        throw new Error('database away');
      },
      (e) => errors.push(e),
    );
    while (runs < 2) await sleep(5);
    loop.stop();
    expect(errors).toHaveLength(runs);
  });

  test('stopped: no more runs, and a run ending after stop() reports nothing', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const loop = every(
      5,
      async () => {
        runs++;
        await sleep(30);
        throw new Error('shutting down');
      },
      (e) => errors.push(e),
    );
    while (runs < 1) await sleep(2);
    loop.stop();
    const seen = runs;
    await sleep(60);
    expect(seen).toBe(1);
    expect(runs).toBe(1);
    expect(errors).toEqual([]);
  });
});
