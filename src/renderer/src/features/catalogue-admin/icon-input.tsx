import { Group, Image, Input, Text } from '@mantine/core';
import { useEffect, useId, useMemo, type ReactNode } from 'react';

interface IconInputProps {
  file: File | null;
  error?: ReactNode;
  onChange: (file: File | null) => void;
}

/**
 * A plain labelled file input (browser tests can set files on it by its label) with a preview
 * of the chosen image. The server fits it in 256×256 and stores WebP (SPEC §5).
 */
export function IconInput({ file, error, onChange }: IconInputProps) {
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <Input.Wrapper label="Icon" id={id} required error={error} description="PNG, JPEG, WebP or SVG; shown at 256×256 at most.">
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        {preview ? (
          <Image src={preview} alt="Icon preview" w={56} h={56} fit="contain" radius="sm" />
        ) : (
          <Text size="xs" c="dimmed" w={56} ta="center">
            No icon
          </Text>
        )}
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-invalid={error ? true : undefined}
          // The browser's own width for a file input does not fit beside the preview on a phone.
          style={{ minWidth: 0, flex: 1 }}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </Group>
    </Input.Wrapper>
  );
}
