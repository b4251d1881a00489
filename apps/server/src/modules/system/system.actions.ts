import { NoPayloadSchema, PingDataSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';

/** `ping`: a public liveness check through the action endpoint (used by tests and the bench). */
export const systemActions = [
  defineAction({
    name: 'ping',
    methods: ['GET', 'POST'],
    access: 'public',
    summary: 'Liveness through the action endpoint; answers the server’s time.',
    payload: NoPayloadSchema,
    data: PingDataSchema,
    handler: async ({ deps }) => ({ msg: 'pong', data: { time: deps.clock.now().toISOString() } }),
  }),
];
