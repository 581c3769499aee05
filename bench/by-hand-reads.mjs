// The yardstick of read-ratio: GET /api/devices and GET /api/lists/{id}/items written by hand,
// doing the same work as our server and nothing else. Fastify without plugins, better-sqlite3
// prepared statements on the SAME database file (read-only), jose checking the same access
// token with the same secret, the same caches (checked tokens by their text; a session's facts
// for 5 s by session id), the same queries, the same JSON body and the API's headers.
// Run as its own process by read-ratio and profile-read: PORT, DB_PATH, JWT_SECRET; sends 'ready' over IPC.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { errors, jwtVerify } from 'jose';

const SESSION_FACTS_TTL_MS = 5_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;
const AGENT_ONLINE_WINDOW_MS = 90_000;
const DUPLICATE_AGENT_SHOWN_MS = 7 * DAY_MS;
const REMOVABLE_AT_ONCE_MINUTES = 60;
const REMOVED_AT_ONCE = 'removed within its first hour';
// Only what these two reads use of each plan: its seats and its cooldown.
const PLANS = {
  free: { devices: 3, cooldownHours: 72 },
  premium: { devices: 10, cooldownHours: 24 },
  'annual-premium': { devices: 25, cooldownHours: 24 },
};
const DEVICE_PLATFORMS = ['windows', 'macos', 'linux', 'android', 'ios', 'unknown'];
const DEVICE_TYPES = ['primary', 'remote', 'mobile'];
const REGISTRATION_METHODS = ['account', 'token'];
const CAPABILITIES = ['web_access', 'receive_installations', 'admin'];
const AGENT_UPDATE_STATES = ['downloading', 'installing', 'restarting', 'failed', 'rolled-back', 'held'];
const PACKAGE_PLATFORMS = [
  ['winget_id', 'windows'],
  ['homebrew_cask', 'macos'],
  ['homebrew_formula', 'macos'],
  ['apt_package', 'linux'],
  ['flatpak_id', 'linux'],
  ['snap_name', 'linux'],
];
const HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const db = new Database(process.env.DB_PATH, { readonly: true, fileMustExist: true });
const sessionFacts = db.prepare(
  `select s.id as session_id, s.revoked_at, s.revoked_reason, s.device_id as session_device_id, u.id as user_id, u.email,
   u.first_name, u.last_name, u.is_email_verified, u.is_admin, sub.plan
   from sessions s join users u on u.id = s.user_id left join subscriptions sub on sub.user_id = s.user_id where s.id = ?`,
);
const activeDevices = db.prepare('select * from devices where user_id = ? and is_active = 1 order by created_at, device_id');
const lastRemoteDeactivation = db.prepare(
  `select created_at from device_events where user_id = ? and type = 'deactivated' and actor_device_id is not null
   and actor_device_id != device_id and (detail is null or detail != ?) order by created_at desc limit 1`,
);
const ownedList = db.prepare('select id from lists where id = ? and user_id = ?');
const listItems = db.prepare(
  `select a.*, c.name as category_name, i.sha256 as icon_sha256, li.list_id, li.position, li.added_at, li.pinned_version
   from list_items li join apps a on a.id = li.app_id left join categories c on c.id = a.category_id
   left join app_icons i on i.app_id = a.id
   where li.list_id = ? order by li.position, li.app_id`,
);

const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(process.env.JWT_SECRET),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
const verified = new Map();
const facts = new Map();

class Refused extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function caller(request) {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new Refused(401, 'AUTHENTICATION_REQUIRED', 'Authentication required');
  let claims = verified.get(token);
  if (!claims) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: 'loadout',
        audience: 'loadout-api',
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      claims = { sub: payload.sub, sid: payload.sid, expiresAtMs: payload.exp * 1000 };
      verified.set(token, claims);
    } catch (error) {
      throw new Refused(401, error instanceof errors.JWTExpired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID', 'Your session is not valid.');
    }
  }
  if (claims.expiresAtMs <= Math.floor(Date.now() / 1000) * 1000) throw new Refused(401, 'TOKEN_EXPIRED', 'Your session has expired.');
  const now = performance.now();
  let entry = facts.get(claims.sid);
  if (!entry || now - entry.at >= SESSION_FACTS_TTL_MS) {
    entry = { row: sessionFacts.get(claims.sid), at: now };
    facts.set(claims.sid, entry);
  }
  const { row } = entry;
  if (!row || row.user_id !== claims.sub || row.revoked_at) throw new Refused(401, 'TOKEN_INVALID', 'Your session is not valid.');
  return { userId: row.user_id, deviceId: row.session_device_id, plan: PLANS[row.plan] ?? PLANS.free };
}

const oneOf = (values, value, fallback) => (values.includes(value) ? value : fallback);
const ms = (iso) => new Date(iso).getTime();
const remaining = (untilMs, now) => Math.max(0, untilMs - now);

function capabilities(text) {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((value) => CAPABILITIES.includes(value)) : [];
  } catch {
    return [];
  }
}

function connectionStatus(row, minutes, now) {
  const status =
    minutes === null ? 'offline' : minutes < 5 ? 'online' : minutes < 60 ? 'recently_active' : minutes < 1440 ? 'inactive' : 'offline';
  if (row.registration_method !== 'token') return status;
  if (row.agent_seen_at !== null && now - ms(row.agent_seen_at) < AGENT_ONLINE_WINDOW_MS) return 'online';
  return status === 'online' ? 'recently_active' : status;
}

