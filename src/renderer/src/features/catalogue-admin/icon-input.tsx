import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useId, useMemo, type ReactNode } from 'react';

interface IconInputProps {
  file: File | null;
  error?: ReactNode;
  onChange: (file: File | null) => void;
}

/**
 * The icon field: a button that opens the file chooser, the chosen file's name and a preview.
 * The browser's own file input ("Choose File No file chosen") does not follow the theme and
 * crowds a phone's line; it stays in the page, hidden, labelled "Icon" (browser tests set
 * files on it by that label). The server fits the image in 256×256 and stores WebP.
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
        <Stack gap={4} miw={0}>
          <FileButton onChange={onChange} accept="image/*" inputProps={{ id, 'aria-invalid': error ? true : undefined }}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconPhotoUp size={16} aria-hidden />}>
                {file ? 'Choose another image' : 'Choose an image'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" truncate>
            {file ? file.name : 'No image chosen'}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
