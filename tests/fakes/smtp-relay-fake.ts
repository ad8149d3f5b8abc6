/**
 * An SMTP relay on loopback for tests and `npm run fakes` (never mounted by
 * the app): smtp-server with authentication required, keeping the messages
 * that arrived.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpRelayFake {
  url: string;
  arrived: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpRelayFake(user: string, password: string): Promise<SmtpRelayFake> {
  const arrived: ParsedMail[] = [];
  const relay = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === user && auth.password === password) done(null, { user });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        arrived.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    arrived,
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}
