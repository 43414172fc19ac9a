import { IMAGE_MAX_BYTES, imageDataUrlProblem, imageMimeTypes } from '@app/contracts';

/** What the file pickers offer: the image types the API stores (SVG is refused there). */
export const IMAGE_ACCEPT = imageMimeTypes.join(',');

const MB = 1024 * 1024;

/** Why a picked file cannot be an image setting, before it is read; null when it may be. */
export function imageFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (file.type.startsWith('image/svg'))
    return `${file.name} is an SVG image; use PNG, JPEG, WebP, GIF or ICO`;
  if (!(imageMimeTypes as readonly string[]).includes(file.type)) {
    return `${file.name} is not an image (use PNG, JPEG, WebP, GIF or ICO)`;
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return `${file.name} is ${(file.size / MB).toFixed(1)} MB; images must be at most ${IMAGE_MAX_BYTES / MB} MB`;
  }
  return null;
}

/** Reads a file as a base64 data URL. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The picked image as the data URL the API stores, or an error naming what is wrong (type, size, or
 * content that is not the image it claims to be).
 */
export async function imageFileToDataUrl(file: File): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const dataUrl = await readFileAsDataUrl(file);
  const contentProblem = imageDataUrlProblem(dataUrl);
  if (contentProblem) throw new Error(`${file.name}: ${contentProblem}`);
  return dataUrl;
}
