/**
 * A fake Google on a loopback port, for the owner's Google account connection: OAuth 2.0 for web-server apps
 * (oauth.ts: consent page, token with PKCE, refresh, revoke, incremental authorization), the YouTube Data API's
 * channels.list?mine=true (youtube-data.ts), captions.list and captions.download (captions.ts, caption-data.ts) and
 * the YouTube Analytics API's reports.query (analytics.ts), each in Google's shapes and as untidy as Google
 * (analytics-data.ts).
 *
 *   npx tsx tools/fake-google/server.ts --port 0 [--seed 1] [--today 2026-11-24] [--channel-id UC…]
 *     [--channel-title T] [--no-partner] [--redirect-uri URI]… [--json]
 *
 * Google's `https://<host>/<path>` is served at `http://127.0.0.1:PORT/<host>/<path>` (GOOGLE_BASE_URL): the
 * consent page at `/accounts.google.com/o/oauth2/v2/auth`, the token at `/oauth2.googleapis.com/token`, and so on.
 * Two accounts are on the consent page: the owner, whose channel is `--channel-id`, and someone else with another
 * channel (the wrong-account case). The one OAuth client is FAKE_CLIENT; `--redirect-uri` registers redirect URIs
 * (none: any is accepted, as the tests' ports are not known in advance).
 *
 * YouTube Data API calls are charged in quota units as YouTube charges them (captions.ts DATA_UNITS), per `today`;
 * `state` tells the units spent.
 *
 * Control API (JSON) under `/__fake`, besides tools/lib/fake-service.ts's requests, reset and fault: `GET state`,
 * `POST owner {channelId?, channelTitle?, handle?, partner?, videos?, externalSites?}` (new videos get the seed's
 * caption tracks), `POST redirect-uris {uris}`, `POST grants/revoke {email?}` (the account removes the app's access:
 * refresh answers invalid_grant), `POST tokens/expire` (every access token expires), `POST quota {analyticsQueries?,
 * dataUnits?}` (reports.query answers quotaExceeded after that many queries, the Data API once a call would go past
 * that many units of the day; null or left out: no limit), `POST today {today}`, `GET captions` (every track of the
 * owner's videos, without cues), `POST captions {videoId, tracks}` (a video's tracks replaced:
 * FakeCaptionTracksPatch), `POST captions/update {id, lastUpdated?}` (a track edited on YouTube: new words, a new
 * `lastUpdated`), `POST captions/delete {id}`.
 */
import type {
  FakeGoogleOwner,
  FakeGoogleOwnerPatch,
  FakeGoogleStartedLine,
  FakeGoogleState,
} from '@app/contracts/fake-google';
import type { FakeServiceRequest } from '@app/contracts/fake-services';
import { parseOptions, wholeNumber } from '../lib/args';
import { type FakeAnswer, type RunningFakeService, startFakeService } from '../lib/fake-service';
import { closeOnSignal } from '../lib/process';
import { defaultOther, defaultOwner, FAKE_CLIENT } from './accounts';
import { reportsQuery } from './analytics';
import { DATA_UNITS, downloadId, FakeCaptions } from './captions';
import { apiError, quotaExceeded } from './google-errors';
import { CONSENT_PATH } from './consent-page';
import { FakeOAuth } from './oauth';
import { channelsList } from './youtube-data';

export interface FakeGoogleOptions {
  port?: number;
  host?: string;
  seed?: number;
  /** The analytics' today (UTC, `YYYY-MM-DD`); the real date when not given. */
  today?: string;
  channelId?: string;
  channelTitle?: string;
  partner?: boolean;
  redirectUris?: string[];
}

export interface RunningFakeGoogle extends RunningFakeService {
  /** GOOGLE_BASE_URL */
  baseUrl: string;
  owner(): FakeGoogleOwner;
  state(): FakeGoogleState;
  oauth: FakeOAuth;
}

