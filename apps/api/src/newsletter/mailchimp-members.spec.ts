import { classify, mailchimpMemberHash } from './mailchimp-members';
import { retryDelayMs } from './newsletter.service';

describe('Mailchimp members', () => {
  it('names a member by the MD5 of the lower-cased, trimmed address (Mailchimp’s subscriber hash)', () => {
    // md5("urist.mcvankab@freddiesjokes.com"), the example in Mailchimp's API docs.
    expect(mailchimpMemberHash('Urist.McVankab@freddiesjokes.com ')).toBe('62eeb292278cc15f5817cb78f7790b08');
    expect(mailchimpMemberHash('a@b.io')).toBe(mailchimpMemberHash('A@B.IO'));
  });

  it('counts Member Exists as done, refuses other 400s for good, and retries the rest', () => {
    expect(
      classify({ status: 400, title: 'Member Exists', detail: 'a@b.io is already a list member.' }),
    ).toEqual({
      kind: 'synced',
      memberStatus: 'subscribed',
    });
    expect(classify({ status: 400, title: 'Invalid Resource', detail: 'looks fake' })).toEqual({
      kind: 'failed',
      error: 'Mailchimp answered 400 Invalid Resource: looks fake',
    });
    for (const status of [401, 404, 429, 500, 503]) {
      expect(classify({ status, title: 'T', detail: '' })).toEqual({
        kind: 'retry',
        error: `Mailchimp answered ${status} T`,
      });
    }
  });

  it('backs off 1, 2, 4 … minutes, at most 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60_000);
  });
});
