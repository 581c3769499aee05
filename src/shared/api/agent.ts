import { z } from 'zod';

/**
 * POST /api/agent/unenroll (Authorization: Bearer <device credential>, no body): the agent's own
 * `unenroll`. The server deactivates the machine and retires the credential before the agent
 * forgets it, so a copy left behind stops working.
 */
export const agentUnenrollResponseSchema = z.object({
  success: z.literal(true),
  /** The deactivated machine's device id. */
  deviceId: z.string(),
});
export type AgentUnenrollResponse = z.infer<typeof agentUnenrollResponseSchema>;
