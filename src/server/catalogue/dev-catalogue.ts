import { isDeepStrictEqual } from 'node:util';
import type { DevCatalogue, DevCatalogueEntry } from '../../contract/product.ts';
import { formatProblem } from '../../engine/manifest/index.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import type { Registries } from '../../engine/manifest/references.ts';
import { checkManifestDir, toServedManifest, type ManifestStore } from './manifest-store.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** True when the running server sells `data` exactly as it is on disk. */
function isServed(store: ManifestStore, data: Record<string, unknown>, valid: boolean, registries: Registries): boolean {
  if (!valid) return false;
  const running = store.byProductCode(text(data.productCode));
  return running !== undefined && isDeepStrictEqual(running, toServedManifest(data as unknown as ProductManifest, registries));
}

/**
 * The catalogue preview (development only): the manifests folder read and
 * checked again on every call, so an edit shows its problems at once, before
 * a restart (which would refuse a bad catalogue). Fields of an invalid
 * manifest are read leniently: whatever is there.
 */
export function buildDevCatalogue(dir: string, store: ManifestStore): DevCatalogue {
  const { files, problems, registries } = checkManifestDir(dir);
  const list = files.map(({ file, data }): DevCatalogueEntry => {
    const own = problems.filter((p) => p.file === file);
    const m = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const confirm = (m.confirm ?? {}) as Record<string, unknown>;
    const valid = own.every((p) => p.severity === 'warning');
    return {
      file,
      id: text(m.id) || file.replace(/^.*[\\/]/, '').replace(/\.json$/, ''),
      valid,
      problems: own.map(formatProblem),
      productCode: text(m.productCode),
      productName: text(m.productName),
      aliasCodes: texts(m.aliasCodes),
      routes: texts(m.routes),
      status: m.status === 'offline' ? 'offline' : 'online',
      loginRequired: m.loginRequired === true,
      confirmVariant: text(confirm.variant) || 'single',
      served: isServed(store, m, valid, registries),
    };
  });
  return { manifestsDir: dir, list };
}
