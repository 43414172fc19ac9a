import { apiPaths, type PageModel, pageModelUrl, type SponsorReportLink } from '@app/contracts';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { AnalyticsIngestService } from '../src/analytics/analytics-ingest.service';
import { SponsorReportLinkEntity } from '../src/sponsorships/sponsor-report-link.entity';
import { SponsorshipEntity } from '../src/sponsorships/sponsorship.entity';
import { YoutubeAnalyticsReader } from '../src/youtube-analytics/youtube-analytics-reader';
import { YoutubeAnalyticsScheduler } from '../src/youtube-analytics/youtube-analytics-scheduler';
import { connectGoogle } from './support/google-connect';
import { googleClientSettings, type Stack, startStack, withStack } from './support/stack';

/**
 * Sponsor reports (docs/sponsor-reports.md): a deal names its videos and link; the owner makes signed, revocable links
 * to its read-only report, which anyone with the link reads (the page model the web server renders, and its CSV).
 */
const today = new Date().toISOString().slice(0, 10);
const deal = (videoIds: string[]) => ({
  sponsorName: 'Acme Tools',
  url: 'https://acme.example/desk?ref=chan',
  message: 'This video is sponsored by Acme',
  amountUsd: 500,
  startDate: '2026-01-01',
  endDate: today,
  videoIds,
});
const TOKEN = /^\/sponsor-reports\/(\d+\.[A-Za-z0-9_-]{43})$/;

