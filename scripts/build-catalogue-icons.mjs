// Writes resources/catalogue/icons/<icon>.svg for every app in resources/catalogue/seed.json.
//
// Brand marks come from the simple-icons package (CC0 icon data; the marks themselves stay
// their owners' trademarks). Each icon is a 256×256 rounded square in the brand colour with
// the mark centred on it, white or near-black, whichever reads better on that colour. Apps
// that simple-icons does not carry get a monogram: their initials on a colour of their own.
//
// Run: node scripts/build-catalogue-icons.mjs   (re-run after editing seed.json)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as simpleIcons from 'simple-icons';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SEED = join(ROOT, 'resources/catalogue/seed.json');
const OUT = join(ROOT, 'resources/catalogue/icons');

/** App name → simple-icons export. Explicit on purpose: no fuzzy matching at run time. */
const BRAND_ICONS = {
  Firefox: 'siFirefoxbrowser',
  'Google Chrome': 'siGooglechrome',
  Brave: 'siBrave',
  Vivaldi: 'siVivaldi',
  Opera: 'siOpera',
  'Tor Browser': 'siTorbrowser',
  LibreWolf: 'siLibrewolf',
  Discord: 'siDiscord',
  Zoom: 'siZoom',
  'Telegram Desktop': 'siTelegram',
  Signal: 'siSignal',
  Thunderbird: 'siThunderbird',
  Element: 'siElement',
  VLC: 'siVlcmediaplayer',
  Spotify: 'siSpotify',
  'OBS Studio': 'siObsstudio',
  Audacity: 'siAudacity',
  GIMP: 'siGimp',
  Inkscape: 'siInkscape',
  Blender: 'siBlender',
  Krita: 'siKrita',
  mpv: 'siMpv',
  Kdenlive: 'siKdenlive',
  Git: 'siGit',
  'Node.js': 'siNodedotjs',
  Python: 'siPython',
  'Docker Desktop': 'siDocker',
  Postman: 'siPostman',
  'IntelliJ IDEA Community Edition': 'siIntellijidea',
  'Sublime Text': 'siSublimetext',
  Neovim: 'siNeovim',
  'GitHub Desktop': 'siGithub',
  'DBeaver Community': 'siDbeaver',
  'GitHub CLI': 'siGithub',
  Go: 'siGo',
  'Notepad++': 'siNotepadplusplus',
  '7-Zip': 'si7zip',
  Syncthing: 'siSyncthing',
  qBittorrent: 'siQbittorrent',
  Dropbox: 'siDropbox',
  LocalSend: 'siLocalsend',
  LibreOffice: 'siLibreoffice',
  'ONLYOFFICE Desktop Editors': 'siOnlyoffice',
  Obsidian: 'siObsidian',
  Notion: 'siNotion',
  Joplin: 'siJoplin',
  Zotero: 'siZotero',
  Steam: 'siSteam',
  'Epic Games Launcher': 'siEpicgames',
  'GOG Galaxy': 'siGogdotcom',
  'Heroic Games Launcher': 'siHeroicgameslauncher',
  Lutris: 'siLutris',
  Bitwarden: 'siBitwarden',
  KeePassXC: 'siKeepassxc',
  'Proton VPN': 'siProtonvpn',
  Wireshark: 'siWireshark',
  Malwarebytes: 'siMalwarebytes',
  '1Password': 'si1password',
};

/** Monogram colours set by hand: a well-known brand colour, or one that keeps two look-alike monograms apart. */
const MONOGRAM_COLOURS = {
  Slack: '4A154B',
  'Microsoft Edge': '0078D4',
  'Microsoft Teams': '5B5FC7',
  'Visual Studio Code': '007ACC',
  Chromium: '4285F4',
  'Prism Launcher': 'B45309', // else a teal "P" like PowerToys'
};

/** Monogram letters where the plain initials would be a company name rather than the app's. */
const MONOGRAM_TEXT = {
  'Microsoft Edge': 'E',
  'Microsoft Teams': 'T',
  'Visual Studio Code': 'VS',
  'Minecraft Launcher': 'M',
  'Prism Launcher': 'P',
};

