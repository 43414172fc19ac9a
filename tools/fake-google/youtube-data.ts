/**
 * `GET https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true`: the YouTube Data API's channels.list
 * for the token's own channel (https://developers.google.com/youtube/v3/docs/channels/list). It needs the
 * youtube.readonly (or youtube) scope. An account without a channel gets no `items` at all, as YouTube answers.
 */
import { createHash } from 'node:crypto';
import type { FakeGoogleAccount } from '@app/contracts/fake-google';
import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import type { FakeAnswer } from '../lib/fake-service';
import { apiError, insufficientScopes, requestedParts } from './google-errors';

const PARTS = ['id', 'snippet', 'statistics', 'contentDetails'];
const etag = (value: unknown) =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27);

export function channelsList(
  query: URLSearchParams,
  scopes: string[],
  account: FakeGoogleAccount,
): FakeAnswer {
  if (
    !scopes.includes(GOOGLE_SCOPES.youtube) &&
    !scopes.includes('https://www.googleapis.com/auth/youtube')
  ) {
    return insufficientScopes();
  }
  const parts = requestedParts(query, PARTS);
  if (!Array.isArray(parts)) return parts;
  if (query.get('mine') !== 'true') {
    return apiError(
      400,
      'missingRequiredParameter',
      'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam',
      { domain: 'youtube.parameter', extra: { location: 'parameters.', locationType: 'other' } },
    );
  }
  const items = account.channelId ? [channelItem(account, parts)] : [];
  return {
    status: 200,
    body: {
      kind: 'youtube#channelListResponse',
      etag: etag(items),
      pageInfo: { totalResults: items.length, resultsPerPage: 5 },
      ...(items.length ? { items } : {}),
    },
  };
}

function channelItem(account: FakeGoogleAccount, parts: string[]) {
  const title = account.channelTitle;
  const thumbnail = (size: number) => ({
    url: `https://yt3.ggpht.com/fake-${account.channelId}=s${size}-c-k-c0x00ffffff-no-rj`,
    width: size,
    height: size,
  });
  return {
    kind: 'youtube#channel',
    etag: etag(account),
    id: account.channelId,
    ...(parts.includes('snippet')
      ? {
          snippet: {
            title,
            description: `${title} on the fake Google.`,
            customUrl: account.handle.toLowerCase(),
            publishedAt: '2019-03-14T09:26:53Z',
            thumbnails: { default: thumbnail(88), medium: thumbnail(240), high: thumbnail(800) },
            localized: { title, description: `${title} on the fake Google.` },
            country: 'US',
          },
        }
      : {}),
    ...(parts.includes('statistics')
      ? {
          statistics: {
            viewCount: '1234567',
            subscriberCount: '12300',
            hiddenSubscriberCount: false,
            videoCount: '24',
          },
        }
      : {}),
    ...(parts.includes('contentDetails')
      ? { contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${account.channelId?.slice(2)}` } } }
      : {}),
  };
}
