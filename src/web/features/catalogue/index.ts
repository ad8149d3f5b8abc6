/** What the shell and other features use of the catalogue: finding a product by its route, and the market decision home starts. */
export { detailPathOf, findProductByPath, loadCatalogue } from './api/catalogue.ts';
export { startMarketModel } from './markets/market-start.ts';
