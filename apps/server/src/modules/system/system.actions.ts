import { z } from 'zod';
import { defineAction } from '../../actions/types.ts';

/** `ping`: a public liveness check through the action endpoint (used by tests and the bench). */
export const systemActions = [
  defineAction({
    name: 'ping',
    methods: ['GET', 'POST'],
    access: 'public',
    payload: z.object({}).passthrough(),
    handler: async () => ({ msg: 'pong', data: { time: new Date().toISOString() } }),
  }),
];
