/**
 * A copy of a manifests folder with every product `times` over (ids, product
 * codes, alias codes and routes made unique per copy; registries and markets
 * once, the markets listing every copy): the catalogue at scale, for
 * `npm run manifests:bench` and the product list part of `npm run bench`.
 * The caller removes the folder.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function catalogueCopies(source: string, times: number): string {
  const dir = mkdtempSync(join(tmpdir(), `manifests-x${times}-`));
  cpSync(join(source, 'registry'), join(dir, 'registry'), { recursive: true });
  cpSync(join(source, 'markets'), join(dir, 'markets'), { recursive: true });
  const files = readdirSync(source).filter((f) => f.endsWith('.json'));
  const renamed = new Map<string, string[]>();
  for (let copy = 0; copy < times; copy++) {
    const suffix = copy === 0 ? '' : String(copy);
    for (const name of files) {
      const m = JSON.parse(readFileSync(join(source, name), 'utf8')) as Record<string, unknown> & { productCode: string; routes: string[]; aliasCodes?: string[] };
      const code = (c: string) => (copy === 0 ? c : `${c.slice(0, 14)}X${suffix}`);
      if (copy > 0) renamed.set(m.productCode, [...(renamed.get(m.productCode) ?? []), code(m.productCode)]);
      m.id = `${m.id as string}${suffix ? `-${suffix}` : ''}`;
      m.productCode = code(m.productCode);
      m.routes = m.routes.map((r) => `${r}${suffix}`);
      if (m.aliasCodes) m.aliasCodes = m.aliasCodes.map(code);
      if (copy > 0) delete m.noticeRoute; // a notice route shows one product
      writeFileSync(join(dir, `${m.id as string}.json`), JSON.stringify(m, null, 2));
    }
  }
  for (const name of readdirSync(join(dir, 'markets'))) {
    const market = JSON.parse(readFileSync(join(dir, 'markets', name), 'utf8')) as { products: string[] };
    market.products = market.products.flatMap((c) => [c, ...(renamed.get(c) ?? [])]);
    writeFileSync(join(dir, 'markets', name), JSON.stringify(market, null, 2));
  }
  return dir;
}
