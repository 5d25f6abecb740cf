import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageFromQuery } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/validation.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { deleteNotification, listNotifications, markSeen } from './notification.service.ts';

const seenSchema = z.object({
  notificationIds: z
    .array(z.coerce.number().int().positive(), { error: 'The notification ids field must be a list.' })
    .max(500, { error: 'The notification ids field must not have more than 500 items.' }),
});

/** The header's notifications panel (spec section 7). Every call needs a signed-in user. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/notification', async (request) => {
    const user = requireUser(request.user);
    return listNotifications(app.db, user.id, pageFromQuery(request.query));
  });

  app.post('/api/v1/notification/seen', async (request) => {
    const user = requireUser(request.user);
    const { notificationIds } = parseInput(seenSchema, request.body);
    return markSeen(app.db, user.id, notificationIds, app.matchEngine.now());
  });

  app.post('/api/v1/notification/mark-as-seen-all-notifications', async (request) => {
    const user = requireUser(request.user);
    return markSeen(app.db, user.id, 'all', app.matchEngine.now());
  });

  app.delete('/api/v1/notification/:id', async (request) => {
    const user = requireUser(request.user);
    return deleteNotification(app.db, user.id, idParam(request.params, 'id', 'Notification'));
  });
}
