import { z } from 'zod';
import { canonicalLanguageTag, TRANSCRIPT_KINDS, TRANSCRIPT_SOURCES } from './transcripts';

/**
 * The dashboard's transcript calls (Content → a video's Transcripts): list a video's tracks, upload a `.vtt` or
 * `.srt` file as its `upload` track in a language, delete a track. The cue model itself is in transcripts.ts (no
 * zod, for the watch page).
 */

/** A BCP 47 language tag (`en`, `pt-BR`, `ja`), given back in its canonical case. */
export const transcriptLanguageSchema = z.string().transform((value, ctx) => {
  const tag = canonicalLanguageTag(value);
  if (tag === null) {
    ctx.addIssue({ code: 'custom', message: 'is not a BCP 47 language tag (such as en, pt-BR or ja)' });
    return z.NEVER;
  }
  return tag;
});

export const transcriptSourceSchema = z.enum(TRANSCRIPT_SOURCES, 'must be youtube or upload');
export const transcriptKindSchema = z.enum(TRANSCRIPT_KINDS, 'must be standard or asr');

/**
 * Body of `PUT /api/admin/videos/{id}/transcripts/{language}`: the file's text and its name, kept as the track's
 * name. A text of more than TRANSCRIPT_MAX_BYTES (UTF-8) is a 413.
 */
export const transcriptUploadSchema = z.strictObject({
  text: z.string('must be the file’s text').min(1, 'is empty'),
  name: z.string().trim().max(255, 'must be at most 255 characters').nullish(),
});
export type TranscriptUpload = z.input<typeof transcriptUploadSchema>;

export const transcriptTrackSchema = z.object({
  source: transcriptSourceSchema,
  language: z.string(),
  kind: transcriptKindSchema,
  name: z.string().nullable(),
  cueCount: z.number().int().nonnegative(),
  storedAt: z.string(),
});

/** `GET /api/admin/videos/{id}/transcripts`: the video's stored tracks, without cues. */
export const transcriptTrackListSchema = z.object({ tracks: z.array(transcriptTrackSchema) });
export type TranscriptTrackList = z.infer<typeof transcriptTrackListSchema>;
