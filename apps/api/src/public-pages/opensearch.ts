import { escapeHtml } from '@app/contracts/html';
import {
  OPENSEARCH_PATH,
  OPENSEARCH_TYPE,
  SEARCH_PATH,
  searchPageTemplate,
  truncateText,
} from '@app/contracts';
import { xmlChars } from './xml';

/** OpenSearch 1.1's limits: https://github.com/dewitt/opensearch/blob/master/opensearch-1-1-draft-6.md */
export const OPENSEARCH_SHORT_NAME_MAX = 16;
export const OPENSEARCH_DESCRIPTION_MAX = 1024;

export interface OpenSearchSite {
  origin: string;
  /** The site's name: the ShortName (cut to 16 characters). */
  name: string;
  /** One sentence in the site's language. */
  description: string;
  /** The `lang` of the site's texts (`en`, `pt-BR`). */
  language: string;
  /** The icon browsers show beside the search (`siteIcon`): the owner's favicon (a data URL), else a path. */
  icon: { href: string; type: string };
}

const text = (value: string) => escapeHtml(xmlChars(value));

/**
 * The OpenSearch description document (`GET /opensearch.xml`): browsers offer the site's search from it (Firefox's
 * "Add search engine", Chrome's site search), its results page being `/search?q={searchTerms}`.
 */
export function openSearchDescription(site: OpenSearchSite): string {
  const results = searchPageTemplate(site.origin, 'searchTerms');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    `  <ShortName>${text(truncateText(site.name, OPENSEARCH_SHORT_NAME_MAX))}</ShortName>`,
    `  <Description>${text(truncateText(site.description, OPENSEARCH_DESCRIPTION_MAX))}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    `  <Language>${text(site.language)}</Language>`,
    `  <Image type="${text(site.icon.type)}">${text(new URL(site.icon.href, `${site.origin}/`).href)}</Image>`,
    `  <Url type="text/html" method="get" template="${text(results)}"/>`,
    `  <Url type="${OPENSEARCH_TYPE}" rel="self" template="${text(`${site.origin}${OPENSEARCH_PATH}`)}"/>`,
    `  <moz:SearchForm>${text(`${site.origin}${SEARCH_PATH}`)}</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
