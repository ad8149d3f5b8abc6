/**
 * WECHAT_JSSDK_PROVIDER=official against a fake of WeChat's official account
 * API that, like WeChat, invalidates an access token when a new one is
 * fetched: the token and the jsapi_ticket are fetched once for every
 * instance, renewed once between two instances when they near their expiry
 * or have expired, and a token replaced behind the app's back is renewed once.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promoterCalls, type WeChatShareConfig } from '../../src/contract/promoter.ts';
import { buildAppWithHandles } from '../../src/server/app.ts';
import { throwAwayDatabase } from '../support/bench-support.ts';
import { openDb } from '../../src/server/db/open-db.ts';
import { sharedCredentials } from '../../src/server/db/schema.ts';
import { createCallOut } from '../../src/server/providers/outbound.ts';
import { OfficialAccountJssdkProvider } from '../../src/server/providers/wechat/official-account-jssdk.ts';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.ts';
import { backends, call, expectOk, makeTestApp, openTestDb, testConfig, type TestApp } from './helpers.ts';

const APP_ID = 'wx1234567890abcdef';
const SECRET = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const silent = { info: () => undefined, warn: () => undefined };
const shareUrl = 'https://insure.example.com/?from=timeline';
const share = (app: TestApp['app']) => call<WeChatShareConfig>(app, { method: 'POST', url: `${promoterCalls.weChatShare.path}?shareUrl=${encodeURIComponent(`${shareUrl}#/home`)}` });

describe('WECHAT_JSSDK_PROVIDER=official', () => {
  let fake: WechatMpFake;
  beforeAll(async () => {
    fake = await startWechatMpFake(APP_ID, SECRET);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.tokenFetches = 0;
    fake.ticketFetches = 0;
    fake.busyNext = 0;
  });
  const officialConfig = (secret = SECRET) => ({
    providers: { ...testConfig().providers, wechat: 'official' },
    wechatMp: { appId: APP_ID, secret, apiBase: fake.apiBase },
  });

  describe.each(backends)('on %s', (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp({ backend, config: officialConfig() });
    });
    afterAll(() => t.close());

    it('signs the share configuration over the ticket WeChat gave, fetching token and ticket once for many callers', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => share(t.app)));
      const [stored] = await t.database.db.select().from(sharedCredentials).where(eq(sharedCredentials.name, `wechat:${APP_ID}:jsapi_ticket`));
      for (const answer of answers) {
        const config = expectOk(answer);
        expect(config.appId).toBe(APP_ID);
        const expected = createHash('sha1').update(`jsapi_ticket=${stored!.value}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${shareUrl}`).digest('hex');
        expect(config.signature).toBe(expected);
      }
      expect({ tokens: fake.tokenFetches, tickets: fake.ticketFetches }).toEqual({ tokens: 1, tickets: 1 });
    });
  });

  it('renews a token WeChat no longer takes (fetched elsewhere) once, and then gets the ticket', async () => {
    const database = await openTestDb('pglite');
    try {
      const provider = new OfficialAccountJssdkProvider({ appId: APP_ID, secret: SECRET, apiBase: fake.apiBase }, database.db, () => new Date(), createCallOut({ log: silent, initialDelayMs: 1 }));
      await provider.fetchTicket();
      fake.revokeToken();
      const { ticket } = await provider.fetchTicket();
      expect(ticket).toMatch(/^tkt_/);
      expect({ tokens: fake.tokenFetches, tickets: fake.ticketFetches }).toEqual({ tokens: 2, tickets: 3 });
    } finally {
      await database.close();
    }
  });

  it('answers 获取微信分享授权失败, not a 500, when WeChat refuses the AppSecret, and retries only its 系统繁忙', async () => {
    const t = await makeTestApp({ config: officialConfig('ffffffffffffffffffffffffffffffff') });
    try {
      const refused = await share(t.app);
      expect(refused.status).toBe(200);
      expect(refused.body.msg).toBe('获取微信分享授权失败');
      expect(fake.tokenFetches).toBe(1);
    } finally {
      await t.close();
    }
    const ok = await makeTestApp({ config: officialConfig() });
    try {
      fake.busyNext = 0;
      expectOk(await share(ok.app));
      fake.tokenFetches = 0;
      fake.ticketFetches = 0;
      // The token is stored; the ticket call meets 系统繁忙 once and is asked again.
      await ok.database.db.delete(sharedCredentials).where(eq(sharedCredentials.name, `wechat:${APP_ID}:jsapi_ticket`));
      fake.busyNext = 1;
      expectOk(await share(ok.app));
      expect({ tokens: fake.tokenFetches, tickets: fake.ticketFetches }).toEqual({ tokens: 0, tickets: 1 });
    } finally {
      await ok.close();
    }
    // Two apps built in turn: under a loaded CI machine each build takes seconds.
  }, 90_000);

  /**
   * Two app instances on one database. On PostgreSQL each has its own pool,
   * as two servers would; a PGlite database is one in-process connection that
   * a second process cannot open, so on PGlite the two apps share its handle
   * (the advisory lock then excludes nothing the single connection does not
   * already serialise): the PostgreSQL run, which CI has through
   * DATABASE_URL, is the one that shows the lock at work.
   */
  describe.each(backends)('two instances on one %s database', (backend) => {
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    const handles: Array<{ db: Parameters<typeof buildAppWithHandles>[0]['db']; close: () => Promise<void> }> = [];
    const apps: TestApp['app'][] = [];
    let offsetMs = 0;
    const now = () => new Date(Date.now() + offsetMs);
    const ticketName = `wechat:${APP_ID}:jsapi_ticket`;
    const tokenName = `wechat:${APP_ID}:access_token`;
    const db = () => handles[0]!.db;
    const stored = async (name: string) => (await db().select().from(sharedCredentials).where(eq(sharedCredentials.name, name)))[0]!;
    /** Concurrent share configurations from both instances, each checked against the ticket stored afterwards. */
    const shareFromBoth = async (count: number) => {
      const answers = await Promise.all(Array.from({ length: count }, (_, i) => share(apps[i % 2]!)));
      const ticket = (await stored(ticketName)).value;
      for (const answer of answers) {
        const config = expectOk(answer);
        expect(config.appId).toBe(APP_ID);
        expect(config.signature).toBe(createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${shareUrl}`).digest('hex'));
      }
      return ticket;
    };

    beforeAll(async () => {
      if (backend === 'postgres') {
        scratch = await throwAwayDatabase(process.env.DATABASE_URL!, 'edu_wechat_mp');
        for (let i = 0; i < 2; i++) handles.push(await openDb({ databaseUrl: scratch.url, dataDir: '.', poolSize: 5 }));
      } else {
        const database = await openTestDb('pglite');
        handles.push(database, { db: database.db, close: async () => undefined });
      }
      for (const handle of handles) {
        const { app } = await buildAppWithHandles({ db: handle.db, config: testConfig(officialConfig()), logger: false, now, sms: { send: async () => undefined } });
        apps.push(app);
      }
    }, 60_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const handle of [...handles].reverse()) await handle.close();
      await scratch?.drop();
    });

    it('fetch the token and the ticket once between them', async () => {
      await shareFromBoth(8);
      expect({ tokens: fake.tokenFetches, tickets: fake.ticketFetches }).toEqual({ tokens: 1, tickets: 1 });
    });

    it('renew both once between them when the clock reaches the renewal window, before WeChat\'s expiry', async () => {
      await shareFromBoth(2);
      const before = { token: await stored(tokenName), ticket: await stored(ticketName) };
      fake.tokenFetches = 0;
      fake.ticketFetches = 0;
      // Two minutes before the stored expiry: still valid at WeChat, inside the five minutes the app renews ahead.
      offsetMs = before.ticket.expiresAt.getTime() - Date.now() - 2 * 60_000;
      try {
        const ticket = await shareFromBoth(10);
        expect({ tokens: fake.tokenFetches, tickets: fake.ticketFetches }).toEqual({ tokens: 1, tickets: 1 });
        const after = { token: await stored(tokenName), ticket: await stored(ticketName) };
        expect(ticket).not.toBe(before.ticket.value);
        expect(after.token.value).not.toBe(before.token.value);
        expect(after.ticket.expiresAt.getTime()).toBeGreaterThan(before.ticket.expiresAt.getTime());
        expect(after.token.expiresAt.getTime()).toBeGreaterThan(before.token.expiresAt.getTime());
      } finally {
        offsetMs = 0;
      }
    });

    it('renew both once between them when the stored rows have expired', async () => {
      await shareFromBoth(2);
      const before = await stored(ticketName);
      await db()
        .update(sharedCredentials)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(inArray(sharedCredentials.name, [tokenName, ticketName]));
      fake.tokenFetches = 0;
      fake.ticketFetches = 0;
      const ticket = await shareFromBoth(10);
      expect({ tokens: fake.tokenFetches, tickets: fake.ticketFetches }).toEqual({ tokens: 1, tickets: 1 });
      expect(ticket).not.toBe(before.value);
      expect((await stored(ticketName)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    });
  });
});
