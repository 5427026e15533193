/**
 * bbpPairings' command line for the Dutch system: `--dutch input.trf -p output.txt`.
 * Exit 0 with the pairing written; exit 1 (no pairs written) when no valid pairing exists or
 * the input is malformed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pairDutch } from './dutch.js';
import { formatPairing, parseTrf } from './trf.js';

export function runCli(argv: readonly string[]): number {
  const dutch = argv.indexOf('--dutch');
  const out = argv.indexOf('-p');
  const input = dutch >= 0 ? argv[dutch + 1] : undefined;
  if (input === undefined) {
    process.stderr.write('usage: swiss --dutch input.trf -p output.txt\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(input, 'utf8');
  } catch {
    process.stderr.write(`cannot read ${input}\n`);
    return 2;
  }
  const parsed = parseTrf(text);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error}\n`);
    return 2;
  }
  const result = pairDutch(parsed.input);
  if (!result.ok) {
    process.stderr.write(`${result.reason}\n`);
    return 1;
  }
  const body = formatPairing(result.pairs, result.bye);
  const target = out >= 0 ? argv[out + 1] : undefined;
  if (target === undefined) process.stdout.write(body);
  else writeFileSync(path.resolve(path.dirname(input), target), body);
  return 0;
}

process.exitCode = runCli(process.argv.slice(2));
