import { Accordion } from '@mantine/core';
import type { ReactNode } from 'react';

interface DisclosureProps {
  title: ReactNode;
  opened: boolean;
  onChange: (opened: boolean) => void;
  children: ReactNode;
  size?: 'sm' | 'md';
}

/** A collapsed section whose header is a button (Enter or Space opens it), for what most people do not need. */
export function Disclosure({ title, opened, onChange, children, size = 'md' }: DisclosureProps) {
  return (
    <Accordion
      variant="contained"
      chevronPosition="left"
      value={opened ? 'open' : null}
      onChange={(value) => onChange(value === 'open')}
      // Narrow insets: what sits inside (commands, cards) needs the width on a phone more than the padding.
      styles={{
        content: { paddingInline: 'var(--mantine-spacing-xs)' },
        ...(size === 'sm' ? { label: { paddingBlock: 6, fontSize: 'var(--mantine-font-size-sm)' } } : {}),
      }}
    >
      <Accordion.Item value="open">
        <Accordion.Control>{title}</Accordion.Control>
        <Accordion.Panel>{children}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
