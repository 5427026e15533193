/**
 * The baseline engine: `src/engine` and `src/rules` as they stood at the git tag `engine-baseline`
 * (the engine before issue 33), extracted once into a cache directory and imported from there, so
 * that the benches measure today's engine against that one in the same run, whatever has changed
 * since. `git archive` reads the tag from the repository (a fresh clone has it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const BASELINE_TAG = 'engine-baseline';
/** The tag's commit, for a clone that came without tags. */
export const BASELINE_COMMIT = '4bb532e45239d6d1c1c3f6926d54590b15a0bda3';

/** The structural subset of the engine and rules the benches use from the baseline. */
export interface BaselineModules {
  engine: typeof import('../../src/engine/index.js');
  rules: typeof import('../../src/rules/index.js');
  commit: string;
}

/** Extracts the tag's sources (once per commit) and imports its engine and rules. */
export async function loadBaseline(tag = BASELINE_TAG): Promise<BaselineModules> {
  const ref = tag === BASELINE_TAG && !hasRef(tag) ? BASELINE_COMMIT : tag;
  const commit = execFileSync('git', ['rev-parse', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `damas-engine-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, 'src/engine/index.ts'))) {
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', commit, 'src/rules', 'src/engine']);
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    // The sources are ESM with .js specifiers, as in the repository.
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  }
  const engine = (await import(
    pathToFileURL(join(dir, 'src/engine/index.ts')).href
  )) as BaselineModules['engine'];
  const rules = (await import(
    pathToFileURL(join(dir, 'src/rules/index.ts')).href
  )) as BaselineModules['rules'];
  return { engine, rules, commit };
}

function hasRef(ref: string): boolean {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}
