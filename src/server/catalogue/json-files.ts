import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseJsonText, type ManifestProblem } from '../../engine/manifest/problem-messages.ts';
import { BUNDLED_REGISTRIES, validateRegistries, type Registries } from '../../engine/manifest/references.ts';

/** One `*.json` file of a manifests folder, parsed when it is valid JSON. */
export interface JsonFile {
  /** Path as shown in problems (relative to the working directory). */
  file: string;
  /** Parsed content; undefined when the file is not valid JSON (its problem is listed). */
  data: unknown;
}

/** Path of `path` as shown in problems: relative to the working directory. */
export const shownPath = (path: string): string => relative(process.cwd(), path) || path;

/** Reads and parses one JSON file; a syntax error becomes a problem with line, column and the offending line. */
export function readJsonFile(path: string): { file: JsonFile; problem?: ManifestProblem } {
  const file = shownPath(path);
  const parsed = parseJsonText(readFileSync(path, 'utf8'), file);
  return parsed.problem ? { file: { file, data: undefined }, problem: parsed.problem } : { file: { file, data: parsed.data } };
}

/** Reads every `*.json` of `dir` (none when it does not exist) in file-name order; unreadable files become problems. */
export function readJsonDir(dir: string): { files: JsonFile[]; problems: ManifestProblem[] } {
  const files: JsonFile[] = [];
  const problems: ManifestProblem[] = [];
  if (!existsSync(dir)) return { files, problems };
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const { file, problem } = readJsonFile(join(dir, name));
    files.push(file);
    if (problem) problems.push(problem);
  }
  return { files, problems };
}

/**
 * The registries of a manifests folder (`<dir>/registry/insurers.json` and
 * `branches.json`), validated. A folder without a registry/ subfolder (a test's
 * scratch folder) uses the repository's registries.
 */
export function readRegistries(dir: string): { registries: Registries; problems: ManifestProblem[] } {
  const registryDir = join(dir, 'registry');
  if (!existsSync(registryDir)) return { registries: BUNDLED_REGISTRIES, problems: [] };
  const problems: ManifestProblem[] = [];
  const read = (name: string) => {
    const path = join(registryDir, name);
    if (!existsSync(path)) {
      problems.push({ file: shownPath(path), pointer: '', message: 'registry file is missing', hint: `restore ${name} from the repository` });
      return undefined;
    }
    const { file, problem } = readJsonFile(path);
    if (problem) problems.push(problem);
    return file.data === undefined ? undefined : file;
  };
  const insurers = read('insurers.json');
  const branches = read('branches.json');
  problems.push(...validateRegistries(insurers, branches));
  if (problems.length > 0) return { registries: BUNDLED_REGISTRIES, problems };
  return {
    registries: {
      insurers: (insurers!.data as { insurers: Registries['insurers'] }).insurers,
      branches: (branches!.data as { branches: Registries['branches'] }).branches,
    },
    problems,
  };
}
