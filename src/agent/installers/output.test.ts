import { describe, expect, it } from 'vitest';

import { block, capturedOutput } from '../../../tests/fixtures/pm-output/read-fixture';
import { cleanLines, isProgressNoise, logTail, stripAnsi } from './output';

describe('output cleaning', () => {
  it('removes ANSI escapes, also one cut short by a \\r frame', () => {
    expect(stripAnsi('\u001b[7m\u001b[0mDownload\u001b[?25\rnext\u001b]0;title\u0007 done\u001b[K')).toBe('Download\rnext done');
  });

  it('keeps the last frame of a line redrawn with \\r', () => {
    const [line] = cleanLines(
      capturedOutput('apt-get-install-success.txt')
        .stdout.split('\n')
        .find((text) => text.startsWith('(Reading database'))!,
    );
    expect(line).toBe('(Reading database ... 117713 files and directories currently installed.)');
    expect(cleanLines('Setting up hello (2.10-3) ...\r\n')).toEqual(['Setting up hello (2.10-3) ...', '']);
  });

  it('drops winget spinners and progress bars from the log, keeping what happened', () => {
    const log = logTail(block('winget-upgrade-progress-noise.txt', '# source: https://github.com/Romanitho'));
    expect(log.split('\n')).toEqual([
      "11:00:44 - ##########   WINGET UPGRADE PROCESS STARTS FOR APPLICATION ID 'VSCodium.VSCodium'   ##########",
      'No applicable update found.',
      'Found VSCodium [VSCodium.VSCodium] Version 1.65.2',
      'This application is licensed to you by its owner.',
      'Microsoft is not responsible for, nor does it grant any licenses to, third-party packages.',
      'Downloading https://github.com/VSCodium/vscodium/releases/download/1.65.2/VSCodiumUserSetup-x64-1.65.2.exe',
      'Successfully verified installer hash',
      'Starting package install...',
    ]);
    expect(isProgressNoise('   -\\|/-\\|/-\\ ')).toBe(true);
  });

  it('keeps the last 40 lines of a long output, each of bounded length', () => {
    const long = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
    const lines = logTail(long).split('\n');
    expect(lines).toHaveLength(40);
    expect(lines.at(-1)).toBe('line 99');
    expect(logTail('x'.repeat(10_000)).length).toBe(501);
  });
});
