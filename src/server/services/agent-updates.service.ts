import {
  AGENT_PROTOCOL_MIN,
  AGENT_PROTOCOL_VERSION,
  type AgentMessage,
  type AgentUpdateState,
  type ServerMessage,
} from '@shared/agent/protocol';
import { isNewerVersion } from '@shared/agent/versions';

import { isoNow, type AppContext } from '../context';
import { setAgentUpdate } from '../db/repositories/agent-updates.repository';
import type { DevicesTable } from '../db/schema';
import type { ClientReleaseService } from './client-releases.service';
import type { InstallationEvents } from './installation-events';

type Hello = Extract<AgentMessage, { type: 'hello' }>;
type UpdateStatus = Extract<AgentMessage, { type: 'update.status' }>;
type UpdateOffer = Extract<ServerMessage, { type: 'update.available' }>;

/** A WebSocket close reason holds at most 123 bytes. */
const CLOSE_REASON_MAX_BYTES = 123;
/** The states of an update under way: the agent's next hello with that version means it went through. */
const UNDER_WAY: readonly string[] = ['downloading', 'installing', 'restarting'];

/**
 * Agents keeping up with the server: which protocols it still speaks, which native agents are
 * offered the newer build it carries, and how their updates went. Only a native agent is
 * offered one (the script and the desktop client are updated by other means), only a newer
 * version, and none while the administrator holds updates.
 */
export class AgentUpdateService {
  constructor(
    private readonly ctx: AppContext,
    private readonly releases: ClientReleaseService,
    private readonly events: InstallationEvents,
  ) {}

  get held(): boolean {
    return this.ctx.config.agentUpdates === 'hold';
  }

  /** Why this agent's protocol is refused, in a close reason naming the agent to install; null when it is spoken. */
  async protocolRefusal(hello: Hello): Promise<string | null> {
    if (hello.protocol >= AGENT_PROTOCOL_MIN && hello.protocol <= AGENT_PROTOCOL_VERSION) return null;
    const version = (await this.releases.releases()).version;
    const reason =
      hello.protocol < AGENT_PROTOCOL_MIN
        ? `Agent ${hello.agentVersion} (protocol ${hello.protocol}) is too old for this server: install agent ${version} from it`
        : `Agent ${hello.agentVersion} (protocol ${hello.protocol}) is newer than this server: install its agent ${version}`;
    return truncateBytes(reason, CLOSE_REASON_MAX_BYTES);
  }

  /**
   * After the welcome: the update this agent should take, or null. Also keeps the device's
   * update state true: cleared once the agent runs the version it was updating to, `held`
   * while a newer build waits behind the administrator's hold.
   */
  async offerFor(device: DevicesTable, hello: Hello): Promise<UpdateOffer | null> {
    const build = hello.build === 'native' ? await this.nativeBuild(hello.platform, hello.arch) : null;
    const newer = build && isNewerVersion(build.version, hello.agentVersion) ? build : null;
    const state = device.agent_update_state;
    const updated = state !== null && UNDER_WAY.includes(state) && device.agent_update_version === hello.agentVersion;
    if (newer && this.held) {
      if (state !== 'held' || device.agent_update_version !== newer.version) {
        await this.record(device, { state: 'held', version: newer.version, message: null });
      }
      return null;
    }
    if (updated || (state === 'held' && !newer) || (state === 'held' && !this.held)) await this.record(device, null);
    if (!newer) return null;
    return {
      type: 'update.available',
      version: newer.version,
      url: newer.url,
      sha256: newer.sha256,
      size: newer.size,
      signature: newer.signature,
    };
  }

  /** The agent's update.status, kept for the device's page. */
  async status(device: DevicesTable, message: UpdateStatus): Promise<void> {
    await this.record(device, { state: message.state, version: message.version, message: message.message });
  }

  private async nativeBuild(platform: string, arch: string) {
    const releases = await this.releases.releases();
    const build = releases.builds.find((b) => b.platform === platform && b.arch === arch && b.format === 'exe');
    return build ? { ...build, version: releases.version } : null;
  }

  private async record(
    device: DevicesTable,
    update: { state: AgentUpdateState | 'held'; version: string; message: string | null } | null,
  ): Promise<void> {
    await setAgentUpdate(this.ctx.db, device.id, update && { ...update, at: isoNow(this.ctx.clock) });
    await this.events.devicesChanged(device.user_id, device.device_id);
  }
}

function truncateBytes(text: string, max: number): string {
  let result = text;
  while (Buffer.byteLength(result) > max) result = result.slice(0, -1);
  return result;
}
