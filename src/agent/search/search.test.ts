import { describe, expect, it } from 'vitest';

import { AGENT_MESSAGE_MAX_BYTES, agentMessageSchema, type AgentMessage } from '@shared/agent/protocol';
import { SEARCH_OUTPUT_MAX_BYTES, SEARCH_RESULTS_MAX } from '@shared/machine-search';

import { scriptedRun, testDeps, type Answer } from '../../../tests/fixtures/pm-output/fake-run';
import { block } from '../../../tests/fixtures/pm-output/read-fixture';
import { AptInstaller } from '../installers/apt';
import { BrewInstaller } from '../installers/brew';
import { FlatpakInstaller } from '../installers/flatpak';
import type { Installer } from '../installers/installer';
import { SnapInstaller } from '../installers/snap';
import { WingetInstaller } from '../installers/winget';
import { fittedToFrame, MachineSearch } from './machine-search';
import {
  aptLiteral,
  aptSearchArgs,
  parseAptSearch,
  parseBrewSearch,
  parseFlatpakSearch,
  parseSnapFind,
  parseWingetSearch,
  wingetSearchArgs,
} from './parsers';

const signal = new AbortController().signal;

function installers(answer: (command: string, args: readonly string[]) => Answer = () => ({})) {
  const scripted = scriptedRun((call) => answer(call.command, call.args));
  const deps = testDeps(scripted.run);
  const all: Installer[] = [
    new AptInstaller(deps),
    new WingetInstaller(deps),
    new BrewInstaller(deps, { brew: '/opt/homebrew/bin/brew', ownerUid: null, platform: 'darwin' }),
    new FlatpakInstaller(deps),
    new SnapInstaller(deps),
  ];
  return { ...scripted, all, byName: new Map(all.map((installer) => [installer.name, installer])) };
}

describe('search parsers on captured output', () => {
  it('reads apt-cache search, one "name - description" a line', () => {
    const results = parseAptSearch(block('apt-cache-search.txt', '# ---- stdout ----'));
    expect(results).toHaveLength(18);
    expect(results).toContainEqual({ id: 'zstd', name: 'zstd', description: 'fast lossless compression algorithm -- CLI tool' });
    expect(results).toContainEqual({
      id: 'libzarchive0.1',
      name: 'libzarchive0.1',
      description: expect.stringContaining('zstd-compressed'),
    });
    expect(parseAptSearch(block('apt-cache-search.txt', '# ---- stdout (first 5 lines)')).map((r) => r.id)).toEqual([
      'lib++dfb-1.7-7',
      'libhamlib++-dev',
      'libhamlib++4',
    ]);
  });

  it("reads winget's search table, with or without a Version column", () => {
    expect(parseWingetSearch(block('winget-search.txt', '$ winget search "python 3"'))).toEqual([
      { id: 'Python.Python.3', name: 'Python 3', version: '3.10.150.0' },
      { id: 'Microsoft.IronPython.3', name: 'IronPython 3', version: '3.4.0.0001' },
    ]);
    expect(parseWingetSearch(block('winget-search.txt', '$ winget search --id AgileBits'))).toEqual([
      { id: 'AgileBits.1Password', name: '1Password', version: '8.10.24' },
    ]);
    const ids = parseWingetSearch(block('winget-search.txt', '$ winget install gh')).map((r) => r.id);
    expect(ids).toEqual(['9N4ZQBL4KMDJ', 'GitHub.cli']);
  });

  it('reads flatpak search on a terminal (padded) and through a pipe (tabs)', () => {
    expect(parseFlatpakSearch(block('flatpak-search.txt', '$ flatpak search rider'))).toEqual([
      { id: 'com.jetbrains.Rider', name: 'Rider', version: '2025.3.2', description: 'Fast & powerful, cross platform .NET IDE' },
      {
        id: 'land.arcana.TarotCanvas',
        name: 'Tarot Canvas',
        version: '1.2.0',
        description: 'Desktop application for viewing and exploring tarot decks',
      },
    ]);
    expect(parseFlatpakSearch(block('flatpak-search.txt', '$ flatpak search joplin'))[0]!.id).toBe('…t.cozic.joplin_desktop');
    expect(parseFlatpakSearch(block('flatpak-search.txt', '$ flatpak search telegram')).map((r) => r.id)).toContain('re.sonny.Tangram');
    expect(parseFlatpakSearch('Rider\tFast IDE\tcom.jetbrains.Rider\t2025.3.2\tstable\tflathub\n')).toEqual([
      { id: 'com.jetbrains.Rider', name: 'Rider', version: '2025.3.2', description: 'Fast IDE' },
    ]);
  });

  it('reads snap find', () => {
    expect(parseSnapFind(block('snap-find.txt', '$ snap find hello\n'.trim()))).toEqual([
      { id: 'hello', name: 'hello', version: '2.10', description: 'GNU Hello, the "hello world" snap' },
      { id: 'hello-huge', name: 'hello-huge', version: '1.0', description: 'a really big snap' },
      { id: 'hello-world', name: 'hello-world', version: '6.1', description: 'Hello world example' },
    ]);
  });

  it('reads brew search through a pipe and on a terminal, casks apart from formulae', () => {
    expect(parseBrewSearch(block('brew-search.txt', '$ brew search --formula'), false).map((r) => r.id)).toEqual([
      'node',
      'node-build',
      'node@18',
      'node@20',
      'nodebrew',
      'nodenv',
    ]);
    const terminal = parseBrewSearch(block('brew-search.txt', '$ brew search node (on a terminal'), false);
    expect(terminal.filter((r) => r.cask).map((r) => r.id)).toEqual(['nodeclipse', 'nodebox']);
    expect(terminal.filter((r) => !r.cask).map((r) => r.id)).toContain('homebrew/core/node');
  });
});

