import { startApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

try {
  await startApp(loadConfig());
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`damas: bad configuration: ${e.message}\n`);
    process.exit(2);
  }
  throw e;
}
