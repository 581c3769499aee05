// Drift at a fleet's size: one device group of 1,000 machines whose lists declare 200 apps, each
// machine with an inventory of about 190 of them (some missing, some out of date, a few extras).
// Printed: how long the server takes to work out and store the whole group's drift after its lists
// change (in the background), and the time of the reads people make of it: the group's drift (the
// whole group's counts and its first page of 50 machines, drifted first), every member's drift a
// page at a time, the groups page's counts, one machine's drift. Budget: the group's drift is read
// in ≤ 200 ms (p95, measured from this process over loopback, so the figure includes sending it).
//
// The server is `npm start`'s bundle with the shipped catalogue (curated apps and Debian's index).
// The account, its lists and group, and its first 20 machines are made through the API (Annual
// Premium, bought in the payment sandbox, enrolled with a registration token); a plan holds 25
// machines, so the other 980 and every inventory are written into the server's SQLite file, the
// rows an enrolment and an agent's report leave there.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

import { BEHIND_PROXY, bounded, enrolPerson, stoppedAtEnd, until } from './fleet.mjs';
import { call, printTable, startLoadout } from './lib.mjs';

const MACHINES = Number(process.env.MACHINES ?? 1000);
const ENROLLED = 20;
const APPS = 200;
const LISTS = APPS / 25;
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const BUDGET_MS = 200;

