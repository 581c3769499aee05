import type { FastifyRequest } from 'fastify';
import { deviceIdSchema } from '@shared/api/devices';
import { requireAuth } from '../plugins/auth';
import type { DeviceCaller } from '../services/device.service';

/** The signed-in user and the device the call comes from (X-Device-ID; null when absent or malformed). */
export function deviceCaller(request: FastifyRequest): DeviceCaller {
  const auth = requireAuth(request);
  const header = request.headers['x-device-id'];
  const parsed = deviceIdSchema.safeParse(typeof header === 'string' ? header : undefined);
  return { userId: auth.userId, sessionId: auth.sessionId, deviceId: parsed.success ? parsed.data : null };
}
