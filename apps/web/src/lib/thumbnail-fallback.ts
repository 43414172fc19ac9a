import { thumbnailFallbacks } from '@app/contracts/youtube';

/**
 * A thumbnail's fallbacks before the app runs, without React: the boot script steps a missing image down to the
 * next size YouTube has (maxres → sd → hq → mq, `thumbnailFallbacks`), in the same `<img>` and so in the same box,
 * and after the last one puts the placeholder in its place, as `ThumbnailImage` draws it. A missing image
 * therefore never starts the app.
 *
 * What the placeholder needs comes with the server's markup, as attributes `ThumbnailImage` and `PlayFacade`
 * write beside the image:
 * - on the `<img>`: `data-placeholder-class` (the placeholder's class, when it is not the image's) and
 *   `data-placeholder-text` (what it reads, when anything);
 * - on an element around it (the play facade's button): `data-placeholder-label`, its accessible name with the
 *   placeholder, and, on elements within, `data-placeholder-text`, the text they show then (the facade's label).
 *
 * The URLs found missing are kept here, so the app, when it starts, renders each thumbnail at the step the page
 * shows ({@link firstShown}) and hydrates the very markup this left.
 */

const missingBeforeApp = new Set<string>();

/** The index of the first URL of `chain` not found missing before the app started; its length when none is left. */
export function firstShown(chain: readonly string[]): number {
  const at = chain.findIndex((url) => !missingBeforeApp.has(url));
  return at < 0 ? chain.length : at;
}

/** The image of a thumbnail turned out missing: shows its next size, or the placeholder when none is left. */
export function stepDown(image: HTMLImageElement): void {
  const src = image.getAttribute('src');
  if (!src) return;
  missingBeforeApp.add(src);
  const rest = thumbnailFallbacks(src);
  const next = rest[firstShown(rest)];
  if (next) image.src = next;
  else showPlaceholder(image);
}

function showPlaceholder(image: HTMLImageElement): void {
  const placeholder = image.ownerDocument.createElement('span');
  placeholder.className = image.dataset.placeholderClass ?? image.className;
  placeholder.dataset.thumbnail = 'placeholder';
  if (image.dataset.placeholderText) placeholder.textContent = image.dataset.placeholderText;
  const around = image.parentElement?.closest<HTMLElement>('[data-placeholder-label]');
  image.replaceWith(placeholder);
  if (!around) return;
  around.setAttribute('aria-label', around.dataset.placeholderLabel!);
  for (const element of around.querySelectorAll<HTMLElement>('[data-placeholder-text]'))
    element.textContent = element.dataset.placeholderText!;
}
