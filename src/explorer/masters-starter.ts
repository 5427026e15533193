/**
 * The masters' games shipped in assets/masters/ (`<variant>.pdn`), imported at the first start so
 * that a fresh install's explorer has them; a file whose games were imported before (by name) is
 * not read again. In the background: the server answers meanwhile.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config.js';
import { isVariantId } from '../rules/index.js';
import { MastersImport, type ImportReport } from './masters-import.js';

@Injectable()
export class MastersStarter implements OnApplicationBootstrap {
  private readonly log = new Logger('Explorer');
  /** The start's import, for tests to wait on. */
  loading: Promise<ImportReport[]> = Promise.resolve([]);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CONFIG) private readonly config: Config,
    private readonly masters: MastersImport,
  ) {}

  onApplicationBootstrap(): void {
    this.loading = this.load(this.config.mastersDir).catch((e: unknown) => {
      this.log.error(`masters: ${String(e)}`);
      return [];
    });
  }

  async load(dir: string): Promise<ImportReport[]> {
    if (!dir || !existsSync(dir)) return [];
    const out: ImportReport[] = [];
    for (const file of readdirSync(dir).sort()) {
      const variant = file.replace(/\.pdn$/, '');
      if (!file.endsWith('.pdn') || !isVariantId(variant)) continue;
      const [seen] = (await this.db.query(
        `SELECT 1 AS x FROM master_games WHERE source = $1 LIMIT 1`,
        [file],
      )) as unknown[];
      if (seen) continue;
      const r = await this.masters.importPdn(variant, readFileSync(join(dir, file), 'utf8'), file);
      this.log.log(`masters: ${r.imported} ${variant} games imported from ${file}`);
      out.push(r);
    }
    return out;
  }
}
