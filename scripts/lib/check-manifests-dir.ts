/**
 * What `npm run manifests:check` checks in one manifests folder: the
 * registries, every product and market manifest against their schemas and
 * the cross-file rules, and the images they name against public/. Shared by
 * the command and the tests that run it on a copy of the folder.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reservedRoutes } from '../../src/contract/app-routes.ts';
import { checkCatalogue } from '../../src/engine/manifest/index.ts';
import type { ManifestProblem } from '../../src/engine/manifest/problem-messages.ts';
import { readJsonDir, readRegistries } from '../../src/server/catalogue/json-files.ts';

/** Every problem of the folder `dir` (files named relative to the working directory), with what was read. */
export function checkManifestsDir(dir: string) {
  const products = readJsonDir(dir);
  const markets = readJsonDir(join(dir, 'markets'));
  const { registries, problems: registryProblems } = readRegistries(dir);
  const readable = (files: typeof products.files) => files.filter((f) => f.data !== undefined);
  const problems: ManifestProblem[] = [
    ...registryProblems,
    ...products.problems,
    ...markets.problems,
    ...checkCatalogue(readable(products.files), readable(markets.files), reservedRoutes(), registries),
    ...missingImages(dir, readable(products.files), readable(markets.files), registries.insurers),
  ];
  return { products, markets, registries, problems };
}

/**
 * Images the manifests name that public/ does not have (the page would show a
 * broken image): a product's banner illustration, a market's banner, an
 * insurer registry entry's logo (products name insurers by registry code).
 */
function missingImages(
  dir: string,
  productFiles: readonly { file: string; data: unknown }[],
  marketFiles: readonly { file: string; data: unknown }[],
  insurers: readonly { logoUrl?: string }[],
): ManifestProblem[] {
  const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
  const missing = (image: unknown): image is string =>
    typeof image === 'string' && image !== '' && !/^https?:/.test(image) && !existsSync(join(publicDir, image.replace(/^\//, '')));
  const at = (image: string) => `public${image.startsWith('/') ? '' : '/'}${image}`;
  const problem = (file: string, pointer: string, image: string, hint: string): ManifestProblem => ({
    file,
    pointer,
    message: `no file ${at(image)}`,
    hint,
  });
  const logoHint = (image: string) => `put the logo at ${at(image)} (the path is written from public/), or take "logoUrl" out for the generated letter-mark`;
  const fromProducts = productFiles.flatMap(({ file, data }) => {
    const banner = (data as { detail?: { banner?: { image?: unknown } } }).detail?.banner?.image;
    return missing(banner)
      ? [problem(file, '/detail/banner/image', banner, 'put the image in public/ (e.g. public/img/banners/…) and write its path from there, or leave "image" out for the generated illustration')]
      : [];
  });
  const fromMarkets = marketFiles.flatMap(({ file, data }) => {
    const market = data as { bannerImage?: unknown };
    return missing(market.bannerImage)
      ? [
          problem(
            file,
            '/bannerImage',
            market.bannerImage,
            `put the illustration at ${at(market.bannerImage)} (the path is written from public/), or take "bannerImage" out for the generated banner`,
          ),
        ]
      : [];
  });
  const registryFile = relative(process.cwd(), join(dir, 'registry', 'insurers.json'));
  const fromRegistry = insurers.flatMap((insurer, i) => (missing(insurer.logoUrl) ? [problem(registryFile, `/insurers/${i}/logoUrl`, insurer.logoUrl, logoHint(insurer.logoUrl))] : []));
  return [...fromProducts, ...fromMarkets, ...fromRegistry];
}
