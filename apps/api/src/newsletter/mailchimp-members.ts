import { createHash } from 'node:crypto';
import {
  mailchimpBase,
  mailchimpHeaders,
  type MailchimpProblem,
  mailchimpProblem,
  mailchimpSaid,
} from '../integrations/mailchimp-api';
import { type OutboundPolicy, outboundRequest } from '../common/outbound/outbound-http';

/** Mailchimp's id of an audience member: the MD5 of the lower-cased address (Marketing API, List Members). */
export function mailchimpMemberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export interface MailchimpTarget {
  apiKey: string;
  audienceId: string;
  /** `https://{dc}.api.mailchimp.com/3.0`, or a test fake's. */
  baseUrl: string;
  policy: OutboundPolicy;
}

/**
 * What a call about one member came to:
 * - `synced`: Mailchimp has the member; `memberStatus` is its status there (`pending` = a confirmation
 *   e-mail went out, `subscribed` = it was already on the list);
 * - `retry`: nothing known to have happened (5xx, 429, timeout, network, a key or audience Mailchimp does
 *   not accept now): try again later;
 * - `failed`: Mailchimp refused this address for good (400 "Invalid Resource" and the like).
 */
export type MemberOutcome =
  | { kind: 'synced'; memberStatus: string }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

const describe = (p: MailchimpProblem) => `Mailchimp answered ${p.status} ${mailchimpSaid(p)}`.slice(0, 500);

const base = (target: MailchimpTarget) => mailchimpBase(target.baseUrl, target.apiKey);
const headers = mailchimpHeaders;

/**
 * Adds the address to the audience with double opt-in: `PUT /lists/{id}/members/{hash}` with
 * `status_if_new: 'pending'` creates it as pending (Mailchimp sends the confirmation e-mail) and leaves an
 * existing member as it is. A member who had unsubscribed, was archived or is transactional-only is asked
 * again (`status: 'pending'`), since signing up again is asking to be on the list; a cleaned one (bounced)
 * is refused.
 */
export async function addMember(target: MailchimpTarget, email: string): Promise<MemberOutcome> {
  const root = base(target);
  if (!root) return { kind: 'failed', error: 'The Mailchimp API key names no data centre (…-us6)' };
  const url = `${root}/lists/${encodeURIComponent(target.audienceId)}/members/${mailchimpMemberHash(email)}`;
  const put = async (body: Record<string, string>): Promise<MemberOutcome> => {
    let answer;
    try {
      answer = await outboundRequest(
        url,
        { method: 'PUT', headers: headers(target.apiKey), body: JSON.stringify(body) },
        target.policy,
      );
    } catch (error) {
      return { kind: 'retry', error: `Could not reach Mailchimp: ${(error as Error).message}` };
    }
    if (answer.status >= 200 && answer.status < 300) {
      let memberStatus = 'pending';
      try {
        const parsed = JSON.parse(answer.text) as { status?: unknown };
        if (typeof parsed.status === 'string') memberStatus = parsed.status;
      } catch {
        // A 2xx without a readable body: Mailchimp took it; the status it gave is unknown.
      }
      return { kind: 'synced', memberStatus };
    }
    return classify(mailchimpProblem(answer));
  };
  const first = await put({ email_address: email, status_if_new: 'pending' });
  if (first.kind === 'synced' && ['unsubscribed', 'archived', 'transactional'].includes(first.memberStatus)) {
    return put({ email_address: email, status: 'pending' });
  }
  if (first.kind === 'synced' && first.memberStatus === 'cleaned') {
    return { kind: 'failed', error: 'Mailchimp has this address as cleaned: mail to it bounced' };
  }
  return first;
}

/** A 4xx about this member is final (Member Exists counts as done); anything else is retried later. */
export function classify(p: MailchimpProblem): MemberOutcome {
  if (p.status === 400 && /member exists/i.test(p.title))
    return { kind: 'synced', memberStatus: 'subscribed' };
  if (p.status === 400) return { kind: 'failed', error: describe(p) };
  return { kind: 'retry', error: describe(p) };
}

/**
 * A privacy request: `POST /lists/{id}/members/{hash}/actions/delete-permanent` erases the member from the
 * audience for good (archiving would keep the address). 404 means Mailchimp had no such member.
 */
export async function deleteMemberPermanently(
  target: MailchimpTarget,
  email: string,
): Promise<{ ok: boolean; message: string }> {
  const root = base(target);
  if (!root) return { ok: false, message: 'The Mailchimp API key names no data centre (…-us6)' };
  const url = `${root}/lists/${encodeURIComponent(target.audienceId)}/members/${mailchimpMemberHash(email)}/actions/delete-permanent`;
  try {
    const answer = await outboundRequest(
      url,
      { method: 'POST', headers: headers(target.apiKey) },
      target.policy,
    );
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, message: 'Deleted permanently from the Mailchimp audience' };
    }
    const p = mailchimpProblem(answer);
    if (p.status === 404) return { ok: true, message: 'The Mailchimp audience did not have this address' };
    return { ok: false, message: describe(p) };
  } catch (error) {
    return { ok: false, message: `Could not reach Mailchimp: ${(error as Error).message}` };
  }
}
