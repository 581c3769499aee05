import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { mantineStylesFor, neededMantineStyles } from './mantine-styles.mjs';

/** A source folder holding one file with `text`. */
function sources(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'loadout-mantine-styles-'));
  writeFileSync(join(dir, 'page.tsx'), text);
  return dir;
}

describe('the stylesheet built from the Mantine components the app imports', () => {
  it('takes the styles of the components a component is built from', () => {
    const needed = neededMantineStyles([sources("import { Select, type MantineSize } from '@mantine/core';\n")]);
    // Select has no styles of its own: its input, dropdown and options come from these.
    expect([...needed]).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover']));
    expect(needed.has('Tabs')).toBe(false);
  });

  it('reads imports spread over lines, renamed ones and several per file', () => {
    const dir = sources(
      ["import {\n  Button as LoadoutButton,\n  Table,\n} from '@mantine/core';", "import { Tabs } from '@mantine/core';"].join('\n'),
    );
    const needed = neededMantineStyles([dir]);
    expect([...needed]).toEqual(expect.arrayContaining(['Button', 'UnstyledButton', 'Table', 'Tabs']));
  });

  it('keeps Mantine’s order, so a component’s rules still come after those it builds on', () => {
    const css = mantineStylesFor([sources("import { Button } from '@mantine/core';\n")]);
    const at = (selector: string) => css.indexOf(selector);
    // The reset first; UnstyledButton's rules before Button's (Mantine's full stylesheet has that order).
    expect(at('box-sizing: border-box')).toBeGreaterThanOrEqual(0);
    const unstyled = at('.m_87cf2631');
    const button = at('.m_77c9d27d');
    expect(unstyled).toBeGreaterThan(at('box-sizing: border-box'));
    expect(button).toBeGreaterThan(unstyled);
    // Components the sources do not use are left out.
    expect(css).not.toContain('.m_89d60db1'); // Tabs
  });

  it('needs every component the notifications package builds on, even unimported', () => {
    expect(neededMantineStyles([sources('export {};\n')]).has('Notification')).toBe(true);
  });
});
