import { z } from 'zod';

import { PACKAGE_ID_FIELDS, type PackageIdField } from './catalogue';
import { MAX_ROW_ID } from './common';
import { listDetailSchema, listFormatSchema, listNameSchema } from './lists';

/** The most a file may hold: a Brewfile or winget export of a few thousand lines is far below it. */
export const IMPORT_CONTENT_MAX = 512 * 1024;

const importContentSchema = z.string().min(1, 'The file is empty').max(IMPORT_CONTENT_MAX, 'The file is too large (512 KB at most)');

/**
 * Why a line or entry of a file is shown back after an import. `leftOut` says whether what it
 * names was left out of the list (a condition is the one note about something that was imported).
 */
export const IMPORT_NOTE_REASONS = {
  code: { leftOut: true, text: 'Ruby code, which Loadout does not run' },
  condition: { leftOut: false, text: 'A condition Loadout does not check: what it guards was imported' },
  setting: { leftOut: true, text: 'A Homebrew setting, which Loadout does not apply' },
  tap: { leftOut: true, text: 'A tap: Loadout installs from Homebrew’s own repositories only' },
  tappedPackage: { leftOut: true, text: 'From a third-party tap, which Loadout does not install from' },
  appStore: { leftOut: true, text: 'A Mac App Store app: Loadout does not install from the App Store' },
  extension: { leftOut: true, text: 'An editor extension, not an app' },
  otherTool: { leftOut: true, text: 'Installed by another tool (whalebrew, go, cargo, npm, uv)' },
  storeSource: { leftOut: true, text: 'From the Microsoft Store source: Loadout installs from the winget source' },
  otherResource: { leftOut: true, text: 'A configuration step other than a winget package, which Loadout does not apply' },
  absent: { leftOut: true, text: 'Says to remove this package: an import only adds apps' },
  runtime: { leftOut: true, text: 'A runtime that apps bring with them, not an app you choose' },
  invalidId: { leftOut: true, text: 'Not a package id this package manager accepts' },
  notFound: { leftOut: true, text: 'Matches no app in the catalogue' },
  ownAppLimit: { leftOut: true, text: 'Your own apps are at their limit, so this package could not be kept as one' },
} as const satisfies Record<string, { leftOut: boolean; text: string }>;
export type ImportNoteReason = keyof typeof IMPORT_NOTE_REASONS;
const noteReasonSchema = z.enum(Object.keys(IMPORT_NOTE_REASONS) as [ImportNoteReason, ...ImportNoteReason[]]);

/** A line or entry of the file shown back to the person, with its line number where the format has lines. */
export const importNoteSchema = z.object({
  line: z.number().int().positive().nullable(),
  /** As written in the file (a long line is shortened). */
  written: z.string(),
  reason: noteReasonSchema,
});
export type ImportNote = z.infer<typeof importNoteSchema>;

/** POST /api/lists/import/preview: what an import of this file would put in a list, creating nothing. */
export const importPreviewRequestSchema = z.object({ format: listFormatSchema, content: importContentSchema });
export type ImportPreviewRequest = z.input<typeof importPreviewRequestSchema>;

const packageIdFieldSchema = z.enum(PACKAGE_ID_FIELDS as [PackageIdField, ...PackageIdField[]]);

/** One app the file would add, in file order; `appId` null: a package the catalogue lacks, kept as your own app. */
export const importPreviewAppSchema = z.object({
  line: z.number().int().positive().nullable(),
  written: z.string(),
  name: z.string(),
  appId: z.number().int().nullable(),
  field: packageIdFieldSchema.nullable(),
  packageId: z.string().nullable(),
});
export type ImportPreviewApp = z.infer<typeof importPreviewAppSchema>;

export const importPreviewSchema = z.object({
  apps: z.array(importPreviewAppSchema),
  notes: z.array(importNoteSchema),
  /** How many apps a list may hold on the caller's plan. */
  appsPerList: z.number().int(),
  /** How many more lists the plan allows (null: no limit). */
  listsLeft: z.number().int().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * POST /api/lists/import. A file with more apps than a list holds needs a choice: `split` puts
 * them into as many lists as it takes ("Name (1 of 2)"…), `keep` names the apps to import by
 * their place in the preview's `apps`. Without one, such a file is refused with
 * LIST_APP_LIMIT_REACHED: nothing is ever left out without the person choosing it.
 */
export const importListRequestSchema = z.object({
  format: listFormatSchema,
  content: importContentSchema,
  name: listNameSchema,
  split: z.boolean().optional(),
  keep: z.array(z.number().int().min(0).max(MAX_ROW_ID)).max(10_000).optional(),
});
export type ImportListRequest = z.input<typeof importListRequestSchema>;

export const importListResponseSchema = z.object({
  /** The new list (the first of them when the file was split). */
  list: listDetailSchema,
  /** Every list the import created, in order. */
  lists: z.array(listDetailSchema),
  /** Lines and entries shown back: what was left out and why, and conditions not checked. */
  notes: z.array(importNoteSchema),
  /** The notes' entries that were left out, as written in the file. */
  unmatched: z.array(z.string()),
  /** Apps left out for a plan limit: those not chosen in `keep`, or packages past the own-app limit. */
  skippedForLimit: z.array(z.string()),
});
export type ImportListResponse = z.infer<typeof importListResponseSchema>;
