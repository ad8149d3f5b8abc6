/**
 * Whether a build is up to date with its input files, judged by content but
 * cheaply: `npm start` (scripts/start.mjs, the web app and the server) and the
 * operator commands (scripts/run-tool.mjs, their bundles) record, next to a
 * build, the SHA-256 of its inputs' paths and bytes and each input's size and
 * modification time. A later run first compares sizes and times (stat calls
 * only); only when one differs does it hash the contents, so a fresh clone, a
 * branch switch or a `touch` costs one hash, not a rebuild, and an unchanged
 * tree costs no file reads.
 *
 * Plain JavaScript: start.mjs runs in production installs without tsx.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under the given files and folders (relative to `root`), in a stable order; missing paths are skipped. */
export function filesUnder(root, paths) {
  const files = [];
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(join(root, path));
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(join(root, path)).sort()) visit(`${path}/${name}`);
    } else {
      files.push(path);
    }
  };
  for (const path of paths) visit(path);
  return files;
}

/** Size and modification time of each file, or undefined when one is missing. */
export function stampsOf(root, files) {
  const stamps = {};
  for (const file of files) {
    try {
      const stat = statSync(join(root, file));
      stamps[file] = [stat.size, stat.mtimeMs];
    } catch {
      return undefined;
    }
  }
  return stamps;
}

/** SHA-256 of the paths and contents of the files, in the given order. `read` may cache contents shared by several checks. */
export function contentHash(root, files, read = (file) => readFileSync(join(root, file))) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(read(file)).update('\0');
  return hash.digest('hex');
}

/** Whether two stamp records list the same files with the same sizes and times. */
export function sameStamps(a, b) {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((f) => b[f] && a[f][0] === b[f][0] && a[f][1] === b[f][1]);
}

/** Reads a recorded `{ sha256, stamps }` (undefined when absent or unreadable). */
export function readRecord(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Writes a file aside and renames it: a process reading it never sees half a file. */
export function writeAtomically(path, text) {
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, path);
}

/**
 * Whether the inputs still have the recorded content: true at once when
 * their sizes and times are the recorded ones, else by hash (and then the
 * record's times are refreshed, so the next run is cheap again).
 */
export function unchangedSince(root, files, recordPath, record = readRecord(recordPath), read) {
  if (!record || typeof record.sha256 !== 'string') return false;
  const stamps = stampsOf(root, files);
  if (!stamps) return false;
  if (sameStamps(stamps, record.stamps)) return true;
  if (contentHash(root, files, read) !== record.sha256) return false;
  try {
    writeAtomically(recordPath, JSON.stringify({ ...record, stamps }));
  } catch {
    // An unwritable record only costs the hash next time.
  }
  return true;
}

/** Records the inputs' content hash and stamps after a build. */
export function recordInputs(root, files, recordPath, extra = {}, read) {
  writeAtomically(recordPath, JSON.stringify({ ...extra, sha256: contentHash(root, files, read), stamps: stampsOf(root, files) }));
}
