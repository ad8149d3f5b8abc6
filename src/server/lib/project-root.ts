import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found by walking up from this module. It is
 * `src/server/lib/../../..` when the server runs from source (tsx) and
 * `dist-server/..` when it runs bundled, so files read at run time
 * (content/, manifests/ defaults) resolve the same way in both layouts,
 * whatever the working directory.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
