import type { NewsletterSubscribe, NewsletterSubscribeResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client';

/** `POST /api/newsletter/subscribe`: the API validates the address (one rule, in the contracts). */
export function subscribeToNewsletter(body: NewsletterSubscribe): Promise<NewsletterSubscribeResult> {
  return apiRequest('POST', apiPaths.newsletterSubscribe, body).then((res) =>
    readJson<NewsletterSubscribeResult>(res),
  );
}

/** A sign-up changes nothing the page shows, so nothing is invalidated. */
export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
