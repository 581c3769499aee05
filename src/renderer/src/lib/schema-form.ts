import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

/** Mantine's PasswordInput, unlike TextInput, does not mark itself invalid for assistive technology. */
function markInvalid({ inputProps }: { inputProps: { error?: unknown } }) {
  return { 'aria-invalid': inputProps.error ? true : undefined };
}

/**
 * useForm's options for a form checked by a zod schema: each issue goes under its field, and
 * the submit handler gets what the schema makes of the values (trimmed, typed, blanks as null).
 * `useForm({ initialValues, ...schemaForm(schema) })`.
 */
export function schemaForm<S extends z.ZodType>(schema: S) {
  return {
    validate: schemaResolver(schema, { sync: true }),
    transformValues: (values: object): z.output<S> => schema.parse(values),
    enhanceGetInputProps: markInvalid,
  };
}
