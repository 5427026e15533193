import { ConfigError, configWith, DEFAULTS, loadConfig } from '../../src/config.js';

describe('configuration from the environment', () => {
  test('defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: './data',
      testApi: false,
    });
  });

  test('one set of defaults: an empty environment and a test configuration agree with it', () => {
    expect(loadConfig({})).toEqual({ ...DEFAULTS, trustProxy: undefined });
    expect(configWith({ port: 0 })).toEqual({ ...DEFAULTS, port: 0 });
  });

  test('values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '/tmp/x',
      RATE_SOCKET: '5/1',
    });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db', dataDir: '/tmp/x' });
    const replica = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      DATABASE_READ_URL: 'postgres://u@h:5433/db',
      REPLICA_PROBE_MS: '500',
    });
    expect(replica).toMatchObject({
      databaseReadUrl: 'postgres://u@h:5433/db',
      replicaProbeMs: 500,
    });
    expect(c.socketLimit).toEqual({ capacity: 5, perSecond: 1 });
    const limits = loadConfig({ RATE_HTTP: '10/2.5', RATE_CONNECT: '7/3' });
    expect(limits.httpLimit).toEqual({ capacity: 10, perSecond: 2.5 });
    expect(limits.connectLimit).toEqual({ capacity: 7, perSecond: 3 });
    const engine = loadConfig({
      ENGINE_THREADS: '3',
      ENGINE_QUEUE: '10',
      ENGINE_HASH_MB: '64',
      ENGINE_NICE: '0',
      RATE_ANALYSE: '4/0.5',
      RATE_ACCOUNTS: '3/0.1',
    });
    expect(engine).toMatchObject({
      engineThreads: 3,
      engineQueue: 10,
      engineHashMb: 64,
      engineNice: 0,
      analyseLimit: { capacity: 4, perSecond: 0.5 },
      accountsLimit: { capacity: 3, perSecond: 0.1 },
    });
  });

  test('ORIGINS: a comma-separated list of origins, none by default', () => {
    expect(loadConfig({}).origins).toEqual([]);
    expect(loadConfig({ ORIGINS: 'https://damas.example, http://localhost:5173' }).origins).toEqual(
      ['https://damas.example', 'http://localhost:5173'],
    );
  });

  test('TRUST_PROXY: off by default; a hop count, or addresses, subnets and names', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).trustProxy).toBe(
      'loopback,10.0.0.0/8,::1',
    );
  });

  test('engine threads default to the cores but one, at least one', () => {
    expect(loadConfig({}).engineThreads).toBeGreaterThanOrEqual(1);
    expect(loadConfig({}).engineNice).toBe(10);
  });

  test.each([
    [{ PORT: 'http' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    // A replica of the embedded database cannot be: it has none.
    [{ DATABASE_READ_URL: 'postgres://u@h:5433/db' }, /DATABASE_READ_URL.*DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://u@h/db', DATABASE_READ_URL: 'redis://x' }, /DATABASE_READ_URL/],
    [{ REPLICA_PROBE_MS: '0' }, /REPLICA_PROBE_MS/],
    [{ REPLICA_MAX_LAG_MS: 'soon' }, /REPLICA_MAX_LAG_MS/],
    [{ DAMAS_TEST_API: '1', NODE_ENV: 'production' }, /DAMAS_TEST_API/],
    // A malformed rate limit used to fall back to the default silently.
    [{ RATE_SOCKET: '60' }, /RATE_SOCKET/],
    [{ RATE_SOCKET: 'lots' }, /RATE_SOCKET/],
    [{ RATE_HTTP: '200/' }, /RATE_HTTP/],
    [{ RATE_HTTP: '0/5' }, /RATE_HTTP/],
    [{ RATE_CONNECT: '50/0' }, /RATE_CONNECT/],
    [{ RATE_CONNECT: '-5/10' }, /RATE_CONNECT/],
    [{ ENGINE_THREADS: '0' }, /ENGINE_THREADS/],
    [{ ENGINE_QUEUE: 'many' }, /ENGINE_QUEUE/],
    [{ ENGINE_NICE: '20' }, /ENGINE_NICE/],
    [{ RATE_ANALYSE: '1' }, /RATE_ANALYSE/],
    [{ ORIGINS: 'damas.example' }, /ORIGINS/],
    [{ ORIGINS: 'https://damas.example/path' }, /ORIGINS/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'proxy.example' }, /TRUST_PROXY/],
  ])('%p is refused with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
