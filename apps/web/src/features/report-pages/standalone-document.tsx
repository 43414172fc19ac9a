import type { ReactNode } from 'react';
import { DOCUMENT_CSS } from './document-styles';

/**
 * A whole HTML document without script: its language, title, robots rule and the one inline stylesheet. No icon
 * request either (`data:`), so the page asks nothing of anyone but its own HTML.
 */
export function StandaloneDocument({
  lang,
  title,
  noindex,
  children,
}: {
  lang: string;
  title: string;
  noindex: boolean;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        <meta name="referrer" content="no-referrer" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: DOCUMENT_CSS }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
