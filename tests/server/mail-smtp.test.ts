/**
 * The mail contract, run against the sandbox (its outbox) and against
 * MAIL_PROVIDER=smtp: the e-policy mail goes through nodemailer to an SMTP
 * relay. The relay here is `smtp-server` on loopback, with authentication
 * required, as a brokerage's relay would; the test reads the message that
 * arrived. Refusals are the relay's (the sandbox refuses nothing).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { otherCalls } from '../../src/contract/other-calls.ts';
import { loadConfig, ConfigError } from '../../src/server/config.ts';
import { MSG_MAIL_FAILED } from '../../src/server/orders/policy-service-routes.ts';
import { SandboxMailProvider } from '../../src/server/providers/mail/sandbox-mail-provider.ts';
import { call, expectOk, GUARDIAN, login, makeTestApp, payUrlOf, pressCashier, submitOrder, testConfig, tradeNoOf, validApplication, type Session, type TestApp } from './helpers.ts';

const USER = 'relay-user';
const PASSWORD = 'relay-password-8f3a';

interface Received {
  from?: { name: string; address?: string };
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: Uint8Array }>;
}

describe.each(['sandbox', 'smtp'] as const)('MAIL_PROVIDER=%s', (mailProvider) => {
  const arrived: ParsedMail[] = [];
  /** Recipients the relay refuses for good (550) or for now (451). */
  const refused = new Map<string, number>();
  let relay: SMTPServer;
  let port = 0;
  let t: TestApp;
  let parent: Session;
  let policyNo = '';
  const secrets: string[] = [];

  beforeAll(async () => {
    relay = new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, done) {
        if (auth.username === USER && auth.password === PASSWORD) done(null, { user: USER });
        else done(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, done) {
        const code = refused.get(address.address);
        if (!code) return done();
        const error = new Error(code === 550 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
        error.responseCode = code;
        done(error);
      },
      onData(stream, _session, done) {
        simpleParser(stream).then((mail) => {
          arrived.push(mail);
          done();
        }, done);
      },
      logger: false,
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    port = (relay.server.address() as AddressInfo).port;

    t = await makeTestApp({
      config:
        mailProvider === 'smtp'
          ? { providers: { ...testConfig().providers, mail: 'smtp' }, smtp: { url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`, from: '学平险 <noreply@edu-insure.example>' } }
          : { providers: { ...testConfig().providers, mail: 'sandbox' } },
    });
    parent = await login(t.app);
    const form = validApplication(GUARDIAN);
    secrets.push(form.policyHolder.name, form.policyHolder.licenceNo, form.policyHolder.phone, ...form.insureds.map((i) => i.licenceNo));
    const order = await submitOrder(t.app, parent.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, parent.token, order.applicationFormCode)));
    await t.settled();
    const detail = expectOk(
      await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: parent.token, payload: { applicationFormCode: order.applicationFormCode } }),
    );
    policyNo = detail.policyNo ?? '';
    expect(policyNo).toBeTruthy();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  /** The message that reached `address`: at the relay, or in the sandbox's outbox. */
  const receivedBy = (address: string): Received | undefined => {
    if (mailProvider === 'sandbox') {
      const outbox = t.handles.providers.mail;
      expect(outbox).toBeInstanceOf(SandboxMailProvider);
      const message = (outbox as SandboxMailProvider).latestTo(address);
      return message && { subject: message.subject, text: message.text, attachments: [...(message.attachments ?? [])] };
    }
    const mail = arrived.find((m) => m.to && JSON.stringify(m.to).includes(address));
    return (
      mail && {
        from: mail.from?.value[0],
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
      }
    );
  };
  const send = (email: string) => call<{ email: string }>(t.app, { method: 'POST', url: `${otherCalls.sendEmail.path}?type=99`, token: parent.token, payload: { policyNo, email } });

  it('delivers the e-policy (to the relay from MAIL_FROM, or to the outbox) with the policy number and no unmasked person', async () => {
    const answer = expectOk(await send('parent.zhang@example.com'));
    expect(answer.email).toBe('p***@example.com');
    const mail = receivedBy('parent.zhang@example.com');
    expect(mail).toBeDefined();
    if (mailProvider === 'smtp') expect(mail?.from).toMatchObject({ name: '学平险', address: 'noreply@edu-insure.example' });
    expect(mail?.subject).toContain(policyNo);
    expect(mail?.text).toContain(`保单号：${policyNo}`);
    for (const secret of secrets) expect(mail?.text).not.toContain(secret);
    // The e-policy itself, attached: the PDF the policy's e-policy address serves.
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`e-policy-${policyNo}.pdf`, 'application/pdf']]);
    expect(Buffer.from(mail!.attachments[0]!.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.skipIf(mailProvider === 'sandbox')('tells the parent the mail was not sent when the relay refuses, and tries a send once only', async () => {
    refused.set('gone@example.com', 550);
    refused.set('busy@example.com', 451);
    const before = arrived.length;
    for (const address of ['gone@example.com', 'busy@example.com']) {
      const result = await send(address);
      expect(result.status).toBeLessThan(500);
      expect(result.body.msg).toBe(MSG_MAIL_FAILED);
    }
    expect(arrived.length).toBe(before);
  });

  it.skipIf(mailProvider === 'sandbox')('refuses to start with MAIL_PROVIDER=smtp and no relay, naming the variables', () => {
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp', DATA_DIR: 'tests/server/no-dist' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp', DATA_DIR: 'tests/server/no-dist' })).toThrow(/SMTP_URL must be set when MAIL_PROVIDER=smtp[\s\S]*MAIL_FROM must be set/);
    let message = '';
    try {
      loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: `http://${USER}:${PASSWORD}@relay`, MAIL_FROM: 'x@y.z', DATA_DIR: 'tests/server/no-dist' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).not.toContain(PASSWORD);
  });
});
