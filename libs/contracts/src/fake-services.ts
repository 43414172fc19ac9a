/**
 * The fake Discord and fake Mailchimp of tools/ (fake-discord, fake-mailchimp), as their tests see them: the
 * fault the control API injects, the requests it records and the line the CLI prints. Types only; not part
 * of the product's own API (`@app/contracts/fake-services`).
 */

/**
 * Replaces every answer of the fake's API until cleared: `status` answers that status with `body`
 * (JSON, or a string sent as HTML); `slow` waits `delayMs` before answering normally; `drop` closes
 * the connection without an answer; `redirect` answers `status` (302) with `Location: location`.
 */
export type FakeServiceFault =
  | { type: 'status'; status: number; body?: unknown }
  | { type: 'slow'; delayMs: number }
  | { type: 'drop' }
  | { type: 'redirect'; location: string; status?: number };

/** `GET /__fake/requests`: every API request since the last reset, oldest first. */
export interface FakeServiceRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The one JSON line `tools/fake-discord/server.ts --json` prints. */
export interface FakeDiscordStartedLine {
  url: string;
  controlUrl: string;
  /** A webhook URL the fake knows (GET answers it, POST accepts a message). */
  webhookUrl: string;
  webhook: { id: string; token: string; name: string; channel_id: string };
}

/** The one JSON line `tools/fake-mailchimp/server.ts --json` prints. */
export interface FakeMailchimpStartedLine {
  url: string;
  controlUrl: string;
  /** MAILCHIMP_API_BASE_URL: `{dc}` stands for the key's data centre. */
  apiBaseUrl: string;
  /** The only key it accepts (ends in its data centre, like a real key). */
  apiKey: string;
  audience: { id: string; name: string; memberCount: number };
}

/** The one JSON line `tools/fake-websub-hub/server.ts --json` prints. */
export interface FakeWebsubHubStartedLine {
  /** The hub's subscribe URL (WEBSUB_HUB_URL). */
  url: string;
  controlUrl: string;
}

/** A subscribe or unsubscribe request the fake hub received, and how its intent verification went. */
export interface FakeWebsubRequest {
  mode: string;
  topic: string;
  callback: string;
  secret: string | null;
  leaseSeconds: number | null;
  /** The callback's answer to the verification GET: its status and whether it echoed the challenge. */
  verification: { status: number; echoed: boolean } | null;
}

/** How the fake hub signs a published notification: with the subscriber's secret, another one, or not at all. */
export type FakeWebsubSigning = 'good' | 'bad' | 'none';