function device(row, plan, now, currentDeviceId) {
  const minutes = row.last_active_at === null ? null : Math.max(0, Math.floor((now - ms(row.last_active_at)) / MINUTE_MS));
  const createdMs = ms(row.created_at);
  const protectedUntil = createdMs + plan.cooldownHours * HOUR_MS;
  const removableLeft = remaining(createdMs + REMOVABLE_AT_ONCE_MINUTES * MINUTE_MS, now);
  // In its first hour a device is removable at once: its protection has not started.
  const protectionLeft = removableLeft > 0 ? 0 : remaining(protectedUntil, now);
  const update = AGENT_UPDATE_STATES.includes(row.agent_update_state) && row.agent_update_version && row.agent_update_at;
  return {
    device_id: row.device_id,
    deviceId: row.device_id,
    device_name: row.device_name,
    deviceName: row.device_name,
    platform: oneOf(DEVICE_PLATFORMS, row.platform, 'unknown'),
    device_type: oneOf(DEVICE_TYPES, row.device_type, 'primary'),
    registration_method: oneOf(REGISTRATION_METHODS, row.registration_method, 'account'),
    capabilities: capabilities(row.capabilities),
    is_active: row.is_active === 1,
    is_current: currentDeviceId !== null && row.device_id === currentDeviceId,
    is_admin: row.is_admin === 1,
    last_active: row.last_active_at,
    lastActive: row.last_active_at,
    created_at: row.created_at,
    connection_status: connectionStatus(row, minutes, now),
    minutes_since_active: minutes,
    location: row.location,
    protected_until: new Date(protectedUntil).toISOString(),
    isInCooldown: protectionLeft > 0,
    cooldown_remaining_minutes: Math.ceil(protectionLeft / MINUTE_MS),
    removable_minutes_left: Math.ceil(removableLeft / MINUTE_MS),
    arch: row.arch,
    agent_version: row.agent_version,
    duplicate_agent:
      row.duplicate_agent_at && now - ms(row.duplicate_agent_at) <= DUPLICATE_AGENT_SHOWN_MS
        ? { at: row.duplicate_agent_at, from: row.duplicate_agent_from }
        : null,
    agent_update: update
      ? { state: row.agent_update_state, version: row.agent_update_version, message: row.agent_update_message, at: row.agent_update_at }
      : null,
  };
}

function listItem(row, position) {
  const sizeKb = row.file_size_kb === null ? null : Number(row.file_size_kb);
  return {
    app_id: row.id,
    name: row.name,
    description: row.description,
    category: row.category_id ?? 0,
    category_name: row.category_name ?? '',
    website: row.website,
    file_size_kb: sizeKb,
    icon_file_location: row.icon_sha256 ? `/catalogue/icons/${row.id}.webp?v=${row.icon_sha256.slice(0, 16)}` : null,
    winget_id: row.winget_id,
    homebrew_cask: row.homebrew_cask,
    homebrew_formula: row.homebrew_formula,
    apt_package: row.apt_package,
    flatpak_id: row.flatpak_id,
    snap_name: row.snap_name,
    platforms: ['windows', 'macos', 'linux'].filter((platform) => PACKAGE_PLATFORMS.some(([field, on]) => on === platform && row[field])),
    position,
    size_kb: sizeKb,
    addedAt: row.added_at,
    own_app: row.owner_user_id !== null,
    pinnedVersion: row.pinned_version,
  };
}

const app = Fastify({ logger: false });
app.setErrorHandler((error, _request, reply) => {
  const status = error instanceof Refused ? error.status : 500;
  void reply
    .status(status)
    .headers(HEADERS)
    .send({ code: error.code ?? 'INTERNAL_ERROR', message: error.message });
});

app.get('/api/devices', async (request, reply) => {
  const { userId, deviceId, plan } = await caller(request);
  const now = Date.now();
  const rows = activeDevices.all(userId);
  const last = lastRemoteDeactivation.get(userId, REMOVED_AT_ONCE)?.created_at;
  const cooldownUntil = last ? ms(last) + plan.cooldownHours * HOUR_MS : 0;
  const body = {
    devices: rows.map((row) => device(row, plan, now, deviceId)),
    seatLimit: plan.devices,
    seatsUsed: rows.filter((row) => row.device_type !== 'mobile').length,
    activeToday: rows.filter((row) => row.last_active_at !== null && now - ms(row.last_active_at) < DAY_MS).length,
    deactivationAvailableAt: cooldownUntil > now ? new Date(cooldownUntil).toISOString() : null,
  };
  return reply.headers(HEADERS).type('application/json; charset=utf-8').send(JSON.stringify(body));
});

app.get('/api/lists/:id/items', async (request, reply) => {
  const { userId } = await caller(request);
  const listId = request.params.id;
  if (listId.length > 64 || !ownedList.get(listId, userId)) throw new Refused(404, 'LIST_NOT_FOUND', 'List not found');
  const body = { items: listItems.all(listId).map(listItem) };
  return reply.headers(HEADERS).type('application/json; charset=utf-8').send(JSON.stringify(body));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// A normal exit on SIGINT, so that a --cpu-prof run (profile-read --by-hand) writes its profile.
process.on('SIGINT', () => process.exit(0));
process.send?.('ready');