const figures = await bounded(15 * 60_000, async (defer) => {
  const server = stoppedAtEnd(
    defer,
    await startLoadout({
      ...BEHIND_PROXY,
      CATALOGUE_SEED_FILE: './resources/catalogue/seed.json',
      CATALOGUE_INDEX_DIR: './resources/catalogue/index',
    }),
  );
  if (!(await until(async () => (await call(server.url, '/catalogue/search?limit=1')).total > 14_000, { timeoutMs: 60_000 })))
    throw new Error('the catalogue was not applied within 60 s');
  // Linux apps with an apt package, the first APPS declared and the next ones for extras.
  const linux = [];
  for (let offset = 0; linux.length < APPS + 50; offset += 100) {
    const page = await call(server.url, `/catalogue/search?platform=linux&limit=100&offset=${offset}`);
    linux.push(...page.apps.filter((app) => app.apt_package));
  }
  const declared = linux.slice(0, APPS);
  const extras = linux.slice(APPS, APPS + 50);

  const person = await enrolPerson(server.url, 0, { machines: ENROLLED });
  const group = await person.as('/api/groups', { method: 'POST', body: { name: 'Fleet' } });
  for (const machine of person.machines) await person.as(`/api/groups/${group.id}/members/${machine.deviceId}`, { method: 'PUT' });
  const lists = [];
  for (let l = 0; l < LISTS; l += 1) {
    const list = await person.as('/api/lists', { method: 'POST', body: { name: `Fleet ${l + 1}` } });
    for (const app of declared.slice(l * 25, l * 25 + 25))
      await person.as(`/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id } });
    lists.push(list);
  }
  // Every list but the last now; the last, once the fleet is written, starts the drift of all.
  for (const list of lists.slice(0, -1)) await person.as(`/api/groups/${group.id}/lists/${list.id}`, { method: 'PUT' });

  const db = new Database(server.databasePath);
  defer(() => db.close());
  db.pragma('busy_timeout = 10000');
  const model = db.prepare("SELECT * FROM devices WHERE device_name LIKE 'machine-%' LIMIT 1").get();
  const now = new Date().toISOString();
  const insertDevice = db.prepare(
    `INSERT INTO devices (${Object.keys(model).join(', ')}) VALUES (${Object.keys(model)
      .map((key) => `@${key}`)
      .join(', ')})`,
  );
  const insertMember = db.prepare(
    "INSERT INTO device_group_members (group_id, device_row_id, user_id, source, joined_at) VALUES (?, ?, ?, 'hand', ?)",
  );
  const insertPackage = db.prepare(
    "INSERT INTO device_inventory (device_row_id, manager, package_id, installed_version, available_version) VALUES (?, 'apt', ?, ?, ?)",
  );
  const markChecked = db.prepare('UPDATE devices SET inventory_checked_at = ? WHERE id = ?');
  const enrolledRows = db.prepare("SELECT id FROM devices WHERE device_name LIKE 'machine-%'").all();
  db.transaction(() => {
    const rows = [...enrolledRows.map((row) => row.id)];
    for (let m = rows.length; m < MACHINES; m += 1) {
      const id = randomBytes(16).toString('hex');
      insertDevice.run({
        ...model,
        id,
        device_id: `dev_${randomBytes(6).toString('hex')}`,
        device_name: `fleet-${String(m).padStart(4, '0')}`,
        hardware_fingerprint: randomBytes(16).toString('hex'),
        credential_hash: randomBytes(32).toString('hex'),
        created_at: now,
      });
      insertMember.run(group.id, id, model.user_id, now);
      rows.push(id);
    }
    // Each machine: 95 % of the declared apps (a different 5 % missing), one in ten of those out of date, three extras.
    rows.forEach((id, m) => {
      declared.forEach((app, a) => {
        if ((a + m) % 20 === 0) return;
        insertPackage.run(id, app.apt_package, '1.0-1', (a + m) % 10 === 3 ? '1.1-1' : null);
      });
      for (let e = 0; e < 3; e += 1) insertPackage.run(id, extras[(m + e) % extras.length].apt_package, '2.0', null);
      markChecked.run(now, id);
    });
  })();

  const started = performance.now();
  await person.as(`/api/groups/${group.id}/lists/${lists.at(-1).id}`, { method: 'PUT' });
  const expectedRows = MACHINES * (APPS / 20 + APPS / 10 + 3);
  const counted = () => db.prepare('SELECT count(*) AS n FROM device_drift').get().n;
  if (!(await until(() => counted() >= expectedRows * 0.9, { timeoutMs: 5 * 60_000, everyMs: 50 })))
    throw new Error(`drift not worked out within 5 minutes (${counted()} rows)`);
  // Stored slice by slice: done when the count stops growing.
  let last = -1;
  while (counted() !== last) {
    last = counted();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const recomputeMs = performance.now() - started - 200;

  const time = async (path) => {
    const times = [];
    let body = null;
    for (let round = 0; round < ROUNDS; round += 1) {
      const at = performance.now();
      body = await person.as(path);
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length / 2)], p95: times[Math.min(times.length - 1, Math.floor(0.95 * times.length))], body };
  };
  const groupDrift = await time(`/api/groups/${group.id}/drift`);
  // Every member's drift, a page of 200 after another, as an export would read it.
  const walkStarted = performance.now();
  let read = 0;
  for (let offset = 0; offset < MACHINES; offset += 200)
    read += (await person.as(`/api/groups/${group.id}/drift?offset=${offset}&limit=200`)).machines.length;
  const walkMs = performance.now() - walkStarted;
  const counts = await time('/api/groups');
  const one = await time(`/api/devices/${person.machines[0].deviceId}/drift`);
  if (read !== MACHINES) throw new Error(`the pages held ${read} machines, not ${MACHINES}`);
  return { recomputeMs, rows: last, groupDrift, counts, one, walkMs, machines: groupDrift.body.total, driftCounts: groupDrift.body.counts };
});

printTable([
  { figure: 'machines in the group', value: String(figures.machines) },
  { figure: 'declared apps', value: String(APPS) },
  { figure: 'drift rows stored', value: String(figures.rows) },
  { figure: 'drift counts', value: JSON.stringify(figures.driftCounts) },
  { figure: 'whole group worked out (background)', value: `${(figures.recomputeMs / 1000).toFixed(2)} s` },
  {
    figure: "group's drift (counts, first 50) p50 / p95",
    value: `${figures.groupDrift.p50.toFixed(1)} / ${figures.groupDrift.p95.toFixed(1)} ms`,
  },
  { figure: 'every member, pages of 200', value: `${figures.walkMs.toFixed(0)} ms` },
  { figure: 'groups page p50 / p95', value: `${figures.counts.p50.toFixed(1)} / ${figures.counts.p95.toFixed(1)} ms` },
  { figure: "one machine's drift p50 / p95", value: `${figures.one.p50.toFixed(1)} / ${figures.one.p95.toFixed(1)} ms` },
]);
const met = figures.groupDrift.p95 <= BUDGET_MS;
console.log(
  `drift of ${figures.machines} machines × ${APPS} apps: read p95 ${figures.groupDrift.p95.toFixed(0)} ms (budget ${BUDGET_MS} ms), worked out in ${(figures.recomputeMs / 1000).toFixed(1)} s`,
);
if (!met) process.exitCode = 1;
