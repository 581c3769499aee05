import { Avatar } from '@mantine/core';

/** A catalogue app's icon (the server's WebP), or its initial while there is none. */
export function AppIcon({ name, src, size = 36 }: { name: string; src: string | null; size?: number }) {
  return (
    <Avatar src={src ?? undefined} alt="" size={size} radius="sm" color="indigo" variant="light" aria-hidden>
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
