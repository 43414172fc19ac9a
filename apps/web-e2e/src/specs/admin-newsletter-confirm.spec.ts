import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { writeSetting } from '../pages/admin-api';
import { AdminPage } from '../pages/admin-page';
import { expect, test } from '../support/test';

/** The messages a local SMTP server (smtp-server, on 127.0.0.1) accepted, raw. */
async function startSink(): Promise<{ port: number; messages: string[]; stop: () => Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return { port, messages, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A link of the message's text part (quoted-printable undone). */
function linkIn(raw: string, path: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_.-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return match[0];
}

// Issue 25: the double opt-in of the local list, followed in a real browser from the captured e-mail.
test('a sign-up is confirmed by the e-mailed link, then unsubscribed by the e-mail’s link', async ({
  page,
}) => {
  const sink = await startSink();
  const email = `confirm-${Date.now()}@mail.test`;
  await new AdminPage(page).signIn('?tab=integrations&sub=advanced');
  try {
    await writeSetting(page.request, 'smtpHost', '127.0.0.1');
    await writeSetting(page.request, 'smtpPort', sink.port);
    await writeSetting(page.request, 'smtpSecurity', 'none');
    await writeSetting(page.request, 'smtpFrom', 'channel@example.com');
    const signUp = await page.request.post('/api/newsletter/subscribe', { data: { email } });
    expect((await signUp.json()) as unknown).toMatchObject({ status: 'confirm' });
    await expect.poll(() => sink.messages.filter((m) => m.includes(email)).length).toBe(1);
    const mail = sink.messages.find((m) => m.includes(email))!;

    await page.goto(linkIn(mail, '/api/newsletter/confirm'));
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    await expect(page.getByText(`${email} is on the newsletter list.`)).toBeVisible();

    await page.goto(linkIn(mail, '/api/newsletter/unsubscribe'));
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    const csv = await page.request.get('/api/admin/newsletter/subscribers.csv');
    expect(await csv.text()).not.toContain(email);
  } finally {
    await writeSetting(page.request, 'smtpHost', '');
    await writeSetting(page.request, 'smtpPort', 587);
    await writeSetting(page.request, 'smtpSecurity', 'starttls');
    await writeSetting(page.request, 'smtpFrom', '');
    await sink.stop();
  }
});
