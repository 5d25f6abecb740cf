// Liveness for load balancers and the test harness.
import { z } from 'zod';

/** `GET /api/v1/health`: answers once the database answers. */
export const healthAnswer = z.object({ status: z.literal('ok') });
