/**
 * Mailchimp's Marketing API as the site calls it, in one place for the connection test and the newsletter:
 * the data centre a key names, the address of that data centre, the key as Basic auth, and the problem an error
 * answer describes (`{ title, detail }`, RFC 7807 style).
 */

/** The data centre a Mailchimp API key ends in (`…-us6` → `us6`), or null. */
export function mailchimpDataCentre(key: string): string | null {
  return /-([a-z]{2,5}\d{1,3})$/.exec(key)?.[1] ?? null;
}

/** `baseUrl` (`https://{dc}.api.mailchimp.com/3.0`, or a test fake's) on the key's data centre, or null. */
export function mailchimpBase(baseUrl: string, apiKey: string): string | null {
  const dc = mailchimpDataCentre(apiKey);
  return dc ? baseUrl.replaceAll('{dc}', dc).replace(/\/+$/, '') : null;
}

/** The headers of every call: JSON, and the key as Basic auth (any user name). */
export function mailchimpHeaders(apiKey: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: `Basic ${Buffer.from(`key:${apiKey}`).toString('base64')}`,
  };
}

export interface MailchimpProblem {
  status: number;
  title: string;
  detail: string;
}

/** What an error answer says: its title and detail, or (an HTML page from a proxy) its status text. */
export function mailchimpProblem(answer: {
  status: number;
  text: string;
  statusText: string;
}): MailchimpProblem {
  try {
    const body = JSON.parse(answer.text) as Partial<MailchimpProblem>;
    if (typeof body.title === 'string') {
      return {
        status: answer.status,
        title: body.title,
        detail: typeof body.detail === 'string' ? body.detail : '',
      };
    }
  } catch {
    // Not JSON: its status says enough.
  }
  return { status: answer.status, title: answer.statusText || `HTTP ${answer.status}`, detail: '' };
}

/** The problem in a few words: `Title: detail`. */
export function mailchimpSaid(problem: MailchimpProblem): string {
  return `${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`;
}
