import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration from the environment', () => {
  test('defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: './data',
      testApi: false,
    });
  });

  test('values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '/tmp/x',
      RATE_SOCKET: '5/1',
    });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db', dataDir: '/tmp/x' });
    expect(c.socketLimit).toEqual({ capacity: 5, perSecond: 1 });
  });

  test.each([
    [{ PORT: 'http' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DAMAS_TEST_API: '1', NODE_ENV: 'production' }, /DAMAS_TEST_API/],
  ])('%p is refused with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
