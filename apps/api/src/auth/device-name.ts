import Bowser from 'bowser';

/**
 * A device as the admin would name it, from a user agent (bowser): `Chrome 131 on macOS`, `Safari 17 on iOS
 * (mobile)`; only the browser's major version, or none with `withVersion: false` (`Chrome on macOS`: what
 * tells a new device, so a browser update is not one). `Unknown device` when nothing can be told.
 */
export function deviceName(userAgent: string | undefined, { withVersion = true } = {}): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, 512));
  const major = withVersion ? browser.version?.split('.')[0] : undefined;
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const system = os.name ? ` on ${os.name}` : '';
  const kind = platform.type && platform.type !== 'desktop' ? ` (${platform.type})` : '';
  return name === 'Unknown browser' && !system ? 'Unknown device' : `${name}${system}${kind}`;
}