describe('sponsor reports', () => {
  let s: Stack;
  let videoIds: string[];
  const anonymous = () => request(s.t.server);
  const tokenOf = (link: SponsorReportLink) => TOKEN.exec(new URL(link.url!).pathname)![1];
  const reportPage = (token: string) => anonymous().get(pageModelUrl(`/sponsor-reports/${token}`));
  const newDeal = async (ids = videoIds.slice(0, 2)) =>
    (await s.admin.post(apiPaths.sponsorships).send(deal(ids)).expect(201)).body.id as number;
  const newLink = async (dealId: number) =>
    (await s.admin.post(apiPaths.sponsorshipReportLinks(dealId)).expect(201)).body as SponsorReportLink;

  beforeAll(async () => {
    s = await startStack();
    const videos = await anonymous().get('/api/videos?limit=3').expect(200);
    videoIds = videos.body.map((v: { id: string }) => v.id);
    expect(videoIds).toHaveLength(3);
  });
  afterAll(() => s.close());
  // DELETE, not TRUNCATE (which MariaDB's clear() sends and which numbers from 1 again): a deal never takes the id,
  // and so the clicks, of a deal deleted before it.
  beforeEach(async () => {
    for (const entity of [SponsorReportLinkEntity, SponsorshipEntity]) {
      await s.t.dataSource.createQueryBuilder().delete().from(entity).execute();
    }
  });

  describe('a deal’s videos', () => {
    it('stores the videos a deal names, in order, and travels them in the backup', async () => {
      const created = await s.admin
        .post(apiPaths.sponsorships)
        .send(deal([videoIds[2], videoIds[0]]))
        .expect(201);
      const id = created.body.id;
      expect(created.body).toEqual({ id, ...deal([videoIds[2], videoIds[0]]) });
      const listed = (await s.admin.get(apiPaths.sponsorships).expect(200)).body.sponsorships;
      expect(listed).toEqual([{ id, ...deal([videoIds[2], videoIds[0]]) }]);
      const backup = (await s.admin.get('/api/admin/export').expect(200)).body;
      expect(backup.sponsorships[0].videoIds).toEqual([videoIds[2], videoIds[0]]);
    });

    it.each([
      [['not a video id'], 'videoIds.0: must be a video id (letters, digits, - and _)'],
      [['abc', 'abc'], 'videoIds: must not name a video twice'],
      [Array.from({ length: 11 }, (_, i) => `v${i}`), 'videoIds: must name at most 10 videos'],
      ['abc', 'videoIds: Invalid input: expected array, received string'],
    ])('refuses %j with a 400 naming the field, and stores nothing', async (ids, message) => {
      const res = await s.admin
        .post(apiPaths.sponsorships)
        .send(deal(ids as string[]))
        .expect(400);
      expect(res.body.message).toBe(message);
      expect(await s.t.dataSource.getRepository(SponsorshipEntity).count()).toBe(0);
    });

    it('refuses a video the site does not have, naming it, on create and on update', async () => {
      const res = await s.admin
        .post(apiPaths.sponsorships)
        .send(deal([videoIds[0], 'zzzzzzzzzzz']))
        .expect(400);
      expect(res.body.message).toBe('videoIds.1: zzzzzzzzzzz is not a video of this site');
      const id = await newDeal();
      await s.admin
        .put(apiPaths.sponsorship(id))
        .send(deal(['zzzzzzzzzzz']))
        .expect(400);
      const row = await s.t.dataSource.getRepository(SponsorshipEntity).findOneByOrFail({ id });
      expect(row.videoIds).toEqual(videoIds.slice(0, 2));
    });

    it('gives the watch page of a deal’s video the deal’s link, whose clicks it counts; other videos none', async () => {
      const id = await newDeal([videoIds[0]]);
      const watched = await anonymous().get(apiPaths.video(videoIds[0])).expect(200);
      expect(watched.body.sponsorLinks).toEqual([{ sponsorId: String(id), url: deal([]).url }]);
      const other = await anonymous().get(apiPaths.video(videoIds[1])).expect(200);
      expect(other.body.sponsorLinks).toEqual([]);
    });
  });

  describe('report links', () => {
    it('makes an unguessable signed link on the site’s origin, lists it, and opens the report anonymously', async () => {
      const id = await newDeal();
      const link = await newLink(id);
      expect(link).toEqual({
        id: expect.any(Number),
        sponsorshipId: id,
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1(:\d+)?\/sponsor-reports\/\d+\.[A-Za-z0-9_-]{43}$/),
        createdAt: expect.any(String),
        revokedAt: null,
      });
      const second = await newLink(id);
      expect(tokenOf(second).split('.')[1]).not.toBe(tokenOf(link).split('.')[1]);
      const listed = (await s.admin.get(apiPaths.sponsorshipReportLinks(id)).expect(200)).body.links;
      expect(listed.map((l: SponsorReportLink) => new URL(l.url!).pathname)).toEqual(
        [second, link].map((l) => new URL(l.url!).pathname),
      );
      // The database holds no token: only the link's id and the nonce its signature covers.
      const row = await s.t.dataSource
        .getRepository(SponsorReportLinkEntity)
        .findOneByOrFail({ id: link.id });
      expect(JSON.stringify(row)).not.toContain(tokenOf(link).split('.')[1]);

      const res = await reportPage(tokenOf(link)).expect(200);
      const model = res.body as PageModel;
      expect(model).toMatchObject({ kind: 'sponsor-report', status: 200, head: '' });
      expect(res.headers['cache-control']).toBe('no-store');
      // No validator of the content version: nothing answers it with a 304 after a revocation.
      expect(res.headers.etag ?? '').not.toMatch(/^W\/"v\d/);
      expect(res.headers['set-cookie']).toBeUndefined();
      if (model.kind !== 'sponsor-report' || !model.data.report) throw new Error('no report');
      const { report } = model.data;
      expect(report).toMatchObject({
        sponsorName: 'Acme Tools',
        sponsorUrl: deal([]).url,
        startDate: '2026-01-01',
        clicks: { available: true, value: 0, source: 'site-analytics' },
        clicksTo: today,
      });
      // Without a Google account no YouTube figure exists, and the report says so, never a sample.
      expect(report.videos.map((v) => v.videoId)).toEqual(videoIds.slice(0, 2));
      const gap = { available: false, gap: 'not-connected', availableOn: null };
      expect(report.videos[0]).toMatchObject({
        title: expect.any(String),
        viewsAt: { day7: gap, day14: gap, day30: gap },
        watchHours: gap,
        averageViewPercentage: gap,
        retention: gap,
        topCountries: gap,
      });
    });

    it('refuses a token whose signature is altered, made with another key, or of a link that is not there (404)', async () => {
      const link = await newLink(await newDeal());
      const token = tokenOf(link);
      const [id, signature] = token.split('.');
      const flipped = `${id}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      const row = await s.t.dataSource
        .getRepository(SponsorReportLinkEntity)
        .findOneByOrFail({ id: link.id });
      const otherKey = createHmac('sha256', 'another key')
        .update(`sponsor-report-link\n${id}\n${row.nonce}`)
        .digest('base64url');
      for (const bad of [flipped, `${id}.${otherKey}`, `${Number(id) + 100}.${signature}`, 'abc', `${id}`]) {
        const res = await reportPage(bad).expect(200);
        expect(res.body).toMatchObject({ kind: 'sponsor-report', status: 404, data: { report: null } });
        expect(res.headers['cache-control']).toBe('no-store');
        await anonymous().get(apiPaths.sponsorReportCsv(bad)).expect(404);
      }
    });

    it('revokes a link: its page (410) and CSV die at once, the others keep working; deleting the deal ends all', async () => {
      const dealId = await newDeal();
      const [kept, revoked] = [await newLink(dealId), await newLink(dealId)];
      await reportPage(tokenOf(revoked)).expect(200);
      const answer = await s.admin.delete(apiPaths.sponsorReportLink(revoked.id)).expect(200);
      expect(answer.body).toMatchObject({ id: revoked.id, url: null, revokedAt: expect.any(String) });
      expect((await reportPage(tokenOf(revoked)).expect(200)).body).toMatchObject({ status: 410 });
      const csv = await anonymous()
        .get(apiPaths.sponsorReportCsv(tokenOf(revoked)))
        .expect(410);
      expect(csv.body.message).toBe('This report link was revoked');
      expect((await reportPage(tokenOf(kept))).body).toMatchObject({ status: 200 });
      // Revoking again changes nothing; the list keeps it as revoked.
      await s.admin.delete(apiPaths.sponsorReportLink(revoked.id)).expect(200);
      const listed = (await s.admin.get(apiPaths.sponsorshipReportLinks(dealId)).expect(200)).body.links;
      expect(listed.map((l: SponsorReportLink) => l.url === null)).toEqual([true, false]);

      // Who gave a brand access, and who took it back, is in the audit log.
      const audit = (await s.admin.get(`${apiPaths.audit}?action=report-link-revoked`).expect(200)).body;
      expect(audit.events[0]).toMatchObject({ action: 'report-link-revoked', actor: 'admin' });

      await s.admin.delete(apiPaths.sponsorship(dealId)).expect(200);
      expect((await reportPage(tokenOf(kept))).body).toMatchObject({ status: 404 });
      expect(await s.t.dataSource.getRepository(SponsorReportLinkEntity).count()).toBe(0);
    });

    it('drops every link when a backup import numbers the deals anew', async () => {
      const link = await newLink(await newDeal());
      const backup = (await s.admin.get('/api/admin/export').expect(200)).body;
      await s.admin.post('/api/admin/import').send(backup).expect(200);
      expect((await reportPage(tokenOf(link))).body).toMatchObject({ status: 404 });
    });

    it('answers 404 for a deal or link that is not there, and 400 for an id that is not a number', async () => {
      await s.admin.get(apiPaths.sponsorshipReportLinks(999)).expect(404);
      await s.admin.post(apiPaths.sponsorshipReportLinks(999)).expect(404);
      expect((await s.admin.delete(apiPaths.sponsorReportLink(999)).expect(404)).body.message).toBe(
        'Report link 999 not found',
      );
      expect((await s.admin.post(apiPaths.sponsorshipReportLinks('x')).expect(400)).body.message).toMatch(
        /^id: /,
      );
      expect((await s.admin.delete(apiPaths.sponsorReportLink('x')).expect(400)).body.message).toMatch(
        /^id: /,
      );
    });
  });

  describe('the figures', () => {
    it('counts the site’s own clicks on the deal’s link (sponsor_click with its id), not another deal’s', async () => {
      const id = await newDeal();
      const link = await newLink(id);
      const visitor = {
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      };
      const path = `/videos/${videoIds[0]}`;
      await anonymous()
        .post(apiPaths.events)
        .set(visitor)
        .send({
          events: [
            { kind: 'pageview', path, viewport: 'desktop' },
            { kind: 'sponsor_click', path, sponsorId: String(id) },
            { kind: 'sponsor_click', path, sponsorId: String(id) },
            { kind: 'sponsor_click', path, sponsorId: String(id + 1000) },
          ],
        })
        .expect(202);
      await s.t.app.get(AnalyticsIngestService).flush();
      const model = (await reportPage(tokenOf(link)).expect(200)).body;
      expect(model.data.report.clicks).toMatchObject({ available: true, value: 2, source: 'site-analytics' });

      await s.admin.post('/api/settings/enableSiteAnalytics').send({ value: false }).expect(200);
      const off = (await reportPage(tokenOf(link)).expect(200)).body;
      expect(off.data.report.clicks).toEqual({ available: false, gap: 'analytics-off', availableOn: null });
      await s.admin.post('/api/settings/enableSiteAnalytics').send({ value: true }).expect(200);
    });

    it('exports the same figures as CSV: one per row, its reason when missing, not kept, not indexed', async () => {
      const link = await newLink(await newDeal([videoIds[0]]));
      const res = await anonymous()
        .get(apiPaths.sponsorReportCsv(tokenOf(link)))
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="sponsor-report-acme-tools-${today}.csv"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['set-cookie']).toBeUndefined();
      const lines = res.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('video_id,video_title,figure,value,unit,source,read_at,missing,available_on');
      const figures = lines
        .slice(1)
        .map((line) => line.split(',').slice(2, 4).concat(line.split(',').slice(-2)));
      expect(figures.map(([figure]) => figure)).toEqual([
        'views_day_7',
        'views_day_14',
        'views_day_30',
        'views_since_published',
        'watch_time',
        'average_percentage_viewed',
        'retention',
        'top_countries',
        `sponsor_link_clicks_2026-01-01_${today}`,
      ]);
      expect(figures[2]).toEqual(['views_day_30', '', 'not-connected', '']);
      expect(lines.at(-1)).toMatch(/^,,sponsor_link_clicks_[\d_-]+,0,clicks,site-analytics,\d{4}-.*Z,,$/);
    });
  });

  describe('the admin routes', () => {
    it.each([
      ['GET', '/api/admin/sponsorships/:id/report-links'],
      ['POST', '/api/admin/sponsorships/:id/report-links'],
      ['DELETE', '/api/admin/sponsor-report-links/:id'],
    ] as const)('%s %s is refused without a session (401) and changes nothing', async (method, route) => {
      const dealId = await newDeal();
      const link = await newLink(dealId);
      const url =
        method === 'DELETE' ? apiPaths.sponsorReportLink(link.id) : apiPaths.sponsorshipReportLinks(dealId);
      expect(url.replace(/\/\d+(\/|$)/, '/:id$1')).toBe(route);
      const call =
        method === 'GET'
          ? anonymous().get(url)
          : method === 'POST'
            ? anonymous().post(url)
            : anonymous().delete(url);
      expect((await call).status).toBe(401);
      const rows = await s.t.dataSource.getRepository(SponsorReportLinkEntity).find();
      expect(rows.map((r) => r.revokedAt)).toEqual([null]);
    });

    it('refuses making and revoking a link from another origin (CSRF: 403) and changes nothing', async () => {
      const id = await newDeal();
      const link = await newLink(id);
      const evil = { Origin: 'https://evil.example' };
      await s.admin.post(apiPaths.sponsorshipReportLinks(id)).set(evil).expect(403);
      await s.admin.delete(apiPaths.sponsorReportLink(link.id)).set(evil).expect(403);
      const rows = await s.t.dataSource.getRepository(SponsorReportLinkEntity).find();
      expect(rows.map((r) => r.revokedAt)).toEqual([null]);
    });
  });

  it('with YouTube Analytics connected, shows each video’s figures as read there, and day 30 only once it is there', async () => {
    await withStack(
      {
        google: true,
        env: ({ google }) => ({ YOUTUBE_CHANNEL_ID: google!.info.owner.channelId! }),
        settings: ({ google }) => googleClientSettings(google!),
      },
      async ({ t, admin, google }) => {
        const DAY = 86_400_000;
        const stored: { id: string; publishedAt: string | Date }[] = await t.dataSource.query(
          'SELECT id, publishedAt FROM video ORDER BY publishedAt DESC',
        );
        const age = (v: { publishedAt: string | Date }) =>
          (Date.now() - new Date(v.publishedAt).getTime()) / DAY;
        // The fake's channel holds the site's videos of the last 60 days: a short import.
        const recent = stored.filter((v) => age(v) < 60);
        await google.control('POST', 'owner', {
          videos: recent.map((v) => ({ id: v.id, publishedAt: new Date(v.publishedAt).toISOString() })),
        });
        await connectGoogle(admin, google);
        await t.app.get(YoutubeAnalyticsScheduler).whenIdle();
        const older = recent.find((v) => age(v) > 40)!;
        const newer = recent.find((v) => age(v) > 17 && age(v) < 29)!;
        expect([older, newer].every(Boolean)).toBe(true);
        const id = (
          await admin
            .post(apiPaths.sponsorships)
            .send(deal([older.id, newer.id]))
            .expect(201)
        ).body.id;
        const link = (await admin.post(apiPaths.sponsorshipReportLinks(id)).expect(201))
          .body as SponsorReportLink;
        // What making the link started in the background: the videos' own figures, read once.
        for (const video of [older, newer]) await t.app.get(YoutubeAnalyticsReader).videoFigures(video.id);

        const page = await request(t.server)
          .get(pageModelUrl(new URL(link.url!).pathname))
          .expect(200);
        const [first, second] = page.body.data.report.videos;
        const read = {
          available: true,
          value: expect.any(Number),
          source: 'youtube-analytics',
          readAt: expect.any(String),
        };
        expect(first).toMatchObject({
          videoId: older.id,
          viewsAt: { day7: read, day14: read, day30: read },
          views: read,
          watchHours: read,
          averageViewPercentage: read,
          retention: { available: true, source: 'youtube-analytics' },
          topCountries: { available: true, source: 'youtube-analytics' },
        });
        expect(first.viewsAt.day7.value).toBeLessThanOrEqual(first.viewsAt.day30.value);
        expect(first.retention.value.length).toBeGreaterThan(50);
        expect(first.retention.value[0]).toEqual({
          elapsed: expect.any(Number),
          watchRatio: expect.any(Number),
        });
        // Not 30 days old yet: no figure, and the day from which it can be there.
        expect(second.viewsAt.day7).toMatchObject(read);
        expect(second.viewsAt.day30).toEqual({
          available: false,
          gap: 'not-yet',
          availableOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        });
        expect(second.viewsAt.day30.availableOn > today).toBe(true);

        const csv = await request(t.server)
          .get(apiPaths.sponsorReportCsv(tokenOf(link)))
          .expect(200);
        expect(csv.text).toMatch(
          new RegExp(
            `^${older.id},[^\\r]*,retention_at_0\\.01,[\\d.]+,audience_watch_ratio,youtube-analytics,`,
            'm',
          ),
        );
        expect(csv.text).toMatch(
          new RegExp(`^${newer.id},[^\\r]*,views_day_30,,views,,,not-yet,\\d{4}-`, 'm'),
        );
      },
    );
  });
});
