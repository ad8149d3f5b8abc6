import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCalls, type ContentPage } from '../../src/contract/content.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { parseContentDoc } from '../../src/server/content/content-doc.ts';
import { loadContentPages } from '../../src/server/content/content-routes.ts';
import { INFO_PAGES } from '../../src/web/features/content/screens/info-page/info-pages.ts';
import { call, expectOk, login, makeTestApp, type TestApp } from './helpers.ts';

/** The information and agreement pages of spec §2, and whether each needs a log-in. */
const PAGES: Record<string, boolean> = {
  registerKnow: false,
  registerPrivacyClause: false,
  fzAddressBook: false,
  forParentLetter: false,
  hideClare: false,
  informationDisclosure: false,
  JtprivacyClause: true,
  descriptionAgreementDocuments: true,
  exemptionliability: true,
  healthInsuranceAgreements: true,
  insuranceClauses: true,
};

describe('content documents', () => {
  it('exist for every information and agreement page, with real content and the spec’s log-in flag', () => {
    const pages = loadContentPages();
    for (const [slug, login] of Object.entries(PAGES)) {
      const page = pages.get(slug);
      expect(page, `content/pages/${slug}.md is missing`).toBeDefined();
      expect(page!.requiresLogin, slug).toBe(login);
      const text = page!.blocks.map((b) => b.text).join('');
      expect(text.length, `${slug} is too short to be real content`).toBeGreaterThan(300);
      expect(page!.blocks.some((b) => b.kind === 'h2' || b.kind === 'h3'), slug).toBe(true);
    }
  });

  it('match the web app’s page list (routes, titles, log-in flags), one document per route', () => {
    const pages = loadContentPages();
    expect(INFO_PAGES.map((p) => ({ slug: p.slug, title: p.title, requiresLogin: p.requiresLogin }))).toEqual(
      [...pages.values()].map((p) => ({ slug: p.slug, title: p.title, requiresLogin: p.requiresLogin })).sort((a, b) => INFO_PAGES.findIndex((x) => x.slug === a.slug) - INFO_PAGES.findIndex((x) => x.slug === b.slug)),
    );
  });

  it('parses headings, list items and joined paragraphs, and refuses what it does not know', () => {
    const page = parseContentDoc('x.md', 'x', '---\ntitle: 标题\nupdated: 2025-01-02\n---\n第一行\n第二行\n\n## 一、总则\n- 条目\n### 小节\n<b>原样</b>\n');
    expect(page).toEqual({
      slug: 'x',
      title: '标题',
      updated: '2025-01-02',
      requiresLogin: false,
      blocks: [
        { kind: 'p', text: '第一行第二行' },
        { kind: 'h2', text: '一、总则' },
        { kind: 'li', text: '条目' },
        { kind: 'h3', text: '小节' },
        { kind: 'p', text: '<b>原样</b>' },
      ],
    });
    expect(() => parseContentDoc('x.md', 'x', 'no header')).toThrow(/x.md/);
    expect(() => parseContentDoc('x.md', 'x', '---\ntitle: t\nupdated: soon\n---\na')).toThrow(/updated/);
    expect(() => parseContentDoc('x.md', 'x', '---\ntitle: t\nupdated: 2025-01-01\nlogin: maybe\n---\na')).toThrow(/login/);
    expect(() => parseContentDoc('x.md', 'x', '---\ntitle: t\nupdated: 2025-01-01\n---\n# big')).toThrow(/headings/);
    expect(() => parseContentDoc('x.md', 'x', '---\ntitle: t\nupdated: 2025-01-01\n---\n')).toThrow(/no content/);
  });
});

describe('GET content page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());
  const get = (slug: string, token?: string) => call<ContentPage>(t.app, { method: 'GET', url: fillPath(contentCalls.page.path, { slug }), token });

  it('serves public pages to visitors and log-in pages only to logged-in users', async () => {
    expect(expectOk(await get('registerKnow')).title).toBe('注册须知');
    expect((await get('JtprivacyClause')).body.code).toBe('406');
    const user = await login(t.app);
    expect(expectOk(await get('JtprivacyClause', user.token)).requiresLogin).toBe(true);
  });

  it('answers 4004 for an unknown page and 4000 for a malformed slug', async () => {
    expect((await get('nothingHere')).body.code).toBe('4004');
    const bad = await get('..%2Fpackage');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('4000');
  });
});