const SIZE = 256;
const RADIUS = 56;
const GLYPH = 144; // the 24×24 mark scaled to this many pixels, centred
const DARK_INK = '1B1B1F';

function rgb(hex) {
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
function toHex([r, g, b]) {
  return [r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}
function luminance(hex) {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
/** Mixes a colour toward white (amount > 0) or black (amount < 0). */
function shade(hex, amount) {
  const target = amount > 0 ? 255 : 0;
  return toHex(rgb(hex).map((v) => v + (target - v) * Math.abs(amount)));
}
/** White ink unless the background is light enough that near-black reads clearly better. */
function inkFor(background) {
  return contrast(background, 'FFFFFF') >= 2.4 || contrast(background, DARK_INK) < contrast(background, 'FFFFFF') ? 'FFFFFF' : DARK_INK;
}
function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function tile(id, background, content, title, credit) {
  const top = shade(background, 0.12);
  const bottom = shade(background, -0.12);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(title)}">
<title>${escapeXml(title)}</title>${credit ? `\n<!-- ${escapeXml(credit)} -->` : ''}
<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${top}"/><stop offset="1" stop-color="#${bottom}"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" rx="${RADIUS}" fill="url(#${id}-bg)"/>
<rect x="1" y="1" width="${SIZE - 2}" height="${SIZE - 2}" rx="${RADIUS - 1}" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>
${content}
</svg>
`;
}

function brandIcon(id, app, icon) {
  const background = icon.hex.toUpperCase();
  const ink = inkFor(background);
  const offset = (SIZE - GLYPH) / 2;
  const scale = GLYPH / 24;
  const glyph = `<path transform="translate(${offset} ${offset}) scale(${scale.toFixed(4)})" fill="#${ink}" d="${icon.path}"/>`;
  return tile(id, background, glyph, app.name, `Mark: ${icon.title}, from simple-icons (CC0 icon data; the mark is its owner's trademark)`);
}

function hashHue(name) {
  let hash = 2166136261;
  for (const ch of name) hash = Math.imul(hash ^ ch.codePointAt(0), 16777619) >>> 0;
  return hash % 360;
}
function hslToHex(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return toHex([f(0), f(8), f(4)]);
}
function initials(name) {
  const words = name
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0][0].toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

function monogramIcon(id, app) {
  const background = MONOGRAM_COLOURS[app.name] ?? hslToHex(hashHue(app.name), 0.55, 0.42);
  const ink = inkFor(background);
  const letters = MONOGRAM_TEXT[app.name] ?? initials(app.name);
  const fontSize = letters.length === 1 ? 136 : 112;
  const text = `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="Inter, 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="-2" fill="#${ink}">${escapeXml(letters)}</text>`;
  return tile(id, background, text, app.name, null);
}

const seed = JSON.parse(readFileSync(SEED, 'utf8'));
mkdirSync(OUT, { recursive: true });
const written = new Set();
let brands = 0;
let monograms = 0;
for (const app of seed.apps) {
  const id = app.icon.replace(/\.svg$/, '');
  const exportName = BRAND_ICONS[app.name];
  let svg;
  if (exportName) {
    const icon = simpleIcons[exportName];
    if (!icon) throw new Error(`simple-icons has no export ${exportName} (for ${app.name})`);
    svg = brandIcon(id, app, icon);
    brands += 1;
  } else {
    svg = monogramIcon(id, app);
    monograms += 1;
  }
  writeFileSync(join(OUT, app.icon), svg);
  written.add(app.icon);
}
for (const name of readdirSync(OUT)) {
  if (name.endsWith('.svg') && !written.has(name)) rmSync(join(OUT, name));
}
const unused = Object.keys(BRAND_ICONS).filter((name) => !seed.apps.some((app) => app.name === name));
if (unused.length > 0) console.warn(`BRAND_ICONS names not in seed.json: ${unused.join(', ')}`);
console.log(`Wrote ${written.size} icons to resources/catalogue/icons (${brands} brand marks, ${monograms} monograms).`);
