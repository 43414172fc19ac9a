/** The e-mails the site sends to the notification address: plain text and simple HTML, every value escaped. */
import { escapeHtml } from '@app/contracts/html';
import { truncateText } from '@app/contracts/text';

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

export interface EmailVideo {
  id: string;
  title: string;
  description: string | null;
  url: string;
  thumbnail: string | null;
  publishedAt: Date;
}

/**
 * The figures of a weekly summary. `newVideos` is always counted; the others come from site analytics and
 * the newsletter list when those exist, and are left out of the e-mail when undefined (not measured).
 */
export interface WeeklySummaryFigures {
  newVideos: number;
  siteViews?: number;
  sitePlays?: number;
  newsletterSignups?: number;
}

export interface WeeklySummary {
  /** ISO week of the send time, `2026-W48`. */
  week: string;
  /** The seven days covered, [from, to). */
  from: Date;
  to: Date;
  /** Oldest first. */
  videos: EmailVideo[];
  figures: WeeklySummaryFigures;
}

/** A description is cut to this many characters in an e-mail. */
export const EMAIL_EXCERPT_LENGTH = 300;

/** A header value on one line (a title with a line break must not start a new header). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function excerpt(text: string | null, length = EMAIL_EXCERPT_LENGTH): string {
  const flat = (text ?? '').trim();
  return truncateText(flat, length);
}

/** Only an absolute http(s) address goes into `href`/`src` (never `javascript:` or a relative path). */
const webUrl = (value: string | null): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;line-height:1.5;color:#222">${body}</body></html>`;

function videoHtml(video: EmailVideo, heading: 'h1' | 'h2'): string {
  const href = webUrl(video.url);
  const thumbnail = webUrl(video.thumbnail);
  const title = escapeHtml(video.title);
  const parts = [
    `<${heading} style="font-size:${heading === 'h1' ? 20 : 16}px">` +
      (href ? `<a href="${escapeHtml(href)}">${title}</a>` : title) +
      `</${heading}>`,
  ];
  if (thumbnail) {
    const img = `<img src="${escapeHtml(thumbnail)}" alt="${title}" width="320" style="max-width:100%">`;
    parts.push(`<p>${href ? `<a href="${escapeHtml(href)}">${img}</a>` : img}</p>`);
  }
  const description = excerpt(video.description);
  if (description) parts.push(`<p>${escapeHtml(description).replace(/\n/g, '<br>')}</p>`);
  if (href) parts.push(`<p><a href="${escapeHtml(href)}">Watch on YouTube</a></p>`);
  return parts.join('');
}

/** One e-mail per new video found by a sync. */
export function renderNewVideoEmail(video: EmailVideo): EmailMessage {
  const subject = oneLine(`New video: ${video.title}`);
  const description = excerpt(video.description);
  const text = [
    `New video: ${video.title}`,
    '',
    `Watch: ${video.url}`,
    ...(description ? ['', description] : []),
    ...(video.thumbnail ? ['', `Thumbnail: ${video.thumbnail}`] : []),
    '',
    `Published ${day.format(video.publishedAt)}.`,
  ].join('\n');
  return { subject, text, html: page(subject, videoHtml(video, 'h1')) };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The figure lines of a summary: only the figures that were measured. */
export function figureLines(figures: WeeklySummaryFigures): string[] {
  const lines = [`New videos: ${figures.newVideos}`];
  if (figures.siteViews !== undefined) lines.push(`Site views: ${figures.siteViews}`);
  if (figures.sitePlays !== undefined) lines.push(`Video plays on the site: ${figures.sitePlays}`);
  if (figures.newsletterSignups !== undefined)
    lines.push(`Newsletter sign-ups: ${figures.newsletterSignups}`);
  return lines;
}

/** The weekly summary: the figures, then the new videos of the seven days, oldest first. */
export function renderWeeklySummaryEmail(summary: WeeklySummary): EmailMessage {
  // `to` is exclusive: the last day covered is the one before it.
  const range = `${day.format(summary.from)} – ${day.format(new Date(summary.to.getTime() - 1))}`;
  const subject = `Weekly summary ${summary.week}: ${plural(summary.figures.newVideos, 'new video')}`;
  const figures = figureLines(summary.figures);
  const text = [
    `Weekly summary for ${range} (UTC)`,
    '',
    ...figures,
    '',
    ...(summary.videos.length
      ? summary.videos.flatMap((v) => [`- ${v.title}`, `  ${v.url}`])
      : ['No new videos this week.']),
  ].join('\n');
  const html = page(
    subject,
    `<h1 style="font-size:20px">Weekly summary for ${escapeHtml(range)} (UTC)</h1>` +
      `<ul>${figures.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      (summary.videos.length
        ? summary.videos.map((v) => videoHtml(v, 'h2')).join('')
        : '<p>No new videos this week.</p>'),
  );
  return { subject, text, html };
}

/** A sign-in to the dashboard from a device not seen before (issue 25, as Ghost does). */
export interface NewDeviceSignIn {
  site: string;
  username: string;
  device: string;
  ipPrefix: string;
  at: Date;
  /** The dashboard's address when PUBLIC_URL is set. */
  adminUrl: string | null;
}

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Tells the owner about a sign-in from a new device, and what to do if it was not them. */
export function renderNewDeviceEmail(s: NewDeviceSignIn): EmailMessage {
  const subject = oneLine(`New sign-in to ${s.site} from ${s.device}`);
  const facts = [
    `Account: ${s.username}`,
    `Device: ${s.device}`,
    `Network: ${s.ipPrefix || 'unknown'}`,
    `Time: ${moment.format(s.at)} UTC`,
  ];
  const advice = [
    'If this was you, there is nothing to do.',
    'If it was not: change the password and sign out the other sessions in Settings → Security, and turn on two-factor sign-in.',
  ];
  const admin = webUrl(s.adminUrl);
  const text = [
    `Someone signed in to the dashboard of ${s.site} from a device not seen before.`,
    '',
    ...facts,
    '',
    ...advice,
    ...(admin ? ['', admin] : []),
  ].join('\n');
  const html = page(
    subject,
    `<p>Someone signed in to the dashboard of ${escapeHtml(s.site)} from a device not seen before.</p>` +
      `<ul>${facts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      advice.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      (admin ? `<p><a href="${escapeHtml(admin)}">${escapeHtml(admin)}</a></p>` : ''),
  );
  return { subject, text, html };
}
