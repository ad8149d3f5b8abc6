/* Generated from schemas/market-manifest.schema.json by `npm run manifests:types`. Do not edit. */

/**
 * One regional insurance market (保险超市, spec §2 Home and market, §3 Market, §4 Market page): which areas it serves, which products it offers, whether it is online, and where its home page is. Data only; the engine's page model chooses a market from the visitor's location.
 */
export interface MarketManifest {
  /**
   * Relative path to this schema, so that editors validate the market while it is typed.
   */
  $schema: string;
  /**
   * Version of this schema the market is written against.
   */
  schemaVersion: 1;
  /**
   * Stable kebab-case identifier of the market, equal to its file name without .json; the id of selectSupermarket and of /market2Share?id.
   */
  id: string;
  /**
   * Market name shown to parents.
   */
  name: string;
  /**
   * One line under the name on the market home and in the chooser.
   */
  subtitle?: string;
  /**
   * Illustration of the market home's banner, a path served from public/ (an SVG, or an image of at least 720×480 for 3× screens); when left out, the banner generated for the market by npm run manifests:types (public/img/markets/<id>.svg: the scene of its kind of market — a province's hills, a city's skyline, a county's fields — with the place's name in the market's accent colour).
   */
  bannerImage?: string;
  /**
   * online: the market is chosen by location and opens; offline: kept and validated, but a visitor who had chosen it is asked 您选择的保险超市已下线，是否前往其他超市或重新选择？ and location never picks it.
   */
  status: 'online' | 'offline';
  /**
   * Areas the market serves, as 6-digit codes of the national region tree (province XX0000, city XXYY00 or county). A visitor located anywhere inside an area is offered the market; when several markets serve a place the chooser lists them, the more specific area first (docs/markets.md).
   *
   * @minItems 1
   *
   * Items: A province, city or county code.
   */
  areas: [string, ...string[]];
  /**
   * Product codes the market offers, in display order; each must be the productCode or an alias code of a product manifest.
   *
   * @minItems 1
   *
   * Items: A product code of manifests/*.json.
   */
  products: [string, ...string[]];
  /**
   * Where the market's visitors land (spec §2: visiting home when the page model is market-only redirects here): /insureMarketHome for the generic market home, or the detail route of one of the market's products.
   */
  homeRoute: string;
  /**
   * The brokerage branch that runs the market (user-svc findEduOrgBelongJtBranch); head office JT0000 when left out (spec §9).
   */
  branch?: {
    /**
     * Branch code.
     */
    branchCode: string;
    /**
     * Branch name.
     */
    branchName: string;
  };
  /**
   * The market's service contact (user-svc tourContactPerson): a desk, not a person's private number.
   */
  contact?: {
    /**
     * Name of the service desk or contact role.
     */
    name: string;
    /**
     * Service hotline (landline or 400 number).
     */
    phone: string;
    /**
     * Service hours.
     */
    hours?: string;
  };
  /**
   * Short notice shown at the top of the market home.
   */
  notice?: string;
}
