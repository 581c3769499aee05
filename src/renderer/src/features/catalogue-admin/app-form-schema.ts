import { z } from 'zod';

import { createAppFieldsSchema, ICON_UPLOAD_MAX_BYTES, PACKAGE_ID_FIELDS, type App, type PackageIdField } from '@shared/api/catalogue';

export interface AppFormValues extends Record<PackageIdField, string> {
  name: string;
  description: string;
  category: string | null;
  website: string;
  file_size_kb: number | string;
  icon: File | null;
}

export function emptyAppForm(): AppFormValues {
  const ids = Object.fromEntries(PACKAGE_ID_FIELDS.map((field) => [field, ''])) as Record<PackageIdField, string>;
  return { name: '', description: '', category: null, website: '', file_size_kb: '', icon: null, ...ids };
}

/** An app as the form shows it, to edit it: blanks for missing package ids, no new icon. */
export function appFormOf(app: App): AppFormValues {
  const ids = Object.fromEntries(PACKAGE_ID_FIELDS.map((field) => [field, app[field] ?? ''])) as Record<PackageIdField, string>;
  return {
    name: app.name,
    description: app.description,
    category: String(app.category),
    website: app.website,
    file_size_kb: app.file_size_kb ?? '',
    icon: null,
    ...ids,
  };
}

/** The app form: the shared schema's rules and words, plus the icon image (the server checks it again). */
export const appFormSchema = createAppFieldsSchema.extend({
  icon: z
    .instanceof(File, { error: 'Icon image is required' })
    .refine((file) => file.type.startsWith('image/'), 'The icon must be an image file')
    .refine((file) => file.size <= ICON_UPLOAD_MAX_BYTES, 'The icon must be at most 5 MB'),
});

export type AppFormOutput = z.output<typeof appFormSchema>;

/** The multipart body of POST /catalogue/apps, from what the schema parsed; blank package ids are null and left out. */
export function toFormData({ icon, ...fields }: AppFormOutput): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) if (value !== null) form.append(field, String(value));
  // The file goes last: a streaming multipart parser then has every text field first.
  form.append('icon', icon, icon.name);
  return form;
}