describe('search arguments: the query is data', () => {
  it('comes after `--` where the manager takes it, and apt reads it as a literal', () => {
    expect(aptSearchArgs('g++ 1.2')).toEqual(['search', '--', 'g\\+\\+ 1\\.2']);
    expect(aptLiteral('a.b+c')).toBe('a\\.b\\+c');
    expect(wingetSearchArgs('python 3')).toEqual([
      'search',
      '--query',
      'python 3',
      '--source',
      'winget',
      '--accept-source-agreements',
      '--disable-interactivity',
    ]);
  });

  it('runs each manager with an argument array, and drops every id its grammar refuses', async () => {
    const { all, commandLines } = installers((command) => {
      if (command === 'apt-cache') return { stdout: 'hello - greets\n-oAPT::x - evil\nHello - capital\n' };
      if (command === 'winget') return { stdout: block('winget-search.txt', '$ winget install gh') };
      if (command === 'flatpak') return { stdout: block('flatpak-search.txt', '$ flatpak search joplin') };
      if (command === 'snap') return { stdout: block('snap-find.txt', '$ snap find hello\n'.trim()) };
      return { stdout: block('brew-search.txt', '$ brew search node (on a terminal') };
    });
    const found = Object.fromEntries(await Promise.all(all.map(async (each) => [each.name, await each.search!('hello', signal)] as const)));
    expect(found.apt!.results.map((r) => r.id)).toEqual(['hello']);
    // The msstore id has no dot: not a winget id.
    expect(found.winget!.results.map((r) => r.id)).toEqual(['GitHub.cli']);
    // The elided flatpak id is no id.
    expect(found.flatpak!.results).toEqual([]);
    expect(found.snap!.results.map((r) => r.id)).toEqual(['hello', 'hello-huge', 'hello-world']);
    expect(found.brew!.results.map((r) => r.id)).not.toContain('homebrew/core/node');
    expect(found.brew!.results.find((r) => r.id === 'nodebox')).toEqual({ id: 'nodebox', name: 'nodebox', cask: true });
    expect(commandLines().sort()).toEqual([
      '/opt/homebrew/bin/brew search --cask -- hello',
      '/opt/homebrew/bin/brew search --formula -- hello',
      'apt-cache search -- hello',
      'flatpak search -- hello',
      'snap find -- hello',
      'winget search --query hello --source winget --accept-source-agreements --disable-interactivity',
    ]);
  });

  it.each(['--option', '-o x', '$(x)', 'a;b', 'a\nb', 'a`b`', 'x', 'a/b', '.*', 'a'.repeat(65), 'a '])(
    'refuses %j before any process runs',
    async (query) => {
      const { all, calls } = installers();
      for (const each of all) {
        const found = await each.search!(query, signal);
        expect(found).toEqual({ results: [], truncated: false, error: 'Not a valid search: nothing was run' });
      }
      expect(calls).toEqual([]);
      const sent: AgentMessage[] = [];
      await new MachineSearch({ installers: installers().byName, send: (m) => sent.push(m), log: { warn: () => undefined } }).start({
        type: 'search.request',
        searchId: 's1',
        query,
      });
      expect(sent).toEqual([{ type: 'search.done', searchId: 's1' }]);
    },
  );
});

