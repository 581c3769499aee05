import { describe, expect, it } from 'vitest';

import { formatFlatpakList, readFlatpakList } from './flatpak';

describe('Flatpak lists', () => {
  it('reads one application id a line, also from flatpak list with more columns', () => {
    // The second line as `flatpak list --app --columns=name,application,version,branch,origin` prints it.
    const content = '# my apps\norg.gimp.GIMP\nHello\torg.loadout.Hello\t\tstable\tflathub\tsystem\n\n  com.spotify.Client  \n';
    expect(readFlatpakList(content)).toEqual([
      { id: 'org.gimp.GIMP', line: 2 },
      { id: 'org.loadout.Hello', line: 3 },
      { id: 'com.spotify.Client', line: 5 },
    ]);
  });

  it('writes the ids one a line, which read back the same', () => {
    const text = formatFlatpakList(['org.gimp.GIMP', 'org.videolan.VLC']);
    expect(text).toBe('org.gimp.GIMP\norg.videolan.VLC\n');
    expect(readFlatpakList(text).map(({ id }) => id)).toEqual(['org.gimp.GIMP', 'org.videolan.VLC']);
    expect(formatFlatpakList([])).toBe('');
  });
});
