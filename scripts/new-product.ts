/**
 * Scaffolds a manifest for a new product from an existing one, validates it
 * with every other manifest and prints what to edit next.
 *
 *   npm run new-product -- --from jining-student-accident --id suqian-student-accident \
 *     --code 25PR321300 --name 宿迁市学生平安保险 --route /suqianStudentDetails --city 321300 --city-name 江苏省宿迁市
 *
 * Never overwrites a file. See docs/adding-a-product.md.
 */
import { fileURLToPath } from 'node:url';
import { usePrecompiledValidators } from '../src/server/catalogue/precompiled-validator.ts';
import { runNewProduct } from './lib/new-product.ts';

// The schemas' validators from the cache, as manifests:check loads them (compiling them is most of the check).
usePrecompiledValidators();

process.exitCode = runNewProduct(process.argv.slice(2), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  cwd: process.cwd(),
  defaultDir: fileURLToPath(new URL('../manifests', import.meta.url)),
});
