/**
 * The masters' games shipped in assets/masters/ (`<variant>.pdn`), imported at the first start so
 * that a fresh install's explorer has them. A file is imported again when its content changed or
 * its last import did not finish (`master_files` is written after its last game; the games'
 * digest keeps each once). In the background: the server answers meanwhile.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config.js';
import { isVariantId } from '../rules/index.js';
import { MASTER_FILE_DONE_SQL, MASTER_FILE_SQL } from './explorer-queries.js';
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
      const text = readFileSync(join(dir, file), 'utf8');
      const sha = createHash('sha256').update(text).digest('hex');
      const name = `shipped/${file}`;
      const [done] = (await this.db.query(MASTER_FILE_SQL, [name])) as { sha256: string }[];
      if (done?.sha256 === sha) continue;
      const r = await this.masters.importPdn(variant, text, name);
      await this.db.query(MASTER_FILE_DONE_SQL, [name, sha, r.imported + r.duplicates]);
      this.log.log(`masters: ${r.imported} ${variant} games imported from ${file}`);
      out.push(r);
    }
    return out;
  }
}