const header = (request: FakeServiceRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<RunningFakeGoogle> {
  const seed = options.seed ?? 1;
  const initialToday = () => options.today ?? new Date().toISOString().slice(0, 10);
  let today = initialToday();
  const initialOwner = (): FakeGoogleOwner => ({
    ...defaultOwner(seed, today),
    ...(options.channelId ? { channelId: options.channelId } : {}),
    ...(options.channelTitle ? { channelTitle: options.channelTitle } : {}),
    ...(options.partner === false ? { partner: false } : {}),
  });
  let owner = initialOwner();
  const other = defaultOther(seed);
  let quota: number | null = null;
  let analyticsQueries = 0;
  let dataQuota: number | null = null;
  let dataUnits = 0;
  let dataUnitsByDay = new Map<string, number>();
  const captions = new FakeCaptions(seed, () => owner);
  const oauth = new FakeOAuth({ ...FAKE_CLIENT, name: 'Channel Site (fake client)' }, () => [owner, other]);
  oauth.redirectUris = options.redirectUris ?? [];

  const accountOf = (email: string) => [owner, other].find((a) => a.email === email) ?? other;

  const handle = (request: FakeServiceRequest): FakeAnswer => {
    const url = new URL(request.path, 'http://fake');
    const route = `${request.method} ${url.pathname}`;
    const authorization = header(request, 'authorization');
    switch (route) {
      case 'GET /accounts.google.com/o/oauth2/v2/auth':
        return oauth.authorize(url.searchParams);
      case `POST ${CONSENT_PATH}`:
        return oauth.consent(request.body);
      case 'POST /oauth2.googleapis.com/token':
        return oauth.token(request.body, authorization);
      case 'POST /oauth2.googleapis.com/revoke':
        return oauth.revoke(url.searchParams, request.body);
    }
    const isChannels = route === 'GET /www.googleapis.com/youtube/v3/channels';
    const isCaptions = route === 'GET /www.googleapis.com/youtube/v3/captions';
    const download = request.method === 'GET' ? downloadId(url.pathname) : null;
    const isReports = route === 'GET /youtubeanalytics.googleapis.com/v2/reports';
    if (!isChannels && !isCaptions && !download && !isReports) return apiError(404, 'notFound', 'Not Found');
    const caller = oauth.bearer(authorization);
    if ('refusal' in caller) return caller.refusal;
    const account = accountOf(caller.email);
    if (!isReports) {
      const cost = isChannels
        ? DATA_UNITS.channelsList
        : isCaptions
          ? DATA_UNITS.captionsList
          : DATA_UNITS.captionsDownload;
      const spent = dataUnitsByDay.get(today) ?? 0;
      dataUnits += cost;
      dataUnitsByDay.set(today, spent + cost);
      if (dataQuota !== null && spent + cost > dataQuota) return quotaExceeded();
    }
    if (isChannels) return channelsList(url.searchParams, caller.scopes, account);
    if (isCaptions) return captions.list(url.searchParams, caller.scopes);
    if (download) return captions.download(download, url.searchParams, caller.scopes, account === owner);
    analyticsQueries += 1;
    if (quota !== null && analyticsQueries > quota) return quotaExceeded();
    return reportsQuery(url.searchParams, {
      scopes: caller.scopes,
      channelId: account.channelId,
      owner: account === owner ? owner : { ...owner, ...account, videos: [], externalSites: [] },
      seed,
      today,
    });
  };

  const state = (): FakeGoogleState => ({
    grants: oauth.grantList(),
    revocations: oauth.revocations,
    analyticsQueries,
    today,
    redirectUris: oauth.redirectUris,
    dataUnits,
    dataUnitsToday: dataUnitsByDay.get(today) ?? 0,
  });

  const control = (route: string, body: string): FakeAnswer | undefined => {
    const json = () => (body ? (JSON.parse(body) as Record<string, unknown>) : {});
    switch (route) {
      case 'GET state':
        return { status: 200, body: state() };
      case 'POST owner': {
        const patch = json() as FakeGoogleOwnerPatch;
        owner = { ...owner, ...patch };
        if (patch.videos) captions.clear();
        return { status: 200, body: owner };
      }
      case 'POST redirect-uris':
        oauth.redirectUris = (json().uris as string[] | undefined) ?? [];
        return { status: 200, body: state() };
      case 'POST grants/revoke':
        oauth.revokeAccount(json().email as string | undefined);
        return { status: 200, body: state() };
      case 'POST tokens/expire':
        oauth.expireAccessTokens();
        return { status: 200, body: state() };
      case 'POST quota': {
        const { analyticsQueries: queries, dataUnits: units } = json();
        quota = typeof queries === 'number' ? queries : null;
        dataQuota = typeof units === 'number' ? units : null;
        return { status: 200, body: state() };
      }
      case 'POST today': {
        const next = String(json().today ?? '');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(next)) throw new Error('today must be YYYY-MM-DD');
        today = next;
        return { status: 200, body: state() };
      }
      default:
        return captions.control(route, json());
    }
  };

  const service = await startFakeService({
    port: options.port,
    host: options.host,
    handle,
    control,
    onReset: () => {
      oauth.reset();
      oauth.redirectUris = options.redirectUris ?? [];
      today = initialToday();
      owner = initialOwner();
      quota = null;
      analyticsQueries = 0;
      dataQuota = null;
      dataUnits = 0;
      dataUnitsByDay = new Map();
      captions.clear();
    },
  });
  return { ...service, baseUrl: service.url, owner: () => owner, state, oauth };
}

const USAGE =
  'Usage: tsx tools/fake-google/server.ts [--port N] [--host H] [--seed N] [--today YYYY-MM-DD] [--channel-id UC…] ' +
  '[--channel-title T] [--no-partner] [--redirect-uri URI]… [--json]';

async function main(): Promise<void> {
  const values = parseOptions(
    process.argv.slice(2),
    {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      'channel-id': { type: 'string' },
      'channel-title': { type: 'string' },
      'no-partner': { type: 'boolean', default: false },
      'redirect-uri': { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const fake = await startFakeGoogle({
    port: wholeNumber('port', values.port) ?? 0,
    host: values.host,
    seed: wholeNumber('seed', values.seed),
    today: values.today,
    channelId: values['channel-id'],
    channelTitle: values['channel-title'],
    partner: !values['no-partner'],
    redirectUris: values['redirect-uri'],
  });
  const line: FakeGoogleStartedLine = {
    url: fake.url,
    controlUrl: fake.controlUrl,
    baseUrl: fake.baseUrl,
    client: { ...FAKE_CLIENT },
    owner: fake.owner(),
    other: defaultOther(wholeNumber('seed', values.seed) ?? 1),
  };
  console.log(
    values.json
      ? JSON.stringify(line)
      : `Fake Google:\n  GOOGLE_BASE_URL=${fake.baseUrl}\n  client ${FAKE_CLIENT.id}\n  secret ${FAKE_CLIENT.secret}\n` +
          `  owner's channel ${line.owner.channelId}\nCtrl-C stops it.`,
  );
  closeOnSignal(fake);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
