import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { NewsletterService } from '../src/newsletter/newsletter.service';
import { htmlPart, type SmtpSink, sinkSettings, subjectOf, textPart } from './support/smtp-sink';
import type { TestApp } from './support/test-app';
import { useStack } from './support/stack';

/**
 * Issue 26: what the newsletter sends and shows a visitor (the confirmation e-mail with its subject and
 * unsubscribe footer, the pages of its signed links) is in the site's language; English stays as it was.
 */
describe('newsletter e-mails and link pages in the site language', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: TestAgent;
  let ipCounter = 0;
  let ip = '';

  useStack(
    {
      smtp: true,
      env: { TRUST_PROXY: 'true' },
      settings: ({ smtp }) => ({
        ...sinkSettings(smtp!.port),
        smtpFrom: 'channel@example.com',
        siteTitle: 'Acme TV',
      }),
    },
    (s) => ({ smtp: sink, t, admin } = s),
  );
  beforeEach(() => {
    ip = `198.51.100.${++ipCounter}`;
    sink.clear();
  });

  const useLanguage = (value: string) => admin.post('/api/settings/siteLanguage').send({ value }).expect(200);
  /** Signs `email` up and returns its confirmation e-mail. */
  const signUp = async (email: string) => {
    await request(t.server)
      .post('/api/newsletter/subscribe')
      .set('X-Forwarded-For', ip)
      .send({ email })
      .expect(200);
    await t.app.get(NewsletterService).settled();
    const found = sink.messages.filter((m) => m.to.includes(email));
    expect(found).toHaveLength(1);
    const raw = found[0].body;
    return { subject: subjectOf(raw), text: textPart(raw), html: htmlPart(raw) };
  };
  const linkIn = (text: string, path: string) => {
    const match = new RegExp(`https?://[^\\s"]+${path}\\?token=[A-Za-z0-9_.-]+`).exec(text);
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    const url = new URL(match[0]);
    return `${url.pathname}${url.search}`;
  };
  const visit = (path: string) =>
    request(t.server).get(path).set('X-Forwarded-For', ip).set('Accept', 'text/html,*/*;q=0.8');
  const press = (path: string) =>
    request(t.server).post(path).set('X-Forwarded-For', ip).type('form').send('List-Unsubscribe=One-Click');

  it('writes English as before', async () => {
    await useLanguage('en');
    const mail = await signUp('ann@mail.test');
    const confirm = linkIn(mail.text, '/api/newsletter/confirm');
    const unsubscribe = linkIn(mail.text, '/api/newsletter/unsubscribe');
    expect(mail.subject).toBe('Confirm your subscription to Acme TV');
    expect(mail.text.split('\n')).toEqual([
      'Someone (we hope you) signed this address up for the Acme TV newsletter.',
      '',
      expect.stringMatching(/^Confirm: http/),
      '',
      'The link works for 72 hours. If you did not sign up, ignore this e-mail: the address is deleted then.',
      '',
      expect.stringMatching(/^Unsubscribe at any time: http/),
    ]);
    expect(mail.html).toMatch(/^<!doctype html><html><head>/);
    expect(mail.html).toContain('>Confirm your subscription</a></p>');
    expect(mail.html).toMatch(/<a href="[^"]+">Unsubscribe<\/a> at any time\.<\/p><\/body>/);

    const page = (await visit(confirm).expect(200)).text;
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    expect(page).toContain(
      '<title>Subscription confirmed</title></head><body><main><h1>Subscription confirmed</h1>' +
        '<p>Thank you: ann@mail.test is on the newsletter list.</p>' +
        '<p>Every e-mail carries a link to unsubscribe at any time.</p>' +
        '<p><a href="/">Back to the site</a></p></main></body></html>',
    );
    const ask = (await visit(unsubscribe).expect(200)).text;
    expect(ask).toContain(
      '<h1>Unsubscribe from the newsletter?</h1><p>ann@mail.test will be removed from the list.</p>',
    );
    expect(ask).toContain('<button type="submit">Unsubscribe</button>');
    expect((await press(unsubscribe).expect(200)).text).toContain(
      '<h1>You are unsubscribed</h1><p>ann@mail.test is no longer on the newsletter list.</p>',
    );
    expect((await visit('/api/newsletter/confirm?token=x').expect(400)).text).toContain(
      '<h1>This link does not work</h1><p>It may have been cut short',
    );
  });

  it('writes the e-mail, its subject and footer, and every link page in Spanish', async () => {
    await useLanguage('es');
    const mail = await signUp('bea@mail.test');
    expect(mail.subject).toBe('Confirma tu suscripción a Acme TV');
    expect(mail.text).toContain(
      'Alguien (esperamos que tú) ha suscrito esta dirección al boletín de Acme TV.',
    );
    expect(mail.text).toContain('El enlace funciona durante 72 horas.');
    expect(mail.text).toMatch(/\nConfirmar: http/);
    expect(mail.text).toMatch(/\n\nDate de baja cuando quieras: http/);
    expect(mail.html).toMatch(/^<!doctype html><html lang="es"><head>/);
    expect(mail.html).toContain('>Confirma tu suscripción</a></p>');
    expect(mail.html).toMatch(/<a href="[^"]+">Date de baja<\/a> cuando quieras\.<\/p><\/body>/);
    expect(mail.text).not.toMatch(/Unsubscribe|Confirm your/);

    const confirmed = (await visit(linkIn(mail.text, '/api/newsletter/confirm')).expect(200)).text;
    expect(confirmed).toMatch(/^<!doctype html><html lang="es">/);
    expect(confirmed).toContain(
      '<h1>Suscripción confirmada</h1><p>Gracias: bea@mail.test ya está en la lista del boletín.</p>',
    );
    expect(confirmed).toContain('<a href="/">Volver al sitio</a>');
    const unsubscribe = linkIn(mail.text, '/api/newsletter/unsubscribe');
    const ask = (await visit(unsubscribe).expect(200)).text;
    expect(ask).toContain(
      '<h1>¿Darte de baja del boletín?</h1><p>bea@mail.test se eliminará de la lista.</p>',
    );
    expect(ask).toContain('<button type="submit">Darme de baja</button>');
    expect((await press(unsubscribe).expect(200)).text).toContain('<h1>Te has dado de baja</h1>');
    const invalid = await visit('/api/newsletter/unsubscribe?token=x').expect(400);
    expect(invalid.text).toContain('<html lang="es">');
    expect(invalid.text).toContain('<h1>Este enlace no funciona</h1>');
    // A client asking JSON gets the API's error, in English like every API message.
    const json = await request(t.server)
      .get('/api/newsletter/confirm?token=x')
      .set('X-Forwarded-For', ip)
      .set('Accept', 'application/json')
      .expect(400);
    expect(json.body.message).toBe('token: This link does not work');
  });

  it('writes Japanese, the subject included', async () => {
    await useLanguage('ja');
    const mail = await signUp('chika@mail.test');
    expect(mail.subject).toBe('Acme TVの購読を確認してください');
    expect(mail.text).toContain('このリンクの有効期間は72時間です。');
    expect(mail.html).toMatch(/^<!doctype html><html lang="ja"><head>/);
    expect(mail.html).toMatch(/いつでも<a href="[^"]+">購読を解除<\/a>できます。<\/p><\/body>/);
    const confirmed = (await visit(linkIn(mail.text, '/api/newsletter/confirm')).expect(200)).text;
    expect(confirmed).toMatch(/^<!doctype html><html lang="ja">/);
    expect(confirmed).toContain('<h1>購読が確認されました</h1>');
    await useLanguage('en');
  });
});
