// Renders the SVG sources in build/ to the PNG icons the app and its installers use.
// Run: node build/make-icons.mjs  (needs Chromium; CHROME_PATH overrides /usr/bin/chromium)
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const here = (path) => new URL(path, import.meta.url);

const targets = [
  // electron-builder derives .icns (macOS), .ico (Windows) and the Linux sizes from this one.
  { source: 'icon.svg', output: 'icon.png', size: 1024 },
  { source: 'icon.svg', output: '../resources/icon.png', size: 512 },
  { source: 'icon.svg', output: '../resources/tray.png', size: 32 },
  { source: 'icon.svg', output: '../resources/tray@2x.png', size: 64 },
  { source: 'tray-template.svg', output: '../resources/trayTemplate.png', size: 16 },
  { source: 'tray-template.svg', output: '../resources/trayTemplate@2x.png', size: 32 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { source, output, size } of targets) {
    const svg = (await readFile(here(source))).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0"><img style="display:block" width="${size}" height="${size}" src="data:image/svg+xml;base64,${svg}"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await writeFile(here(output), await page.screenshot({ omitBackground: true }));
    console.log(`${output} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