describe('search bounds', () => {
  it('reads at most SEARCH_OUTPUT_MAX_BYTES, caps and ranks the results, and says it cut them', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `tool${i}-hello - a tool`);
    lines.splice(120, 0, 'hello - the one looked for');
    const { all, calls } = installers(() => ({ stdout: `${lines.join('\n')}\nhalf-a-li`, stdoutTruncated: true }));
    const apt = all.find((each) => each.name === 'apt')!;
    const found = await apt.search!('hello', signal);
    expect(calls[0]!.options).toMatchObject({ stdoutCapBytes: SEARCH_OUTPUT_MAX_BYTES, timeoutMs: 20_000 });
    expect(found.results).toHaveLength(SEARCH_RESULTS_MAX);
    expect(found.results[0]!.id).toBe('hello');
    expect(found.results.map((r) => r.id)).not.toContain('half-a-li');
    expect(found.truncated).toBe(true);
    expect(found.error).toBeUndefined();
  });

  it('stops the manager once it has printed SEARCH_OUTPUT_MAX_BYTES, and keeps what it read', async () => {
    let stopped = false;
    const { all } = installers(() => ({}));
    const line = `hello-tool - ${'x'.repeat(1000)}`;
    const apt = new AptInstaller(
      testDeps(async (_command, _args, options) => {
        options.signal?.addEventListener('abort', () => (stopped = true));
        // The program prints until it is stopped; the runner hands each line on as it comes.
        for (let printed = 0; printed < 2 * SEARCH_OUTPUT_MAX_BYTES && !stopped; printed += line.length + 1) options.onLine?.(line);
        return {
          exitCode: null,
          signal: 'SIGTERM',
          timedOut: false,
          aborted: true,
          spawnError: null,
          stdout: `${line}\nhello - the one\n${line.slice(0, 10)}`,
          stdoutTruncated: false,
          output: '',
          durationMs: 1,
        };
      }),
    );
    expect(all).toHaveLength(5);
    const found = await apt.search('hello', signal);
    expect(stopped).toBe(true);
    expect(found).toEqual({
      results: [
        { id: 'hello', name: 'hello', description: 'the one' },
        { id: 'hello-tool', name: 'hello-tool', description: expect.any(String) },
      ],
      truncated: true,
    });
  });

  it('leaves out the last results rather than send a frame the server would refuse', () => {
    const wide = '語'.repeat(200);
    const results = Array.from({ length: SEARCH_RESULTS_MAX }, (_, i) => ({
      id: `tool-${i}`,
      name: wide,
      version: wide.slice(0, 100),
      description: wide,
    }));
    const fitted = fittedToFrame({ type: 'search.results', searchId: 's1', manager: 'apt', results, truncated: false });
    expect(Buffer.byteLength(JSON.stringify(fitted))).toBeLessThanOrEqual(AGENT_MESSAGE_MAX_BYTES - 2_048);
    expect(fitted.truncated).toBe(true);
    expect(fitted.results.length).toBeGreaterThan(10);
    expect(fitted.results[0]!.id).toBe('tool-0');
    const small = {
      type: 'search.results' as const,
      searchId: 's1',
      manager: 'apt' as const,
      results: results.slice(0, 2),
      truncated: false,
    };
    expect(fittedToFrame(small)).toBe(small);
  });

  it('a manager that times out says so and keeps what it found; one that finds nothing is no failure', async () => {
    const { all } = installers((command) => {
      if (command === 'snap') return { stdout: block('snap-find.txt', '$ snap find hello\n'.trim()), timedOut: true, exitCode: null };
      if (command === 'flatpak') return { exitCode: 1, stderr: 'No matches found\n' };
      if (command === 'winget') return { spawnError: 'spawn winget ENOENT', exitCode: null };
      return { exitCode: 1, stderr: 'Error: No formulae or casks found for "zzz".\n' };
    });
    const by = Object.fromEntries(await Promise.all(all.map(async (each) => [each.name, await each.search!('hello', signal)] as const)));
    expect(by.snap).toMatchObject({ truncated: true, error: 'snap did not finish searching within 20 s' });
    expect(by.snap!.results).toHaveLength(3);
    expect(by.flatpak).toEqual({ results: [], truncated: false });
    expect(by.brew).toEqual({ results: [], truncated: false });
    expect(by.winget).toMatchObject({ results: [], error: 'winget could not be started: spawn winget ENOENT' });
  });

  it('one search at a time: a new one stops the running one, whose answers are never sent', async () => {
    const sent: AgentMessage[] = [];
    let release: () => void = () => undefined;
    const slow: Installer = {
      ...new SnapInstaller(testDeps(scriptedRun(() => ({})).run)),
      name: 'snap',
      search: (_query, searchSignal) =>
        new Promise((resolve) => {
          release = () => resolve({ results: [{ id: 'late', name: 'late' }], truncated: false });
          searchSignal.addEventListener('abort', () => resolve({ results: [], truncated: false }));
        }),
    } as Installer;
    const search = new MachineSearch({ installers: new Map([['snap', slow]]), send: (m) => sent.push(m), log: { warn: () => undefined } });
    const first = search.start({ type: 'search.request', searchId: 'first', query: 'hello' });
    const second = search.start({ type: 'search.request', searchId: 'second', query: 'world' });
    await first;
    release();
    await second;
    expect(sent.map((m) => [m.type, 'searchId' in m ? m.searchId : null])).toEqual([
      ['search.results', 'second'],
      ['search.done', 'second'],
    ]);
    for (const message of sent) expect(agentMessageSchema.safeParse(message).success).toBe(true);
  });
});
