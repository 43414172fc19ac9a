import Bowser from 'bowser';

/**
 * A device as the admin would name it, from a user agent (bowser): `Chrome 131 on macOS`, `Safari 17 on iOS
 * (mobile)`. Only the browser's major version, so an update does not make a "new device". `Unknown device`
 * when nothing can be told.
 */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, 512));
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const system = os.name ? ` on ${os.name}` : '';
  const kind = platform.type && platform.type !== 'desktop' ? ` (${platform.type})` : '';
  return name === 'Unknown browser' && !system ? 'Unknown device' : `${name}${system}${kind}`;
}
