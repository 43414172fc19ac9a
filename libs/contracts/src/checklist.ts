import { z } from 'zod';

/**
 * The first-run checklist at the top of the dashboard (issue 24): what a new site still needs, each item's state
 * read from the server. It hides when every item is done, or once the admin dismisses it.
 */
export const checklistItemIds = ['channel', 'password', 'two-factor', 'public-url', 'sitemap'] as const;
export type ChecklistItemId = (typeof checklistItemIds)[number];

export const checklistItemSchema = z.object({
  id: z.enum(checklistItemIds),
  done: z.boolean(),
  /** What the server found, in a sentence (the channel's name, the origin set, …). */
  detail: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** `GET /api/admin/checklist`. */
export const firstRunChecklistSchema = z.object({
  items: z.array(checklistItemSchema),
  /** Every item done: the dashboard shows no checklist. */
  complete: z.boolean(),
  /** The admin dismissed it (the `firstRunChecklistDismissed` setting). */
  dismissed: z.boolean(),
});
export type FirstRunChecklist = z.infer<typeof firstRunChecklistSchema>;
