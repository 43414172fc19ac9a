/**
 * A thumbnail that fails before the app runs, without React: the boot script puts the placeholder in the place of
 * its `<picture>`, as `ThumbnailImage` draws it, so the box stays and a missing image never starts the app.
 *
 * What the placeholder needs comes with the server's markup, as attributes `ThumbnailImage` and `PlayFacade`
 * write beside the image:
 * - on the `<img>`: `data-placeholder-class` (the placeholder's class, when it is not the image's) and
 *   `data-placeholder-text` (what it reads, when anything);
 * - on an element around it (the play facade's button): `data-placeholder-label`, its accessible name with the
 *   placeholder, and, on elements within, `data-placeholder-text`, the text they show then (the facade's label).
 *
 * The images found missing are kept here (by their `src`), so the app, when it starts, renders the placeholder for
 * each ({@link foundMissing}) and hydrates the very markup this left.
 */

const missingBeforeApp = new Set<string>();

/** Whether the image of this `src` was found missing before the app started. */
export function foundMissing(src: string): boolean {
  return missingBeforeApp.has(src);
}

/** The image of a thumbnail turned out missing: the placeholder in its place. */
export function showPlaceholder(image: HTMLImageElement): void {
  const src = image.getAttribute('src');
  if (src) missingBeforeApp.add(src);
  const placeholder = image.ownerDocument.createElement('span');
  placeholder.className = image.dataset.placeholderClass ?? image.className;
  placeholder.dataset.thumbnail = 'placeholder';
  if (image.dataset.placeholderText) placeholder.textContent = image.dataset.placeholderText;
  const around = image.parentElement?.closest<HTMLElement>('[data-placeholder-label]');
  const picture = image.parentElement instanceof HTMLPictureElement ? image.parentElement : image;
  picture.replaceWith(placeholder);
  if (!around) return;
  around.setAttribute('aria-label', around.dataset.placeholderLabel!);
  for (const element of around.querySelectorAll<HTMLElement>('[data-placeholder-text]'))
    element.textContent = element.dataset.placeholderText!;
}
