import { createHash } from 'node:crypto';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Runs in the sandboxed setup page; talks to main only through window.loadoutSetup (preload/setup.ts). */
const SCRIPT = `
const form = document.getElementById('form');
const input = document.getElementById('server');
const error = document.getElementById('error');
const button = document.getElementById('connect');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  button.textContent = 'Connecting...';
  error.textContent = '';
  const answer = await window.loadoutSetup.connect(input.value);
  if (!answer.ok) {
    error.textContent = answer.message;
    button.disabled = false;
    button.textContent = 'Connect';
    input.focus();
  }
});
`;

/**
 * The first-start page asking which Loadout server this client belongs to, as a data: URL.
 * No remote content and one inline script allowed by its hash: the CSP forbids anything else.
 */
export function serverSetupPage(current: string | null): string {
  const hash = createHash('sha256').update(SCRIPT).digest('base64');
  const csp = `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'`;
  const value = current ? ` value="${escapeHtml(current)}"` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>Connect to Loadout</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 2rem; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
p { margin: 0 0 1.25rem; opacity: .8; }
label { display: block; font-weight: 600; margin-bottom: .35rem; }
input { width: 100%; box-sizing: border-box; padding: .55rem .7rem; font: inherit; border-radius: 6px; border: 1px solid #8888; }
button { margin-top: 1rem; padding: .55rem 1.2rem; font: inherit; font-weight: 600; border-radius: 6px; border: 0; background: #228be6; color: #fff; }
button:disabled { opacity: .6; }
#error { color: #e03131; min-height: 1.3em; margin-top: .6rem; }
</style></head><body>
<h1>Connect to Loadout</h1>
<p>Enter the address of the Loadout server you use in your browser.</p>
<form id="form" novalidate>
<label for="server">Server address</label>
<input id="server" name="server" type="url" required autofocus placeholder="https://loadout.example.com"${value}>
<div id="error" role="alert"></div>
<button id="connect" type="submit">Connect</button>
</form>
<script>${SCRIPT}</script>
</body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
