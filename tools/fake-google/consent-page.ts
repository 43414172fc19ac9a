/**
 * The fake Google's account chooser and consent screen in one HTML page: pick an account, untick scopes (Google's
 * granular consent lets a user refuse some), then Allow or Deny. Plain HTML and a form POST, so a browser test clicks
 * it and an HTTP test posts the same fields.
 */
import type { FakeGoogleAccount } from '@app/contracts/fake-google';
import { SCOPE_DESCRIPTIONS } from './accounts';

export const CONSENT_PATH = '/accounts.google.com/o/oauth2/v2/auth/consent';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ConsentPageModel {
  requestId: string;
  clientName: string;
  accounts: FakeGoogleAccount[];
  /** The account preselected (`login_hint`, else the first). */
  selected: string;
  /** Scopes to ask for, each a checkbox ticked by default. */
  asked: string[];
  /** Scopes the account already granted this client, shown as such (include_granted_scopes). */
  granted: string[];
}

export function consentPage(model: ConsentPageModel): string {
  const accounts = model.accounts
    .map(
      (a) =>
        `<label><input type="radio" name="account" value="${escape(a.email)}"${a.email === model.selected ? ' checked' : ''}> ` +
        `${escape(a.name)} &lt;${escape(a.email)}&gt; (${escape(a.channelTitle)})</label><br>`,
    )
    .join('');
  const asked = model.asked
    .map(
      (scope) =>
        `<label><input type="checkbox" name="scope" value="${escape(scope)}" checked> ` +
        `${escape(SCOPE_DESCRIPTIONS[scope] ?? scope)}</label><br>`,
    )
    .join('');
  const granted = model.granted.length
    ? `<p>${escape(model.clientName)} already has access to:</p><ul>${model.granted
        .map((scope) => `<li>${escape(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`)
        .join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (fake)</title></head>
<body>
<h1>${escape(model.clientName)} wants access to your Google Account</h1>
<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="request" value="${escape(model.requestId)}">
<fieldset><legend>Choose an account</legend>${accounts}</fieldset>
<fieldset><legend>Select what ${escape(model.clientName)} can access</legend>${asked}</fieldset>
${granted}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</body></html>`;
}
