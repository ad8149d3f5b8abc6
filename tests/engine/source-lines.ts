/** Where code in src/ and scripts/ (comments left out) matches a pattern: the guard of a fact written in one module only. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of every code line under `dirs` (src/ and scripts/) matching `pattern`, outside the module `owner` (a path from the root). */
export function codeLinesMatching(pattern: RegExp, owner: string, dirs: readonly string[] = ['src', 'scripts']): string[] {
  return dirs
    .flatMap((dir) => files(join(root, dir)))
    .filter((file) => relative(root, file) !== owner)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && pattern.test(line))
        .map(({ at }) => at),
    );
}
