import { createAppFieldsSchema, ICON_UPLOAD_MAX_BYTES, PACKAGE_ID_FIELDS, type PackageIdField } from '@shared/api/catalogue';

export interface AppFormValues extends Record<PackageIdField, string> {
  name: string;
  description: string;
  category: string | null;
  website: string;
  file_size_kb: number | string;
  icon: File | null;
}

export type AppFormErrors = Partial<Record<keyof AppFormValues, string>>;

export function emptyAppForm(): AppFormValues {
  const ids = Object.fromEntries(PACKAGE_ID_FIELDS.map((field) => [field, ''])) as Record<PackageIdField, string>;
  return { name: '', description: '', category: null, website: '', file_size_kb: '', icon: null, ...ids };
}

function textFields(values: AppFormValues) {
  return {
    ...values,
    category: values.category ?? undefined,
    file_size_kb: values.file_size_kb === '' ? undefined : values.file_size_kb,
  };
}

/** SPEC §5 "App form": the shared schema's rules and words, plus the icon image. */
export function validateAppForm(values: AppFormValues): AppFormErrors {
  const errors: AppFormErrors = {};
  const parsed = createAppFieldsSchema.safeParse(textFields(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !errors[field as keyof AppFormValues]) {
        errors[field as keyof AppFormValues] = issue.message;
      }
    }
  }
  if (!values.icon) errors.icon = 'Icon image is required';
  else if (!values.icon.type.startsWith('image/')) errors.icon = 'The icon must be an image file';
  else if (values.icon.size > ICON_UPLOAD_MAX_BYTES) errors.icon = 'The icon must be at most 5 MB';
  return errors;
}

/** The multipart body of POST /catalogue/apps; blank package ids are left out. */
export function toFormData(values: AppFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('category', values.category ?? '');
  form.append('website', values.website.trim());
  form.append('file_size_kb', String(values.file_size_kb));
  for (const field of PACKAGE_ID_FIELDS) {
    const value = values[field].trim();
    if (value) form.append(field, value);
  }
  // The file goes last: a streaming multipart parser then has every text field first.
  if (values.icon) form.append('icon', values.icon, values.icon.name);
  return form;
}
